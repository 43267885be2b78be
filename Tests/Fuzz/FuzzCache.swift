// A libFuzzer target for the HTTP cache file reader (Sources/PluginHTTP/ResponseCache.swift):
// any bytes as a cache file. What it reads, written again, must read back the same; a damaged
// file is nil, never a crash. `Tests/Fuzz/run build cache` builds it.

import PluginHTTP

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let entry = CacheEntry(decoding: bytes) else { return 0 }
  // The writer keeps each field to one line, so only entries it could have written come back
  // exactly: no line breaks inside a field (a key is two lines, its URL and its accept header).
  let fields =
    entry.key.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    + [entry.etag] + entry.headers.flatMap { [$0.name, $0.value] }
  guard entry.key.split(separator: "\n", omittingEmptySubsequences: false).count == 2,
    fields.allSatisfy({ !$0.contains(where: \.isNewline) })
  else { return 0 }
  guard let again = CacheEntry(decoding: entry.encoded()) else {
    fatalError("a cache entry, written again, does not read back")
  }
  guard again.key == entry.key, again.etag == entry.etag, again.body == entry.body,
    again.headers.map(\.name) == entry.headers.map(\.name), again.headers.map(\.value) == entry.headers.map(\.value)
  else {
    fatalError("a cache entry, written again, reads back different")
  }
  return 0
}
