import ScreenFormat
import ScreenKinds
import ScreenRuntime

/// The options for pipes and scripts: `--query`, `--output` and `--pages`.
extension Arguments {
  static let queryOption = CommandDeclaration.Option(
    name: "--query", value: "TEXT", form: .run,
    help: """
      start the first screen (a list, table or chart) with TEXT searched for, as if typed, with no debounce; \
      in every mode
      """,
    effect: .set { arguments, value throws(UsageError) in arguments.query = value ?? "" })

  static let outputOption = CommandDeclaration.Option(
    name: "--output", value: "json|jsonl|csv|tsv", form: .run,
    help: """
      print the screen's records instead of a frame, to stdout, and any error to stderr (exit 1, after the \
      records got): json (an array) and jsonl (one a line) keep each record whole, every member the source \
      sent; csv (RFC 4180, CRLF line ends) and tsv print a table's columns, a list's title and subtitle, a \
      chart's label and value, or a detail screen's name,value rows, never cut, control characters as spaces
      """,
    effect: .set { arguments, value throws(UsageError) in
      let text = value ?? ""
      guard let format = RecordFormat(rawValue: text) else {
        throw UsageError(
          Diagnostic.Message.unknown(
            "--output takes json, jsonl, csv or tsv, not '\(text)'", name: text,
            among: RecordFormat.allCases.map(\.rawValue)))
      }
      arguments.output = format
    })

  static let pagesOption = CommandDeclaration.Option(
    name: "--pages", value: "N|all", form: .run,
    help: """
      with --output, print the first N pages (default 1), each asked for once, or all of them, as far as the \
      source pages (an API's own cap included), at most 100000
      """,
    effect: .set { arguments, value throws(UsageError) in
      let text = value ?? ""
      if text == "all" {
        arguments.pages = mostPages
        return
      }
      guard let pages = Int(text), (1...mostPages).contains(pages) else {
        throw UsageError("--pages takes a number of pages from 1 to \(mostPages), or all, not '\(text)'")
      }
      arguments.pages = pages
    })

  /// The most pages `--pages` follows, `all` included: a source that never stops paging stops here.
  static let mostPages = 100_000

  /// The options a run with `--output` cannot take: they draw or change frames, which it does
  /// not print.
  static let framesOnly = [
    "--once", "--script", "--watch", "--explain", "--status", "--width", "--height", "--ascii", "--color", "--picture",
  ]

  /// Refuses what makes no sense with `--output` (an option of frames), and `--pages` without it.
  static func checkOutputOptions(
    _ arguments: Arguments, _ given: [(option: CommandDeclaration.Option, index: Int)]
  ) throws(UsageError) {
    if arguments.output == nil {
      if let pages = given.first(where: { $0.option.name == "--pages" }) {
        throw UsageError("--pages goes with --output, which prints records instead of frames", at: pages.index)
      }
      return
    }
    if let other = given.first(where: { framesOnly.contains($0.option.name) }) {
      throw UsageError(
        "\(other.option.name) does not go with --output, which prints records instead of frames", at: other.index)
    }
  }
}
