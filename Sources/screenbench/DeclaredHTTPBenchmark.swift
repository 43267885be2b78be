import DeclaredHTTP
import Foundation
import MarvelPlugin
import PluginHost
import ReplayServer
import ScreenKit

/// P11: paging through a REST API declared in a plugin.json (`Plugins/Declared/marvel`) against
/// the compiled-in live source of the same API (`MarvelPlugin`), both over HTTP to the replay
/// server answering a recorded page of 20 characters, with no cache. Rounds alternate which goes
/// first. Goal: the declared source costs at most 1.1x the compiled-in one per page.
struct DeclaredHTTPBenchmark {
  let runs: Int
  let pages: Int

  static let manifest = "Plugins/Declared/marvel/plugin.json"
  static let recording = "marvel/marvel_characters_offset0_limit20_riverpod.json"

  func run() async throws -> Section {
    let body = try RecordedFixtures.body(of: RecordedFixtures.url(Self.recording))
    let server = try ReplayServer(exchanges: [
      RecordedExchange(
        path: "/v1/public/characters",
        response: ReplayResponse(status: 200, headers: [("Content-Type", "application/json")], body: body))
    ])
    defer { server.stop() }
    let context = PluginContext(
      mode: .live,
      environment: [
        "MARVEL_BASE_URL": server.baseURL, "MARVEL_PUBLIC_KEY": "p11-public", "MARVEL_PRIVATE_KEY": "p11-private-key",
        "SCREENRUN_NO_CACHE": "1",
      ])
    DeclaredHTTP.install()
    let compiled = try MarvelPlugin.plugin.make(context)
    let declared = try PluginManifest.load(Self.manifest).plugin.make(context)

    /// Seconds per page, paging `pages` pages from the first.
    func timed(_ source: any DataSource) async throws -> Double {
      let clock = ContinuousClock()
      let start = clock.now
      var cursor: PageCursor?
      for _ in 0..<pages {
        let page = try await source.page(PageRequest(resource: "characters", cursor: cursor, pageSize: 20))
        cursor = page.next ?? PageCursor(offset: 0)
      }
      return (clock.now - start).seconds / Double(pages)
    }
    _ = try await timed(compiled)
    _ = try await timed(declared)
    var compiledRuns: [Double] = []
    var declaredRuns: [Double] = []
    for round in 0..<runs {
      if round % 2 == 0 {
        compiledRuns.append(try await timed(compiled))
        declaredRuns.append(try await timed(declared))
      } else {
        declaredRuns.append(try await timed(declared))
        compiledRuns.append(try await timed(compiled))
      }
    }
    let microseconds = { (seconds: Double) in seconds * 1e6 }
    var section = Section(
      id: "P11", title: "paging through a declared REST API (plugin.json http) against the compiled-in live source")
    let compiledPage = Measurement(compiledRuns)
    let declaredPage = Measurement(declaredRuns)
    section.rows.append(
      Row("page from the compiled-in Marvel live source", .microseconds, compiledPage.map(microseconds)))
    section.rows.append(
      Row("page from the declared Marvel (plugin.json)", .microseconds, declaredPage.map(microseconds)))
    section.rows.append(
      Row("declared / compiled-in", .ratio, Measurement.ratio(declaredPage, compiledPage), goal: .atMost(1.1)))
    section.notes.append(
      "\(pages) pages of 20 recorded characters a run, over HTTP to the replay server on 127.0.0.1, no cache")
    return section
  }
}
