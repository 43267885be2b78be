import ScreenText

/// What the renderer draws: a screen's spec, its parameters, and its view model's state.
package struct ScreenState: Sendable {
  package var spec: ScreenSpec
  package var parameters: [String: String]
  package var content: ScreenContent
  /// The highlighted row of a list; nil for the one its state holds.
  package var selection: Int?
  /// Problems to show above the content, such as a screen file that failed to reload.
  package var problems: [String] = []
  /// The data source's status line, drawn under the frame when set (`SourceStatus.line()`).
  package var status: String?
  /// Whether the frame is wide enough for the preview pane the screen declares (the app sets it,
  /// shown or hidden): only then does the footer name the key that toggles it.
  package var previewFits = false
  /// The key line's width, where it is not the frame's: beside a preview pane, the list's key
  /// line runs across the whole terminal (the app sets it).
  package var keyLineWidth: Int?
  /// Whether a screen lies before this one, which Esc goes back to (the app sets it): on the
  /// first screen the footer and the help offer no `Esc back`.
  package var canGoBack = false
  /// The tab bar over the screen, when it is a tab of a tabs screen (the app sets it).
  package var tabBar: TabBar?

  package init(spec: ScreenSpec, parameters: [String: String], content: ScreenContent, selection: Int? = nil) {
    self.spec = spec
    self.parameters = parameters
    self.content = content
    self.selection = selection
  }
}

/// A view model's state with the kind's way of drawing it: made by the kind (`.list(state)`,
/// `.detail(state)`), drawn by `TextRenderer`, which never learns the kind.
package struct ScreenContent: Sendable {
  /// The kind's state.
  package let state: any Sendable
  /// Draws the screen: it gets the screen (whose `content` is this) and the layout.
  package let frame: @Sendable (ScreenState, RenderOptions) -> Frame

  package init(state: any Sendable, frame: @escaping @Sendable (ScreenState, RenderOptions) -> Frame) {
    self.state = state
    self.frame = frame
  }

  /// Content drawn as plain lines, one body span each, their URLs links.
  package init(state: any Sendable, lines: @escaping @Sendable (ScreenState, RenderOptions) -> [String]) {
    self.state = state
    self.frame = { screen, options in Frame(lines: lines(screen, options).map { Frame.Line(linking: $0) }) }
  }
}

/// How a frame is laid out.
package struct RenderOptions: Sendable, Equatable {
  /// Columns per line (at least 20).
  package var width: Int
  /// Lines in all; nil prints every row (one-shot and scripted output).
  package var height: Int?
  /// The first line of a detail screen's body shown, when it is taller than the frame; 0 for
  /// where the screen's state stands.
  package var scroll: Int
  /// Which frame of the loading spinner to show.
  package var spinnerPhase: Int
  /// Whether a line that is a lone URL (`FrameLine.isLoneURL`) keeps its whole length rather than
  /// being cut to the width. By default plain frames (no height) keep it; a terminal layer that
  /// cuts such lines itself, as hyperlinks, sets it for its frames too.
  package var keepsWholeURLs: Bool
  /// The glyphs the frame draws of its own (`Glyphs.unicode` unless `--ascii`).
  package var glyphs: Glyphs

  /// The smallest frame the renderer lays out; a smaller width or height is raised to these.
  package static let minimumWidth = 20
  package static let minimumHeight = 8

  package init(
    width: Int = 80, height: Int? = nil, scroll: Int = 0, spinnerPhase: Int = 0, keepsWholeURLs: Bool? = nil,
    glyphs: Glyphs = .unicode
  ) {
    self.width = max(Self.minimumWidth, width)
    self.height = height.map { max(Self.minimumHeight, $0) }
    self.scroll = max(0, scroll)
    self.spinnerPhase = spinnerPhase
    self.keepsWholeURLs = keepsWholeURLs ?? (height == nil)
    self.glyphs = glyphs
  }
}
