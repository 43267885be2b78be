import Foundation
import ReplayServer
import ScreenKit
import Testing

/// The ETag cache as the Marvel source uses it: the signature changes every time, the cache key
/// does not.
@Suite("Marvel live: the response cache")
struct MarvelLiveCacheTests {
  typealias Harness = MarvelLiveHarness

  static let page = PageRequest(resource: "characters", pageSize: 20)

  @Test("the second request asks If-None-Match with the recorded ETag, and the 304 is answered from the cache")
  func notModified() async throws {
    let harness = try Harness(try Harness.recorded("marvel_vcr_characters_offset0_limit20_2023_tenx"))
    defer { harness.finish() }
    let first = try await harness.source().page(Self.page)
    let second = try await harness.source().page(Self.page)
    #expect(second == first)
    let seen = harness.server.requests
    #expect(seen.map(\.status) == [200, 304])
    #expect(seen[0].header("If-None-Match") == nil)
    #expect(seen[1].header("If-None-Match") == "3f8730bd5ab697c382fb157e74e9cbced6a22a86")
  }

  @Test("cache files are named by a hash and hold neither the private key nor any request hash")
  func noSecretInCache() async throws {
    let harness = try Harness(try Harness.recorded("marvel_vcr_characters_offset0_limit20_2023_tenx"))
    defer { harness.finish() }
    _ = try await harness.source().page(Self.page)
    let files = harness.folder.files()
    #expect(files.count == 1)
    let secrets = [Harness.privateKey] + harness.server.requests.compactMap { $0.queryValue("hash") }
    for file in files {
      #expect(file.hasPrefix("screenrun/http/"))
      #expect(!secrets.contains { file.contains($0) })
      let content = String(
        decoding: try Data(contentsOf: harness.folder.url.appendingPathComponent(file)), as: UTF8.self)
      #expect(!secrets.contains { content.contains($0) }, "a secret in the cache file")
      #expect(!content.contains("ts="), "the cache key holds the changing timestamp")
    }
  }

  @Test("a corrupt cache file is ignored and replaced, never a crash")
  func corrupt() async throws {
    let harness = try Harness(try Harness.recorded("marvel_vcr_characters_offset0_limit20_2023_tenx"))
    defer { harness.finish() }
    let first = try await harness.source().page(Self.page)
    let file = harness.folder.url.appendingPathComponent(try #require(harness.folder.files().first))
    try Data([0xff, 0x00, 0x0a, 0x0a, 0x7b]).write(to: file)
    let second = try await harness.source().page(Self.page)
    #expect(second == first)
    #expect(harness.server.requests.map(\.status) == [200, 200])
    _ = try await harness.source().page(Self.page)
    #expect(harness.server.requests.last?.status == 304, "the damaged file was not replaced")
  }

  @Test("SCREENRUN_NO_CACHE (what --no-cache sets) neither reads nor writes the cache")
  func noCache() async throws {
    let harness = try Harness(try Harness.recorded("marvel_vcr_characters_offset0_limit20_2023_tenx"))
    defer { harness.finish() }
    _ = try await harness.source().page(Self.page)
    _ = try await harness.source(["SCREENRUN_NO_CACHE": "1"]).page(Self.page)
    #expect(harness.server.requests.map { $0.header("If-None-Match") == nil } == [true, true])
    #expect(harness.folder.files().count == 1)
  }
}
