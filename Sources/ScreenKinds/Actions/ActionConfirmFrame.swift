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
      add(ActionRequest.quoted(url))
    case .copy(let text):
      add("Copy these \(text.count) characters to the clipboard?")
      add(ActionRequest.quoted(text))
    case .run(let arguments):
      add("Run this command, with no shell? Its arguments, one a line:")
      for (index, argument) in arguments.enumerated() { add("\(index)  \(ActionRequest.quoted(argument))") }
    }
    let rule = Frame.Line(options.glyphs.rule(width), role: .dim)
    let header = [Frame.Line(TerminalSafe.sanitize(request.title), role: .title), rule]
    let footer = [rule, Frame.Line("y does it; any other key cancels.", role: .dim)]
    if let height = options.height {
      let budget = max(1, height - header.count - footer.count)
      body = Array(body.prefix(budget))
      body += Array(repeating: Frame.Line(""), count: budget - body.count)
    }
    return Frame(lines: header + body + footer)
  }
}
