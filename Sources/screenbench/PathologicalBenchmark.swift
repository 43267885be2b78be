import Foundation
import MarvelPlugin
import PluginHost
import ScreenKinds
import ScreenKit

/// P6: pathological input sizes. Each case runs on a large input and on one a quarter its size,
/// side by side: work that is linear in its input takes about 4x as long on the large one, and
/// quadratic work 16x, so the goal is at most 5x.
///
/// The cases: wrapping one word with no space, a line of combining marks (one grapheme cluster),
/// a word of accented letters (a base and a mark each), a detail frame whose description is one
/// long word (template, sanitizing, wrapping and cutting together), a response whose one string is
/// that long, read by the piece reader, and keystrokes typed into a list's search. Each run has a
/// text of its own (its number added as a last word), so no run finds what an earlier one made:
/// a long text's lines and redaction are kept (`LongTextMemo`), and the laying out of a detail
/// frame again, which finds them, is a case of its own.
@MainActor
struct PathologicalBenchmark {
  /// The large size, in bytes, and the keystrokes typed; the small ones are a quarter of these.
  let bytes: Int
  let keystrokes: Int
  let runs: Int

  static let width = 80

  func run() throws -> Section {
    var section = Section(
      id: "P6",
      title: "pathological sizes: \(Self.size(bytes)) against \(Self.size(bytes / 4)), "
        + "\(grouped(keystrokes)) keystrokes against \(grouped(keystrokes / 4))")
    let detail = try ScreenLoader(registry: PluginRegistry([MarvelPlugin.plugin]), kinds: .standard).load(
      "Screens/character.json")
    let list = try ScreenLoader(registry: PluginRegistry([MarvelPlugin.plugin]), kinds: .standard).load(
      "Screens/characters.json")

    func word(_ bytes: Int, _ run: Int) -> String { String(repeating: "a", count: bytes) + " \(run)" }
    func marks(_ bytes: Int, _ run: Int) -> String { String(repeating: "\u{301}", count: bytes / 2) + " \(run)" }
    func accented(_ bytes: Int, _ run: Int) -> String { String(repeating: "e\u{301}", count: bytes / 3) + " \(run)" }
    func frame(_ bytes: Int, _ run: Int) -> ScreenState {
      var state = DetailKind.State()
      state.status = .loaded
      state.record = ["id": 1, "name": "Long", "description": .string(word(bytes, run)), "comics": ["items": []]]
      return ScreenState(spec: detail, parameters: ["id": "1"], content: .of(DetailKind.self, state))
    }
    func response(_ bytes: Int, _: Int) -> [UInt8] {
      Array(#"{"data":{"results":[{"id":1,"description":""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: bytes)
        + Array(#""}]}}"#.utf8)
    }

    section.rows += try measure("wrap one word", word) { TextWidth.wrap($0, toColumns: Self.width).count }
    section.rows += try measure("wrap, count and cut a line of combining marks", marks) { text in
      TextWidth.wrap(text, toColumns: Self.width).count + TextWidth.width(of: text)
        + TextWidth.truncate(text + "x", toColumns: Self.width).utf8.count
    }
    section.rows += try measure("wrap a word of e + U+0301", accented) {
      TextWidth.wrap($0, toColumns: Self.width).count
    }
    section.rows += try measure("render a detail frame with a one-word description", frame) {
      TextRenderer.render($0, options: RenderOptions(width: Self.width)).utf8.count
    }
    section.rows += try again(frame) {
      TextRenderer.render($0, options: RenderOptions(width: Self.width, height: 24, scroll: 100)).utf8.count
    }
    section.rows += try measure("read a response with one long string (piece reader)", response) {
      try JSON.parse($0, options: .response).objectValue?.count ?? 0
    }

    // Keystrokes: each one typed into the list's search (the debounce restarted each time), then
    // the debounce fires once on the virtual clock and the frame is drawn.
    let typing = try sideBySide(
      rounds: runs,
      [
        { try Self.type(self.keystrokes / 4, on: list) },
        { try Self.type(self.keystrokes, on: list) },
      ])
    section.rows.append(Row("type \(grouped(keystrokes / 4)) keystrokes", .milliseconds, typing[0].map { $0 * 1e3 }))
    section.rows.append(Row("type \(grouped(keystrokes)) keystrokes", .milliseconds, typing[1].map { $0 * 1e3 }))
    section.rows.append(
      Row(
        "  \(grouped(keystrokes)) / \(grouped(keystrokes / 4))", .ratio, .ratio(typing[1], typing[0]),
        goal: .atMost(5)))
    section.notes.append("each run is one pass over the input; the ratio is taken round by round")
    return section
  }

  /// Three rows: `work` on an input of a quarter of `bytes`, on one of `bytes`, and their ratio.
  /// `make` gives the input of a size for a run: each run's is its own.
  private func measure<Input>(
    _ label: String, _ make: (Int, Int) -> Input, _ work: @escaping (Input) throws -> Int
  ) throws -> [Row] {
    let small = (0...runs).map { make(bytes / 4, $0) }
    let large = (0...runs).map { make(bytes, $0) }
    // The results must follow the sizes (a count of lines or bytes), so the work was really done.
    let (smallResult, largeResult) = (try work(small[runs]), try work(large[runs]))
    guard smallResult > 0, largeResult >= smallResult else {
      throw ChildProcess.Failure(description: "P6 \(label): results \(smallResult) and \(largeResult)")
    }
    var (smallRun, largeRun) = (0, 0)
    let measured = try sideBySide(
      rounds: runs,
      [
        {
          defer { smallRun += 1 }
          return try Stopwatch.seconds { _ = try work(small[smallRun]) }
        },
        {
          defer { largeRun += 1 }
          return try Stopwatch.seconds { _ = try work(large[largeRun]) }
        },
      ])
    return [
      Row("\(label), \(Self.size(bytes / 4))", .milliseconds, measured[0].map { $0 * 1e3 }),
      Row("\(label), \(Self.size(bytes))", .milliseconds, measured[1].map { $0 * 1e3 }),
      Row(
        "  \(Self.size(bytes)) / \(Self.size(bytes / 4))", .ratio, .ratio(measured[1], measured[0]), goal: .atMost(5)),
    ]
  }

  /// Two rows: a detail frame of `bytes` drawn in a terminal of 24 rows again, as a key that
  /// scrolls it draws it (the description's redaction and lines are found, not made), and its
  /// time against the first drawing's.
  private func again<Input>(_ make: (Int, Int) -> Input, _ work: @escaping (Input) throws -> Int) throws -> [Row] {
    let inputs = (0..<runs).map { make(bytes, runs + 1 + $0) }
    var first: [Double] = []
    var second: [Double] = []
    for input in inputs {
      var results = (0, 0)
      first.append(try Stopwatch.seconds { results.0 = try work(input) })
      second.append(try Stopwatch.seconds { results.1 = try work(input) })
      guard results.0 > 0, results.0 == results.1 else {
        throw ChildProcess.Failure(description: "P6 a frame drawn again: \(results.1) bytes, first \(results.0)")
      }
    }
    let (drawn, redrawn) = (Measurement(first), Measurement(second))
    return [
      Row("a detail frame of 24 rows drawn again, \(Self.size(bytes))", .milliseconds, redrawn.map { $0 * 1e3 }),
      Row("  again / first time", .ratio, .ratio(redrawn, drawn), goal: .atMost(0.25)),
    ]
  }

  /// Seconds to type `count` keystrokes into a fresh list's search, fire the debounce and draw.
  private static func type(_ count: Int, on spec: ScreenSpec) throws -> Double {
    guard let list = spec.list, let search = list.search else {
      throw ChildProcess.Failure(description: "Screens/characters.json has no search")
    }
    let clock = VirtualScheduler()
    let model = Store(
      PagedList(
        source: NoSource(),
        configuration: .init(resource: spec.source.resource, parameters: [:], search: search, paging: list.paging)),
      state: PagedList.State(), scheduler: clock)
    let keys = Array(String(repeating: "spider", count: count / 6 + 1).prefix(count))
    var frame = ""
    let seconds = Stopwatch.seconds {
      for key in keys { model.send(.typed(key)) }
      clock.advance(by: .milliseconds(search.debounceMilliseconds))
      frame = TextRenderer.render(
        ScreenState(spec: spec, parameters: [:], content: .of(ListKind.self, model.state)),
        options: RenderOptions(width: width))
    }
    // One search started: the debounce fired once, for the whole text.
    let searches = model.state.generation
    guard model.state.query.count == count, searches == 1, frame.contains("Search: spider") else {
      throw ChildProcess.Failure(description: "P6 typing: query \(model.state.query.count), \(searches) searches")
    }
    return seconds
  }

  private static func size(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes >> 10) KB"
  }
}

/// A data source that never answers in time to matter: the typing case measures the keystrokes.
private struct NoSource: DataSource {
  func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    throw .transport("not asked in a benchmark")
  }

  func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    throw .transport("not asked in a benchmark")
  }
}
