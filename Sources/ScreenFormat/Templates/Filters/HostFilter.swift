/// `host`: the host of a URL, lowercased, without `www.`, a user or a port:
/// "https://www.GitHub.com:8443/a/b" becomes "github.com". Anything that is not an absolute URL
/// with a host comes out blank, so a `default` after it can name it.
struct HostFilter: Filter {
  static let name = "host"
  static let argument = FilterArgument.none

  init(_ arguments: FilterArguments) throws(TemplateError) { try arguments.none() }

  func apply(to value: FilterValue, in context: TemplateContext) -> FilterValue {
    switch value {
    case .json(.string(let text)), .text(let text):
      return Self.host(of: text).map(FilterValue.text) ?? .missing
    default: return .missing
    }
  }

  /// The host of `SCHEME://[USER@]HOST[:PORT][/…]`, read byte by byte: the scheme a letter, then
  /// letters, digits, `+`, `-` and `.`; the host a name of letters, digits, `-`, `_` and `.`
  /// (non-ASCII letters of an international name too), or an IPv6 address in brackets.
  static func host(of text: String) -> String? {
    let bytes = Array(text.trimmingWhitespace().utf8)
    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    guard let first = bytes.first, isLetter(first) else { return nil }
    var index = 1
    while index < bytes.count, isLetter(bytes[index]) || isDigit(bytes[index]) || "+-.".utf8.contains(bytes[index]) {
      index += 1
    }
    guard bytes[index...].starts(with: "://".utf8) else { return nil }
    index += 3
    var end = index
    while end < bytes.count, !"/?#".utf8.contains(bytes[end]) { end += 1 }
    var authority = bytes[index..<end]
    if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
    var host: ArraySlice<UInt8>
    if authority.first == UInt8(ascii: "[") {
      guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return nil }
      host = authority[...close]
      guard host.dropFirst().dropLast().allSatisfy({ isDigit($0) || "abcdefABCDEF:.".utf8.contains($0) }) else {
        return nil
      }
      authority = authority[(close + 1)...]
    } else {
      host = authority.prefix { $0 != UInt8(ascii: ":") }
      guard host.allSatisfy({ isLetter($0) || isDigit($0) || "-_.".utf8.contains($0) || $0 >= 0x80 }) else {
        return nil
      }
      authority = authority[host.endIndex...]
    }
    // What may follow the host is a port, digits after a colon.
    if let colon = authority.first {
      guard colon == UInt8(ascii: ":"), authority.dropFirst().allSatisfy(isDigit) else { return nil }
    }
    var name = String(decoding: host, as: UTF8.self).lowercased()
    if name.hasPrefix("www.") { name.removeFirst(4) }
    guard !name.isEmpty, name != "[]", !name.hasPrefix("."), !name.hasSuffix("..") else { return nil }
    return name
  }
}
