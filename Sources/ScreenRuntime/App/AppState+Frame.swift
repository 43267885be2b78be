import ScreenKinds
import ScreenKit
import ScreenTerminal
import ScreenText

extension AppState {
  /// The current screen's `?` help: the keys that work on it now, in the terminal's viewport.
  package var keyHelp: [KeyHelpLine]? {
    current?.keyHelp(in: screenViewport, canGoBack: stack.count > 1)
  }

  /// What the `?` help lists: the last flash message whole, first, where there was one (the frame
  /// shows one on a few lines at most), then the keys (`keyHelp`).
  package var helpLines: [KeyHelpLine]? {
    guard let keys = keyHelp else { return nil }
    guard let lastFlash else { return keys }
    return [KeyHelpLine(keys: Self.lastMessageLabel, does: TerminalSafe.sanitize(lastFlash))] + keys
  }

  /// What the help's line of the last flash message is called, where the others name keys.
  package static let lastMessageLabel = "Last message"

  /// What to draw: the current screen, with the key help over it, the problems of a failed
  /// reload above it and, where the app shows it, its data source's status line (`status` gives
  /// a plugin's).
  package func screenState(status: (String) -> SourceStatus? = { _ in nil }) -> ScreenState? {
    guard let current else { return nil }
    var state = current.screenState
    state.canGoBack = stack.count > 1
    if case .help(let top) = overlay {
      let kind = current.model.kind
      let help = helpLines ?? []
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
    if showsStatus {
      let plugin = current.spec.source.plugin
      var source = status(plugin)
      // A screen that refreshes says when its data last changed ("updated 14:02"), not whether
      // the last answer was a 304: an unchanged answer leaves the line, and the frame, as it was.
      if current.refresh != nil { source?.cached = nil }
      // After the data mode ("live"), where a cut line keeps it.
      var parts = source?.line(plugin: plugin).components(separatedBy: " · ") ?? []
      if let refresh = current.refreshStatus { parts.insert(refresh, at: min(1, parts.count)) }
      state.status = parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
    return state
  }

  /// The frame to draw in a terminal of the app's size: the screen's frame with the flash
  /// message on its last lines, or, in a terminal too small for a frame, a line saying so.
  package func frame(glyphs: Glyphs = .unicode, status: (String) -> SourceStatus? = { _ in nil }) -> AppFrame? {
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
    if let flash { Self.lay(flash, over: &frame, size: size, glyphs: glyphs) }
    return AppFrame(frame: frame, isScreen: true)
  }

  /// The most rows of the frame a flash message takes, from its bottom: a third of them, and at
  /// least the last (the footer's).
  static func flashRows(_ rows: Int) -> Int { max(1, rows / 3) }

  /// Draws `flash` over the frame's last lines, wrapped to its width on as many as it needs, up to
  /// `flashRows`: a message that says why something failed ends with what to do, which a line cut
  /// to the width would lose. Longer than that (a terminal a few rows tall), the last line ends in
  /// an ellipsis, and the `?` help shows the message whole (`helpLines`).
  static func lay(_ flash: String, over frame: inout Frame, size: Viewport, glyphs: Glyphs) {
    guard !frame.lines.isEmpty else { return }
    let width = max(1, size.columns)
    var lines = TextWidth.wrap(TerminalSafe.sanitize(flash), toColumns: width)
    let room = min(frame.lines.count, flashRows(size.rows))
    if lines.count > room {
      let kept = lines[room - 1] + " " + lines[room...].joined(separator: " ")
      lines = Array(lines.prefix(room - 1)) + [glyphs.truncate(kept, toColumns: width)]
    }
    guard !lines.isEmpty else { return }
    let first = frame.lines.count - lines.count
    frame.lines.replaceSubrange(first..., with: lines.map { Frame.Line($0, role: .status) })
    // The selection and the cursor keep only what shows above the message.
    if let row = frame.selectedRow {
      if row >= first {
        frame.selectedRow = nil
      } else if row + frame.selectedRows > first {
        frame.selectedRows = first - row
        frame.selectedSpans = frame.selectedSpans.map { Array($0.prefix(first - row)) }
      }
    }
    if let cursor = frame.cursor, cursor.row >= first { frame.cursor = nil }
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
