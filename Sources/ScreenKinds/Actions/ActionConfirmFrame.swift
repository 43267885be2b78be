import ScreenText

/// An action's confirmation (`"confirm": true`), drawn over the screen until the next key: what
/// it will do, exactly (for a command, each argument on its own line), and that `y` does it.
package enum ActionConfirmFrame {
  package static func frame(_ request: ActionRequest, options: RenderOptions) -> Frame {
    let width = options.width
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
    case .run(let arguments):
      add("Run this command, with no shell? Its arguments, one a line:")
      for (index, argument) in arguments.enumerated() {
        add("[\(index)] \(ActionRequest.capped(ActionRequest.quoted(argument)))")
      }
    }
    return KeyHelpFrame.overlay(
      title: TerminalSafe.sanitize(request.title), body: body, closing: "y does it; any other key cancels.",
      options: options)
  }
}
