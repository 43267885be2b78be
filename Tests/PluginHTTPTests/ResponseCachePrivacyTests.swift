import Foundation
import PluginHTTP
import ReplayServer
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A cache folder that another user could write to (a shared `XDG_CACHE_HOME`, a `screenrun`
/// folder someone else made in a sticky `/tmp`) is neither read nor written: an answer planted
/// there would be shown as the server's once a 304 confirmed its ETag.
@Suite("The response cache: only a folder of this user's own")
struct ResponseCachePrivacyTests {
  @Test(
    "a cache folder, or the screenrun folder above it, that others may write to is neither read nor written",
    arguments: [("http", 0o777), ("http", 0o720), ("screenrun", 0o777), ("screenrun", 0o1777)])
  func writableByOthers(_ folderName: String, _ mode: Int) throws {
    let folder = try TemporaryDirectory("cache-private")
    defer { folder.remove() }
    let cache = ResponseCache(directory: folder.url.appendingPathComponent("screenrun/http"))
    let url = try #require(URL(string: "http://127.0.0.1:9/repos/octo/cat/commits"))
    let key = CacheKey(HTTPRequest(url: url, headers: HTTPHeaders()), redactor: Redactor())
    let planted = CacheEntry(key: key.text, etag: "\"v1\"", headers: [], body: Array("[\"planted\"]".utf8))
    cache.store(planted, for: key)
    // A folder of this user's own, 0700: the entry is read back.
    #expect(cache.entry(for: key)?.body == planted.body)

    let opened = folderName == "http" ? cache.directory : cache.directory.deletingLastPathComponent()
    #expect(chmod(opened.path, mode_t(mode)) == 0)
    #expect(cache.entry(for: key) == nil, "an entry in a folder of mode \(String(mode, radix: 8)) was trusted")
    let other = CacheKey(
      HTTPRequest(url: try #require(URL(string: "http://127.0.0.1:9/other")), headers: HTTPHeaders()),
      redactor: Redactor())
    cache.store(CacheEntry(key: other.text, etag: "\"v2\"", headers: [], body: [1]), for: other)
    #expect(!FileManager.default.fileExists(atPath: cache.fileURL(other).path), "written into a shared folder")

    // Made private again, the cache serves again.
    #expect(chmod(opened.path, 0o700) == 0)
    #expect(cache.entry(for: key)?.body == planted.body)
  }
}
