// A libFuzzer target for the header readers of Sources/PluginHTTP: the `Link` header parser and
// the header lookups the rate-limit messages read. Each line of the input is one header field
// (`Name: value`, a line without a colon is a `Link` value). `Tests/Fuzz/run build headers`
// builds it.

import PluginHTTP

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  var headers = HTTPHeaders()
  for line in text.split(separator: "\n") {
    if let colon = line.firstIndex(of: ":"), !line.hasPrefix("<") {
      headers.add(String(line[..<colon]), String(line[line.index(after: colon)...]))
    } else {
      headers.add("Link", String(line))
    }
  }
  let links = LinkHeader(headers.values("Link"))
  for relation in ["next", "last", "prev", "NEXT"] {
    if let target = links.target(relation), !links.links.contains(where: { $0.target == target }) {
      fatalError("target(\(relation)) is not one of the links")
    }
  }
  for name in ["Retry-After", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Limit", "ETag"] {
    if let value = headers[name], !headers.values(name).contains(value) {
      fatalError("headers[\(name)] is not one of its values")
    }
  }
  return 0
}
