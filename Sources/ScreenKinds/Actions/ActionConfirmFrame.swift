import ScreenText

/// An action's confirmation (`"confirm": true`), drawn over the screen until the next key: what
/// it will do, exactly (for a command, each argument on its own line), and that `y` does it.
/// Where the terminal is too short to show all of it, the last line says how much is hidden and
/// `y` does nothing (`hiddenLines`): what is confirmed is only what was seen.
package enum ActionConfirmFrame {
  package static func frame(_ request: ActionRequest, options: RenderOptions) -> Frame {
    var body = lines(request, width: options.width)
    var closing = "y does it; any other key cancels."
    if let height = options.height {
      let hidden = hiddenLines(request, width: options.width, height: height)
      if hidden > 0 {
        body = Array(body.prefix(budget(height: height) - 1))
        let more = "… \(hidden) more lines (make the terminal taller)"
        body.append(Frame.Line(options.glyphs.truncate(more, toColumns: options.width), role: .error))
        closing = options.glyphs.truncate(
          "y waits until every line shows; any other key cancels.", toColumns: options.width)
      }
    }
    return KeyHelpFrame.overlay(
      title: TerminalSafe.sanitize(request.title), body: body, closing: closing, options: options)
  }

  /// How many lines of the confirmation a frame `width` by `height` cannot show: 0 when it shows
  /// them all. The line that says so takes the place of one more.
  package static func hiddenLines(_ request: ActionRequest, width: Int, height: Int) -> Int {
    let count = lines(request, width: width).count
    let budget = budget(height: height)
    return count > budget ? count - (budget - 1) : 0
  }

  /// The body's lines in a frame of `height`: less the title, the closing line and their rules.
  private static func budget(height: Int) -> Int { max(1, height - 4) }

  /// The body: what the action does, wrapped to `width`; a command's arguments numbered from 1,
  /// the program first.
  private static func lines(_ request: ActionRequest, width: Int) -> [Frame.Line] {
    var body: [Frame.Line] = []
    func add(_ text: String) {
      for line in TextWidth.wrap(TerminalSafe.sanitize(text), toColumns: width) { body.append(Frame.Line(line)) }
    }
    switch request.what {
    case .open(let url):
      add("Open this URL in the browser?")
      add(ActionRequest.capped(ActionRequest.quoted(url)))
    case .copy(let text):
      add("Copy these \(text.count) characters to the clipboard?")
      add(ActionRequest.capped(ActionRequest.quoted(text)))
    case .run(let arguments, _):
      add("Run this command, with no shell? Its arguments, one a line:")
      for (index, argument) in arguments.enumerated() {
        add("[\(index + 1)] \(ActionRequest.capped(ActionRequest.quoted(argument)))")
      }
    }
    return body
  }
}
