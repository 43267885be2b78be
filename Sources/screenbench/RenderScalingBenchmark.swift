import Foundation
import MarvelPlugin
import PluginHost
import ScreenKinds
import ScreenKit

/// P3: the time to draw one 100x30 frame of the characters screen with more and more records
/// loaded. Only 30 lines are drawn, so the cost should follow the rows shown, not those loaded.
@MainActor
struct RenderScalingBenchmark {
  let sizes: [Int]
  let seed: UInt64
  let runs: Int

  static let options = RenderOptions(width: 100, height: 30)

  func run() throws -> Section {
    var section = Section(id: "P3", title: "render scaling: one 100x30 frame of Screens/characters.json")
    let spec = try ScreenLoader(registry: PluginRegistry([MarvelPlugin.plugin]), kinds: .standard).load(
      "Screens/characters.json")
    let document = try JSON.parse(APIDocument.response(records: 500, seed: seed), options: .response)
    let pool = document[path: ["data", "results"]]?.arrayValue ?? []
    guard !pool.isEmpty else { throw ChildProcess.Failure(description: "no records to render") }

    // The selection sits in the middle, as after scrolling: the window must follow it there.
    let screens = sizes.map { size in
      ScreenState(
        spec: spec, parameters: [:], content: .of(ListKind.self, Self.loaded(size, from: pool)), selection: size / 2)
    }
    for screen in screens {
      let lines = TextRenderer.render(screen, options: Self.options).split(
        separator: "\n", omittingEmptySubsequences: false)
      guard lines.count == 31 else {
        throw ChildProcess.Failure(description: "a frame had \(lines.count - 1) lines, not 30")
      }
    }

    // One frame takes well under a millisecond: each run times a batch long enough for the clock.
    let once = Stopwatch.seconds { for _ in 0..<20 { _ = TextRenderer.render(screens[0], options: Self.options) } } / 20
    let batch = max(1, Int(0.02 / max(once, 1e-7)))
    let measured = try sideBySide(
      rounds: runs,
      screens.map { screen in
        {
          Stopwatch.seconds { for _ in 0..<batch { _ = TextRenderer.render(screen, options: Self.options) } }
            / Double(batch)
        }
      })
    for (size, measurement) in zip(sizes, measured) {
      section.rows.append(Row("frame with \(grouped(size)) records", .microseconds, measurement.map { $0 * 1e6 }))
    }
    if sizes.count > 1 {
      section.rows.append(
        Row(
          "\(grouped(sizes.last!)) / \(grouped(sizes[0])) records", .ratio,
          Measurement.ratio(measured.last!, measured[0]), goal: .atMost(1.1)))
    }
    section.notes.append("each run is the mean of a batch of \(batch) frames")
    return section
  }

  /// A loaded list of `count` records, each a generated character with its own id and name.
  static func loaded(_ count: Int, from pool: [JSON]) -> PagedList.State {
    var state = PagedList.State()
    state.records.reserveCapacity(count)
    for index in 0..<count {
      guard case .object(var record) = pool[index % pool.count] else { continue }
      record["id"] = .int(1_000_000 + index)
      record["name"] = .string("\(record["name"]?.stringValue ?? "") #\(index + 1)")
      state.records.append(.object(record))
    }
    state.status = .loaded
    state.activeQuery = ""
    state.total = count * 2
    state.next = PageCursor(String(count))
    state.pagesLoaded = (count + 19) / 20
    state.attribution = "Data provided by Marvel. © 2024 MARVEL"
    return state
  }
}
