import ScreenKinds
import ScreenKit
import ScreenRuntime

extension ScreenRunCommand {
  /// `--output FORMAT`: prints the screen's records instead of its frame, a page at a time as
  /// each arrives, and follows the source's paging for `--pages`. Each page is asked for once,
  /// through the same data source (and so the same cache and rate-limit rules) as the
  /// interactive mode. An error stops the paging: the records got so far are printed (a JSON
  /// array closed), then the error on stderr, exit 1. stdout holds only records.
  @MainActor
  static func runOutput(_ screen: String, format: RecordFormat, arguments: Arguments, registry: PluginRegistry)
    async -> ExitCode
  {
    let navigator: Navigator
    switch start(screen, arguments: arguments, registry: registry, scheduler: VirtualScheduler()) {
    case .success(let opened): navigator = opened
    case .failure(let code): return code
    }
    await navigator.settle()
    guard let entry = navigator.current else { return .failure }
    let file = entry.spec.file
    let state = entry.screenState
    guard let list = RecordExport.list(state) else {
      if arguments.pages != nil {
        Output.error("screenrun: error: --pages: \(file) is a \(entry.model.kind) screen, which has no pages")
        return .usage
      }
      if let record = RecordExport.detailRecord(state) {
        if format.keepsWholeRecords {
          TerminalWriter.write(records: RecordFormat.redacted(record).lineText + "\n")
        } else {
          TerminalWriter.write(records: format.row(["name", "value"]))
          for row in RecordExport.detailRows(state, record: record) { TerminalWriter.write(records: format.row(row)) }
        }
      }
      return ending(navigator, file: file)
    }
    // A query shorter than the search's minLength is no search: the list would be every record
    // (or, where a search is required, none), which a script that asked for one must not get.
    if let query = arguments.query,
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

    var printed = 0
    var pages = 1
    let limit = arguments.pages ?? 1
    // The cursors asked for: a source whose next page is one it gave already goes round.
    var cursors: Set<PageCursor> = []
    var loops = false
    /// Whether `all` stopped at the most pages it follows while the source had more.
    var cut = false
    var cells: ((JSON) -> [String])?
    TerminalWriter.write(records: format.opening)
    while let screenState = navigator.current?.screenState, let list = RecordExport.list(screenState) {
      if format.keepsWholeRecords {
        for record in list.records[printed...] {
          TerminalWriter.write(records: format.line(record: record, first: printed == 0))
          printed += 1
        }
      } else {
        if cells == nil, let columns = RecordExport.columns(screenState, list) {
          TerminalWriter.write(records: format.row(columns.headers))
          cells = columns.cells
        }
        if let cells {
          for record in list.records[printed...] { TerminalWriter.write(records: format.row(cells(record))) }
        }
        printed = list.records.count
      }
      // A page asked for that did not come (an answer dropped) ends the paging too.
      guard list.status == .loaded, let next = list.next, list.pagesLoaded >= pages else { break }
      guard pages < limit else {
        cut = limit == Arguments.mostPages
        break
      }
      guard cursors.insert(next).inserted else {
        loops = true
        break
      }
      guard
        case .done = navigator.current?.model.run(
          .kind(name: "next", argument: ""), screen: screenState, viewport: Viewport(columns: 80, rows: 24))
      else { break }
      await navigator.settle()
      pages += 1
    }
    TerminalWriter.write(records: format.closing(after: printed))
    if loops {
      Output.error(
        "\(file): error: the source's paging goes round: its next page after page \(pages) is one it gave already")
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
}
