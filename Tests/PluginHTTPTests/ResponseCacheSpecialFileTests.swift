import Foundation
import PluginHTTP
import ReplayServer
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A cache file that is not a regular file (a FIFO or a symlink to a device put in its place) is
/// ignored like any damaged file: never opened, so a read neither blocks nor runs forever.
@Suite("The response cache: files that are not files")
struct ResponseCacheSpecialFileTests {
  @Test("a FIFO or a link to /dev/zero in place of a cache file reads as no entry", arguments: [true, false])
  func specialFile(_ fifo: Bool) throws {
    let folder = try TemporaryDirectory("cache-special")
    defer { folder.remove() }
    let cache = ResponseCache(directory: folder.url.appendingPathComponent("screenrun/http"))
    let url = try #require(URL(string: "http://127.0.0.1:9/search/repositories?q=x"))
    let key = CacheKey(HTTPRequest(url: url, headers: HTTPHeaders()), redactor: Redactor())
    try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
    let path = cache.fileURL(key).path
    if fifo {
      #expect(mkfifo(path, 0o600) == 0)
    } else {
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
    }
    #expect(cache.entry(for: key) == nil)
  }
}
