import Foundation
import PluginHTTP
import ReplayServer
import Testing

@Suite("The on-disk response cache")
struct ResponseCacheTests {
  let folder: TemporaryDirectory
  let cache: ResponseCache
  let key: CacheKey

  init() throws {
    folder = try TemporaryDirectory("cache")
    cache = ResponseCache(directory: folder.url.appendingPathComponent("screenrun/http"))
    var headers = HTTPHeaders()
    headers["Accept"] = "application/json"
    let url = try #require(
      URL(string: "http://127.0.0.1:9/v1/public/characters?limit=20&ts=17&apikey=pub&hash=feedface"))
    key = CacheKey(HTTPRequest(url: url, headers: headers, unkeyedQueryItems: ["ts"]), redactor: Redactor())
  }

  func entry(_ body: String) -> CacheEntry {
    CacheEntry(
      key: key.text, etag: #"W/"abc""#, headers: [("Link", #"<http://x/?page=2>; rel="next""#)], body: Array(body.utf8))
  }

  @Test("an entry reads back as written")
  func roundTrip() throws {
    defer { folder.remove() }
    cache.store(entry(#"{"a": 1}"#), for: key)
    let read = try #require(cache.entry(for: key))
    #expect(read.etag == #"W/"abc""#)
    #expect(read.body == Array(#"{"a": 1}"#.utf8))
    #expect(read.headers.map(\.name) == ["Link"])
    #expect(read.headers.map(\.value) == [#"<http://x/?page=2>; rel="next""#])
  }

  @Test("the key leaves out secrets and the parameters that change each time; the file name is a hash")
  func keyHoldsNoSecret() {
    defer { folder.remove() }
    #expect(key.text == "GET http://127.0.0.1:9/v1/public/characters?limit=20\naccept: application/json")
    #expect(key.fileName.count == 32 && key.fileName.allSatisfy(\.isHexDigit))
    cache.store(entry("{}"), for: key)
    #expect(folder.files() == ["screenrun/http/\(key.fileName)"], "a temporary file was left behind, or none written")
  }

  @Test(
    "a damaged file is ignored, never a crash",
    arguments: [
      "", "garbage", "screenrun-cache 1\n",
      "screenrun-cache 1\nkey: x\naccept: \netag: e\nbody-length: 2\nbody-md5: 0\n\n{}",
      "screenrun-cache 2\n\n{}",
    ])
  func damaged(_ content: String) throws {
    defer { folder.remove() }
    cache.store(entry("{}"), for: key)
    try Data(content.utf8).write(to: cache.fileURL(key))
    #expect(cache.entry(for: key) == nil)
  }

  @Test("a file cut short, or with its body changed, is ignored")
  func cutShortOrChanged() throws {
    defer { folder.remove() }
    cache.store(entry(#"{"items": [1, 2, 3]}"#), for: key)
    let whole = try Data(contentsOf: cache.fileURL(key))
    try whole.dropLast(3).write(to: cache.fileURL(key))
    #expect(cache.entry(for: key) == nil)
    var changed = whole
    changed[changed.count - 3] = UInt8(ascii: "9")
    try changed.write(to: cache.fileURL(key))
    #expect(cache.entry(for: key) == nil)
  }

  @Test("an entry filed under another key (a hash collision, or a moved file) is not served")
  func wrongKey() throws {
    defer { folder.remove() }
    var other = entry("{}")
    other.key = "GET http://elsewhere/\naccept: "
    cache.store(other, for: key)
    #expect(cache.entry(for: key) == nil)
  }
}
