import PluginHost
import ScreenKinds
import ScreenKit
import ScreenRuntime
import ScreenTerminal

extension ScreenRunCommand {
  /// `--output FORMAT`: prints the screen's records instead of its frame (what its kind exports),
  /// a page at a time as each arrives, and follows the source's paging for `--pages`. Each page
  /// is asked for once, through the same data source (and so the same cache and rate-limit
  /// rules) as the interactive mode. An error stops the paging: the records got so far are
  /// printed (a JSON array closed), then the error on stderr, exit 1. stdout holds only records.
  @MainActor
  static func runOutput(_ run: RunCommand, format: RecordFormat, registry: PluginRegistry) async -> ExitCode {
    let pages: Int?
    if case .output(_, let given) = run.mode { pages = given } else { pages = nil }
    let navigator: Navigator
    switch start(run, registry: registry, scheduler: VirtualScheduler()) {
    case .success(let opened): navigator = opened
    case .failure(let code): return code
    }
    await navigator.settle()
    guard let entry = navigator.current else { return .failure }
    let file = entry.spec.file
    guard let export = entry.model.export(screen: entry.screenState) else {
      Output.error("screenrun: error: \(file) is a \(entry.model.kind) screen, which has no records to print")
      return .usage
    }
    let list: ExportedPages
    switch export {
    case .record(let record, let rows):
      if pages != nil {
        Output.error("screenrun: error: --pages: \(file) is a \(entry.model.kind) screen, which has no pages")
        return .usage
      }
      writeRecord(record, rows: rows, format: format)
      return ending(navigator, file: file)
    case .pages(let first, _):
      list = first
    }
    // A query shorter than the search's minLength is no search: the list would be every record
    // (or, where a search is required, none), which a script that asked for one must not get.
    if let query = run.query,
      list.status == .idle || (list.activeQuery == "" && !query.trimmingWhitespace().isEmpty)
    {
      let shown = "'\(query)'"
      Output.error(
        "screenrun: error: --query: \(query.trimmingWhitespace().isEmpty ? "a blank search" : shown) is no search "
          + "for \(file): it is shorter than its search's minLength, so the screen would list "
          + (list.status == .idle ? "nothing" : "every record"))
      return .usage
    }
    if list.status == .idle, list.activeQuery != nil {
      Output.error("screenrun: error: \(file) lists nothing until it is given a search: add --query TEXT")
      return .usage
    }
    return await writePages(navigator, file: file, format: format, limit: pages ?? 1)
  }

  /// A detail screen's record: whole as JSON, or its `name,value` rows under their header. When
  /// its load failed (no record), what a list whose first page failed prints: `json` a value that
  /// holds no record (`null`, as a list's is `[]`), `jsonl` nothing, `csv` and `tsv` the header.
  private static func writeRecord(_ record: JSON?, rows: [[String]], format: RecordFormat) {
    if format.keepsWholeRecords {
      if let record {
        TerminalWriter.write(records: RecordFormat.redacted(record).lineText + "\n")
      } else if format == .json {
        TerminalWriter.write(records: "null\n")
      }
      return
    }
    TerminalWriter.write(records: format.row(["name", "value"]))
    for row in rows { TerminalWriter.write(records: format.row(row)) }
  }

  /// Prints a list's pages, each as it arrives, up to `limit`; the list keeps only the page last
  /// loaded (`ScreenSpec.streamsRecords`) and a hash of each page (`PageHistory`, which stops a
  /// page that repeats one), and this a hash of each cursor asked for, never the records or the
  /// cursors, which may be megabytes each.
  @MainActor
  private static func writePages(_ navigator: Navigator, file: String, format: RecordFormat, limit: Int) async
    -> ExitCode
  {
    var printed = 0
    var pages = 0
    /// The page each cursor asked for, from 1, by the hash of the cursor.
    var asked: [Int: Int] = [:]
    var goesRound: String?
    /// Whether `all` stopped at the most pages it follows while the source had more.
    var cut = false
    var columns: ExportColumns?
    TerminalWriter.write(records: format.opening)
    while let entry = navigator.current,
      case .pages(let list, let pageColumns)? = entry.model.export(screen: entry.screenState)
    {
      if columns == nil, !format.keepsWholeRecords {
        TerminalWriter.write(records: format.row(pageColumns.headers))
        columns = pageColumns
      }
      // A page asked for that did not come (an error, an answer dropped) ends the paging.
      guard list.status == .loaded, list.pagesLoaded == pages + 1 else { break }
      pages += 1
      for record in list.records {
        if let columns {
          TerminalWriter.write(records: format.row(columns.cells(record)))
        } else {
          TerminalWriter.write(records: format.line(record: record, first: printed == 0))
        }
        printed += 1
      }
      guard let next = list.next else { break }
      guard pages < limit else {
        cut = limit == Arguments.mostPages
        break
      }
      if let earlier = asked[next.value.hashValue] {
        goesRound = "page \(pages)'s next page, cursor \(shown(next)), is page \(earlier), which it gave already"
        break
      }
      asked[next.value.hashValue] = pages + 1
      guard
        case .send = navigator.run(.kind(name: "next", argument: ""), viewport: Viewport(columns: 80, rows: 24))
      else { break }
      await navigator.settle()
    }
    TerminalWriter.write(records: format.closing(after: printed))
    if let goesRound {
      Output.error("\(file): error: the source's paging goes round: \(goesRound)")
      return .failure
    }
    if cut {
      Output.error(
        "\(file): error: --pages all stopped at \(Arguments.mostPages) pages, the most it follows; "
          + "the source has more (the records printed are the first \(printed))")
      return .failure
    }
    return ending(navigator, file: file)
  }

  /// A cursor from the source, for a message (`PageCursor.quoted`).
  static func shown(_ cursor: PageCursor?) -> String { PageCursor.quoted(cursor) }
}
