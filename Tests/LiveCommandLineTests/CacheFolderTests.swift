import Foundation
import ReplayServer
import TestSupport
import Testing

/// What live mode leaves in the cache folders: its own `screenrun/http` and nothing else (no
/// `org.swift.foundation.URLCache`, which URLSession used to create).
@Suite("Live mode's cache folder")
struct CacheFolderTests {
  @Test("a live run leaves only screenrun/http under XDG_CACHE_HOME, and nothing under HOME")
  func onlyScreenrunsCache() async throws {
    let server = try ReplayServer(
      exchanges: try RecordedFixtures.exchanges(
        in: RecordedFixtures.url("marvel/marvel_vcr_characters_offset0_limit20_2023_tenx.json")))
    defer { server.stop() }
    let cache = try TemporaryDirectory("cache-folder")
    defer { cache.remove() }
    let home = try TemporaryDirectory("home")
    defer { home.remove() }
    let result = try await Screenrun.run(
      ["Screens/characters.json", "--live", "--once"],
      environment: [
        "MARVEL_BASE_URL": server.baseURL, "MARVEL_PUBLIC_KEY": "public", "MARVEL_PRIVATE_KEY": "private",
        "XDG_CACHE_HOME": cache.path, "HOME": home.path,
      ])
    #expect(result.exitCode == 0, "\(result)")
    #expect(server.requests.count == 1)
    let top = try FileManager.default.contentsOfDirectory(atPath: cache.path)
    #expect(top == ["screenrun"], "left in XDG_CACHE_HOME: \(top)")
    let inside = try FileManager.default.contentsOfDirectory(atPath: cache.url.appendingPathComponent("screenrun").path)
    #expect(inside == ["http"], "left in XDG_CACHE_HOME/screenrun: \(inside)")
    let inHome = try FileManager.default.subpathsOfDirectory(atPath: home.path)
    #expect(inHome.isEmpty, "left in HOME: \(inHome)")
  }
}
