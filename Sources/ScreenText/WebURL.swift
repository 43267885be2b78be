/// The one check of an http or https URL that screenrun hands on: to a terminal as a hyperlink
/// (OSC 8) or to a browser (an action's `open`).
package enum WebURL {
  /// Longer URLs are refused: terminals cap the URL of an OSC 8 link (some at 2083 bytes).
  package static let maximumLength = 2048

  /// Whether `url` is an http or https URL (the scheme in any case) with a host, made of RFC
  /// 3986 characters only (printable ASCII: no space, control, ESC, BEL or non-ASCII byte, `%`
  /// only before two hex digits), and at most `maximumLength` bytes long.
  package static func isValid(_ url: String) -> Bool {
    let bytes = Array(url.utf8)
    guard bytes.count <= maximumLength else { return false }
    let lowered = bytes.prefix(8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    let scheme =
      lowered.starts(with: "https://".utf8) ? 8 : lowered.starts(with: "http://".utf8) ? 7 : 0
    guard scheme > 0, hasHost(bytes[scheme...]) else { return false }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
        index += 3
        continue
      }
      guard uriCharacters[Int(byte)] else { return false }
      index += 1
    }
    return true
  }

  /// Why `url` cannot be the base address of an API, which each request adds a path and a query
  /// to: nil when it is an http or https URL with a host (as `isValid` checks) and no query or
  /// fragment; else the reason, worded to follow "'http://' …" ("has no host").
  package static func baseProblem(_ url: String) -> String? {
    let lowered = url.prefix(8).lowercased()
    guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else {
      return "is not an http or https address"
    }
    let bytes = Array(url.utf8)
    guard hasHost(bytes[(lowered.hasPrefix("https://") ? 8 : 7)...]) else { return "has no host" }
    guard isValid(url) else {
      return
        "is not a URL: at most \(maximumLength) bytes of RFC 3986 characters (no space, no control, no other letter)"
    }
    if url.contains("?") { return "has a query ('?…')" }
    if url.contains("#") { return "has a fragment ('#…')" }
    return nil
  }

  /// Whether the authority that begins `rest` (up to the first `/`, `?` or `#`) names a host:
  /// not empty once the user information (up to the last `@`) and the port (`:` and digits
  /// after the host, or after a bracketed IPv6 address) are taken away.
  private static func hasHost(_ rest: ArraySlice<UInt8>) -> Bool {
    let end = rest.firstIndex { "/?#".utf8.contains($0) } ?? rest.endIndex
    var host = rest[rest.startIndex..<end]
    if let at = host.lastIndex(of: UInt8(ascii: "@")) { host = host[host.index(after: at)...] }
    if host.first == UInt8(ascii: "[") {
      guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return false }
      return close > host.index(after: host.startIndex)
    }
    if let colon = host.firstIndex(of: UInt8(ascii: ":")) { host = host[..<colon] }
    return !host.isEmpty
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }

  /// RFC 3986's unreserved, gen-delims and sub-delims characters, by byte.
  private static let uriCharacters: [Bool] = {
    var table = [Bool](repeating: false, count: 256)
    let allowed = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;="
    for byte in allowed.utf8 { table[Int(byte)] = true }
    return table
  }()
}
