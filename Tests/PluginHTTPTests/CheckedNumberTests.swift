import Foundation
import PluginHTTP
import ScreenKit
import Testing

/// Numbers from outside are read with their range, and shapes with their pointer: what the live
/// sources, the cache and the configuration share.
@Suite("Checked numbers and answer shapes")
struct CheckedNumberTests {
  @Test("integers in text: within the range, or nil; never a trap")
  func integersInText() {
    #expect(CheckedNumber.integer("30", in: 0...86_400) == 30)
    #expect(CheckedNumber.integer(" 30\t", in: 0...86_400) == 30)
    #expect(CheckedNumber.integer("+7", in: 0...10) == 7)
    for text in [
      "9223372036854775807", "9223372036854775808", "-9223372036854775808", "86401", "-1", "1e3", "0x10", "3.0", "nan",
      "inf", "", " ", "1 2", "٣", String(repeating: "9", count: 10_000),
    ] {
      #expect(CheckedNumber.integer(text, in: 0...86_400) == nil, "\(text.prefix(30))")
    }
    #expect(CheckedNumber.integer("-9223372036854775808", in: Int.min...Int.max) == Int.min)
  }

  @Test("decimals in text: finite and within the range; NaN, infinities and hexadecimal are nil")
  func decimalsInText() {
    #expect(CheckedNumber.decimal("2.5", in: 0.1...3600) == 2.5)
    #expect(CheckedNumber.decimal("1e2", in: 0.1...3600) == 100)
    for text in ["1e300", "-1", "nan", "NaN", "inf", "-inf", "infinity", "0x1p3", "0.01", "", "1e999", "3600.001"] {
      #expect(CheckedNumber.decimal(text, in: 0.1...3600) == nil, "\(text)")
    }
  }

  @Test("integers in JSON: whole numbers in range, including 20.0; anything else is nil")
  func integersInJSON() {
    #expect(CheckedNumber.integer(JSON.int(20), in: 0...100) == 20)
    #expect(CheckedNumber.integer(JSON.double(20), in: 0...100) == 20)
    for value: JSON in [
      .int(Int.max), .int(Int.min), .int(-1), .double(1e308), .double(.nan), .double(.infinity), .double(2.5),
      .string("20"), .null, .bool(true), .array([]),
    ] {
      #expect(CheckedNumber.integer(value, in: 0...100) == nil, "\(value)")
    }
  }

  @Test("rejected text is quoted short and printable, so no escape reaches a message")
  func quoted() {
    #expect(CheckedNumber.quoted("nan") == "'nan'")
    #expect(CheckedNumber.quoted("\u{1B}]52;c;aGk=\u{07}") == "'?]52;c;aGk=?'")
    #expect(CheckedNumber.quoted(String(repeating: "9", count: 100)) == "'" + String(repeating: "9", count: 40) + "…'")
  }

