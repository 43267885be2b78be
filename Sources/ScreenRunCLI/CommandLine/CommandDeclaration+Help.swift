import ScreenKit

extension CommandDeclaration {
  /// The usage lines, one for each form: a screen's run with its options, each option with a form
  /// of its own, each available subcommand, then the options about the program.
  var usage: String {
    let runOptions = options.filter { if case .run = $0.form { true } else { false } }
    func optional(_ option: Option) -> String { "[\(option.synopsis)]\(option.repeatable ? "..." : "")" }
    /// The run options a form takes, as the usage writes them.
    func taken(_ names: [String]) -> [String] { runOptions.filter { names.contains($0.name) }.map(optional) }
    var forms = ["\(name) SCREEN.json " + runOptions.map(optional).joined(separator: " ")]
    for option in options {
      if case .own = option.form {
        forms.append(([name, option.synopsis] + taken(option.takes)).filter { !$0.isEmpty }.joined(separator: " "))
      }
    }
    for subcommand in subcommands where subcommand.available {
      let own = options(of: subcommand.name).map(optional) + taken(subcommand.takes)
      forms.append(
        ([name, subcommand.name] + own + [subcommand.operands]).filter { !$0.isEmpty }.joined(separator: " "))
    }
    let about = options.filter { if case .about = $0.form { true } else { false } }
    if !about.isEmpty { forms.append("\(name) " + about.map(\.name).joined(separator: " | ")) }
    let indent = String(repeating: " ", count: "usage: ".count)
    return forms.enumerated().map { ($0 == 0 ? "usage: " : indent) + $1 }.joined(separator: "\n")
  }

  /// The whole of `--help`: the usage, the summary, the subcommands and options with their help,
  /// and the variables the plugins found declare (`pluginEnvironment`).
  func help(pluginEnvironment: [Topic] = []) -> String {
    var text = usage + "\n\n" + summary + "\n"
    let subcommandRows = subcommands.filter(\.available).map { ("\($0.name) \($0.operands)", $0.help) }
    if !subcommandRows.isEmpty { text += "\nsubcommands:\n" + Self.table(subcommandRows) }
    func rows(_ options: [Option]) -> [(name: String, help: String)] {
      options.map { ($0.synopsis + $0.aliases.map { ", \($0)" }.joined(), $0.help) }
    }
    text += "\noptions:\n" + Self.table(rows(options.filter { if case .subcommand = $0.form { false } else { true } }))
    for subcommand in subcommands where subcommand.available {
      let own = options(of: subcommand.name)
      if !own.isEmpty { text += "\n\(subcommand.name) options:\n" + Self.table(rows(own)) }
    }
    if !pluginEnvironment.isEmpty {
      text += "\nthe plugins' environment variables:\n" + Self.table(pluginEnvironment.map { ($0.name, $0.help) })
    }
    return text + "\n" + epilogue + "\n"
  }

  /// Rows of a name and its help: names in a column of their own, help wrapped beside them.
  private static func table(_ rows: [(name: String, help: String)]) -> String {
    // As wide as the widest name and two spaces, so that every help starts in one column.
    let nameColumns = (rows.map(\.name.count).max() ?? 0) + 2
    let helpColumns = 70
    var lines: [String] = []
    for row in rows {
      let wrapped = TextWidth.wrap(row.help, toColumns: helpColumns)
      let head = "  " + row.name + String(repeating: " ", count: max(1, nameColumns - row.name.count))
      let indent = String(repeating: " ", count: head.count)
      for (index, line) in wrapped.enumerated() { lines.append((index == 0 ? head : indent) + line) }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
