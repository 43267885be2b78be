import ScreenKinds
import ScreenKit
import ScreenText

extension AppState {
  /// The current screen's `?` help: the keys that work on it now, in the terminal's viewport.
  package var keyHelp: [KeyHelpLine]? {
    current?.keyHelp(in: screenViewport, canGoBack: stack.count > 1)
  }

  /// What to draw: the current screen, with the key help over it, the problems of a failed
  /// reload above it and, where the app shows it, its data source's status line (`status` gives
  /// a plugin's).
  package func screenState(status: (String) -> String? = { _ in nil }) -> ScreenState? {
    guard let current else { return nil }
    var state = current.screenState
    state.canGoBack = stack.count > 1
    if case .help(let top) = overlay {
      let kind = current.model.kind
      let help = keyHelp ?? []
      state.content = ScreenContent(state: help) { _, options in
        KeyHelpFrame.frame(kind: kind, help: help, options: options, top: top)
      }
    } else {
      state = besidePreview(state)
    }
    if case .confirm(let request) = overlay {
      let height = confirmHeight
      state.content = ScreenContent(state: request) { _, options in
        var options = options
        options.height = options.height.map { min($0, height) }
        return ActionConfirmFrame.frame(request, options: options)
      }
    }
    state.problems = reloadError?.diagnostics.map(\.description) ?? []
    if showsStatus { state.status = status(current.spec.source.plugin) }
    return state
  }

  /// The frame to draw in a terminal of the app's size: the screen's frame with the flash
  /// message on its last line, or, in a terminal too small for a frame, a line saying so.
  package func frame(glyphs: Glyphs = .unicode, status: (String) -> String? = { _ in nil }) -> AppFrame? {
    guard current != nil else { return nil }
    guard size.columns >= RenderOptions.minimumWidth, size.rows >= RenderOptions.minimumHeight else {
      // Too small for a frame: say so in what room there is, rather than draw a frame that wraps.
      let message =
        "Too small: screenrun needs \(RenderOptions.minimumWidth)x\(RenderOptions.minimumHeight). Ctrl-C quits."
      let lines = TextWidth.wrap(message, toColumns: size.columns).prefix(size.rows)
      return AppFrame(frame: Frame(plain: Array(lines)), isScreen: false)
    }
    // Lone URLs come whole, and the terminal writer cuts them to the width as hyperlinks.
    let options = RenderOptions(
      width: size.columns, height: size.rows, spinnerPhase: spinnerPhase, keepsWholeURLs: true, glyphs: glyphs)
    guard let state = screenState(status: status) else { return nil }
    var frame = TextRenderer.frame(state, options: options)
    if let flash, !frame.lines.isEmpty {
      frame.lines[frame.lines.count - 1] = Frame.Line(TerminalSafe.sanitize(flash), role: .status)
      if frame.isSelected(frame.lines.count - 1) { frame.selectedRows = frame.lines.count - 1 - frame.selectedRow! }
      if frame.selectedRows < 1 { frame.selectedRow = nil }
    }
    return AppFrame(frame: frame, isScreen: true)
  }
}

/// The frame the app draws, for the terminal writer.
package struct AppFrame: Sendable, Equatable {
  package var frame: Frame
  /// False for the line that says the terminal is too small, which is written as plain text.
  package var isScreen: Bool

  package init(frame: Frame, isScreen: Bool) {
    self.frame = frame
    self.isScreen = isScreen
  }

  /// The frame's lines as plain text.
  package var lines: [String] { frame.lines.map(\.text) }
}