  @Test("SCREENRUN_HTTP_TIMEOUT of 1e300, negative, NaN or infinite is an error naming the variable")
  func timeouts() {
    for value in ["1e300", "-5", "NaN", "inf", "0x1p3", "\u{1B}[2J"] {
      #expect(throws: DataSourceError.self, "\(value)") {
        try HTTPConfiguration(environment: ["SCREENRUN_HTTP_TIMEOUT": value])
      }
      do {
        _ = try HTTPConfiguration(environment: ["SCREENRUN_HTTP_CONNECT_TIMEOUT": value])
      } catch {
        #expect(error.message.contains("SCREENRUN_HTTP_CONNECT_TIMEOUT"))
        #expect(!error.message.contains("\u{1B}"))
      }
    }
  }

  @Test("a cache file whose body-length does not fit a number is ignored, not trusted")
  func cacheLength() {
    let entry = CacheEntry(key: "GET http://x/\naccept: a", etag: "\"e\"", headers: [], body: Array("{}".utf8))
    let text = String(decoding: entry.encoded(), as: UTF8.self)
    #expect(CacheEntry(decoding: entry.encoded()) != nil)
    for length in ["9223372036854775808", "-2", "2e0", "+2 2"] {
      let damaged = text.replacingOccurrences(of: "body-length: 2", with: "body-length: \(length)")
      #expect(CacheEntry(decoding: Array(damaged.utf8)) == nil, "\(length)")
    }
  }

  // MARK: - Shapes

  @Test("records: an array of objects, or a decoding error with what was found and where")
  func records() throws {
    let reader = ResponseReader("the answer to /x")
    #expect(try reader.records(JSON.array([["a": 1]]), at: .root / "items", each: "a thing") == [["a": 1]])
    #expect(
      throws: DataSourceError.decoding(
        "the answer to /x is not what the API sends: the answer's element 1 is an integer, not a thing (an object) (at /1)"
      )
    ) {
      try reader.records(JSON.array([["a": 1], 2]), at: .root, each: "a thing")
    }
    #expect(
      throws: DataSourceError.decoding(
        "the answer to /x is not what the API sends: the answer's items is missing; expected an array of records (at /items)"
      )
    ) {
      try reader.records(nil, at: .root / "items", each: "a thing")
    }
  }

  @Test("integers: absent and null are nil; out of range names the field and the range")
  func integers() throws {
    let reader = ResponseReader("the answer to /x")
    #expect(try reader.integer(nil, at: .root / "n", in: 0...9, "a count") == nil)
    #expect(try reader.integer(JSON.null, at: .root / "n", in: 0...9, "a count") == nil)
    #expect(try reader.integer(JSON.int(9), at: .root / "n", in: 0...9, "a count") == 9)
    #expect(
      throws: DataSourceError.decoding(
        "the answer to /x is not what the API sends: the answer's data.offset is 9223372036854775807, "
          + "not an offset from 0 to 9 (at /data/offset)"
      )
    ) {
      try reader.integer(JSON.int(Int.max), at: .root / "data" / "offset", in: 0...9, "an offset")
    }
  }

  // MARK: - Origins

  @Test("a URL's scheme is read without regard to case; the rest is kept exactly")
  func absolute() {
    #expect(HTTPURL.absolute("HTTP://api.example/a?b=C%20d")?.absoluteString == "http://api.example/a?b=C%20d")
    #expect(HTTPURL.absolute("HtTpS://API.example")?.scheme == "https")
    for text in ["ftp://api.example/x", "/relative", "http://", "not a url", "mailto:x@y", ""] {
      #expect(HTTPURL.absolute(text) == nil, "\(text)")
    }
  }

  @Test("a relative next-page URL resolves against the answer's URL as RFC 3986 resolves a reference")
  func resolving() throws {
    let answer = try #require(URL(string: "http://127.0.0.1:8080/api/items?q=a&page=1"))
    let cases: [(String, String?)] = [
      ("/items?page=2", "http://127.0.0.1:8080/items?page=2"),
      ("?page=2", "http://127.0.0.1:8080/api/items?page=2"),
      ("items?page=2", "http://127.0.0.1:8080/api/items?page=2"),
      ("../x", "http://127.0.0.1:8080/x"),
      (" /items?page=3 ", "http://127.0.0.1:8080/items?page=3"),
      ("HTTP://api.example/x", "HTTP://api.example/x"),
      // Resolved, then refused where it is followed: another host.
      ("//elsewhere.example/x", "http://elsewhere.example/x"),
      ("javascript:alert(1)", "javascript:alert(1)"),
      ("", nil), ("  ", nil),
    ]
    for (reference, expected) in cases {
      #expect(HTTPURL.resolving(reference, against: answer) == expected, "\(reference)")
    }
  }

  @Test("origins compare scheme, host and port without regard to case, the default port filled in")
  func origins() throws {
    let base = try #require(URL(string: "http://api.example"))
    for same in ["HTTP://API.EXAMPLE/x", "http://api.example:80/y", "http://Api.Example/"] {
      #expect(HTTPURL.sameOrigin(try #require(URL(string: same)), base), "\(same)")
    }
    #expect(
      HTTPURL.originDifference(try #require(URL(string: "https://evil.example:8443/")), base) == [
        "scheme 'https' (not 'http')", "host 'evil.example' (not 'api.example')", "port 8443 (not 80)",
      ])
  }

  @Test("the Link header keeps an upper-case next target as given, and it reads as an http URL")
  func linkInUpperCase() throws {
    let header = LinkHeader([#"<HTTP://api.example/search?page=2>; REL="Next""#])
    let target = try #require(header.target("next"))
    #expect(target == "HTTP://api.example/search?page=2")
    let url = try #require(HTTPURL.absolute(target))
    #expect(HTTPURL.sameOrigin(url, try #require(URL(string: "http://api.example"))))
  }
}
