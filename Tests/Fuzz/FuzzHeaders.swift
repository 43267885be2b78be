// A libFuzzer target for the header readers of Sources/PluginHTTP: the `Link` header parser, the
// next-page URL check (absolute http or https, same origin), and the checked numbers the
// rate-limit messages read (`retry-after`, `x-ratelimit-*`). Each line of the input is one header
// field (`Name: value`; a line without a colon, or starting with `<`, is a `Link` value).
// `Tests/Fuzz/run build headers` builds it.

import Foundation
import PluginHTTP

private let base = URL(string: "https://api.github.com")!

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
    guard let target = links.target(relation) else { continue }
    if !links.links.contains(where: { $0.target == target }) { fatalError("target(\(relation)) is not a link") }
    if let url = HTTPURL.absolute(target) {
      if !["http", "https"].contains(url.scheme ?? "") { fatalError("\(target) taken as an http URL") }
      _ = (HTTPURL.sameOrigin(url, base), HTTPURL.originDifference(url, base))
    }
  }
  for (name, value) in headers {
    if let integer = CheckedNumber.integer(value, in: 0...86_400), !(0...86_400).contains(integer) {
      fatalError("\(name): \(integer) is out of its range")
    }
    if let decimal = CheckedNumber.decimal(value, in: 0.1...3600), !(decimal.isFinite && (0.1...3600).contains(decimal))
    {
      fatalError("\(name): \(decimal) is out of its range")
    }
    let quoted = CheckedNumber.quoted(value)
    if quoted.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      fatalError("a quoted value holds a control character")
    }
  }
  for name in ["Retry-After", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Limit", "ETag"] {
    if let value = headers[name], !headers.values(name).contains(value) {
      fatalError("headers[\(name)] is not one of its values")
    }
  }
  return 0
}
