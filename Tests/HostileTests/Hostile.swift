/// The hostile values the probes are made of: text that tries to take over a terminal, numbers
/// that overflow, and the secrets the driver hunts for.
enum Hostile {
  /// Known secrets: the environment carries these, and none may come out.
  static let marvelPublicKey = "hostile-public-key"
  static let marvelPrivateKey = "mPRIV-hostile-5e1f0c2a9b7d"
  static let githubToken = "ghp_HOSTILEtoken4b8e1d0f2a3c5e7f9"

  /// Text that a terminal would act on, each with a short name.
  static let escapes: [(name: String, text: String)] = [
    ("CSI colour", "red\u{1B}[31mRED\u{1B}[0m"),
    ("clear screen", "\u{1B}[2J\u{1B}[Hwiped"),
    ("OSC 52 clipboard", "copy\u{1B}]52;c;aGFja2Vk\u{07}me"),
    ("OSC 8 link", "\u{1B}]8;;http://evil.example/\u{1B}\\click\u{1B}]8;;\u{1B}\\"),
    ("OSC title", "\u{1B}]0;owned\u{07}title"),
    ("DCS", "\u{1B}P1$q\u{1B}\\dcs"),
    ("BEL", "ring\u{07}\u{07}"),
    ("C1 CSI", "c1\u{9B}31mred"),
    ("C1 OSC 52", "\u{9D}52;c;aGFja2Vk\u{9C}x"),
    ("every C1", String(String.UnicodeScalarView((0x80...0x9F).compactMap(Unicode.Scalar.init)))),
    ("RLO", "abc\u{202E}gnp.exe"),
    ("bidi isolates", "\u{2066}x\u{2067}y\u{2068}z\u{2069}"),
    ("bidi embeddings", "\u{202A}a\u{202B}b\u{202D}c\u{202C}"),
    ("NUL", "nul\u{0}byte"),
    ("DEL and BS", "del\u{7F}bs\u{08}\u{08}"),
    ("CR overwrite", "innocent\rEVIL"),
    ("tab", "a\tb"),
    ("every C0", String(String.UnicodeScalarView((0x01...0x1F).compactMap(Unicode.Scalar.init)))),
  ]

  /// All of them in one text.
  static let everything = escapes.map(\.text).joined(separator: " ")

  /// The escapes that can stand in a header value or a status line (no CR, LF or NUL, which
  /// would end the line).
  static let headerSafe = escapes.filter { !$0.text.contains { "\r\n\u{0}".contains($0) } }
  static let headerEverything = headerSafe.map(\.text).joined(separator: " ")

  /// Numbers as JSON text: too big, too small, fractional, or not numbers at all.
  static let jsonNumbers: [String] = [
    "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-1", "0", "1e308", "-1e308", "1e400",
    "0.5", "-0.0", "123456789012345678901234567890", "\"12\"", "\"NaN\"", "null", "true", "[]", "{}",
  ]

  /// A few of them, for the fields that share their code with another.
  static let someJSONNumbers = ["9223372036854775807", "-1", "1e400", "\"12\"", "null"]

  /// Numbers as header text.
  static let headerNumbers: [String] = [
    "9223372036854775807", "-9223372036854775808", "99999999999999999999", "-1", "1e308", "NaN", "inf", "-inf",
    "0x10", "1.5", "", "abc", "Wed, 21 Oct 2015 07:28:00 GMT", "\u{0661}\u{0662}",
    "1" + String(repeating: "0", count: 400),
  ]

  static let someHeaderNumbers = ["9223372036854775807", "-1", "NaN", "inf", "1e308"]

  /// `text` as a JSON string literal: quotes, backslashes and control characters escaped, the
  /// rest (C1, bidi) left as UTF-8.
  static func q(_ text: String) -> String {
    let hex = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    bytes.reserveCapacity(text.utf8.count + 2)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
      case 0..<0x20: bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `[[[…]]]`, `depth` deep.
  static func nestedArrays(_ depth: Int) -> String {
    String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
  }

  /// `{"a":{"a":…}}`, `depth` deep.
  static func nestedObjects(_ depth: Int) -> String {
    String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
  }

  /// One word with no space to break at.
  static func word(_ bytes: Int) -> String { String(repeating: "x", count: bytes) }

  static let megabyte = 1 << 20
  /// A megabyte-long word as a JSON string.
  static let megabyteWordJSON = q(word(megabyte))
}

/// Marvel's answers, written as JSON text with any field replaced by a hostile fragment.
enum Marvel {
  static let list = ["Screens/characters.json"]
  static let detail = ["Screens/character.json", "--param", "id=1009368"]

  /// One character; each argument is JSON text.
  static func character(
    id: String = "1009368", name: String = Hostile.q("Iron Man"), description: String = Hostile.q("A suit of armor."),
    modified: String = Hostile.q("2016-09-28T12:08:19-0400"), thumbnailPath: String = Hostile.q("http://i.example/a"),
    comics: String = "{\"available\": 2, \"items\": [{\"name\": \"A+X (2012) #2\"}]}", available: String = "2"
  ) -> String {
    """
    {"id": \(id), "name": \(name), "description": \(description), "modified": \(modified),
    "thumbnail": {"path": \(thumbnailPath), "extension": "jpg"}, "comics": \(comics),
    "series": {"available": \(available)}, "stories": {"available": 3}, "events": {"available": 4}}
    """
  }

  /// The envelope around `results` (JSON text of an array).
  static func body(
    results: String = "[\(character())]", offset: String = "0", limit: String = "20", total: String = "1",
    count: String = "1", attribution: String = Hostile.q("Data provided by Marvel. © 2023 MARVEL"),
    data: String? = nil
  ) -> String {
    let data =
      data
      ?? #"{"offset": \#(offset), "limit": \#(limit), "total": \#(total), "count": \#(count), "results": \#(results)}"#
    return #"{"code": 200, "status": "Ok", "attributionText": \#(attribution), "data": \#(data)}"#
  }
}

/// GitHub's answers, the same way.
enum GitHub {
  static let commits = ["Screens/commits.json", "--param", "repo=octo/cat"]
  static let commit = ["Screens/commit.json", "--param", "repo=octo/cat", "--param", "sha=abcdef1"]
  static let repository = ["Screens/repository.json", "--param", "repo=octo/cat"]
  static let search = ["Screens/repositories.json", "--script", "-"]
  static let searchScript = "search swift\n"

  static func repository(
    fullName: String = Hostile.q("octo/cat"), description: String = Hostile.q("A cat."),
    language: String = Hostile.q("Swift"), stars: String = "42", license: String = "{\"name\": \"MIT License\"}",
    topics: String = "[\"cats\"]", htmlURL: String = Hostile.q("https://github.com/octo/cat")
  ) -> String {
    """
    {"full_name": \(fullName), "name": "cat", "owner": {"login": "octo"}, "description": \(description),
    "language": \(language), "stargazers_count": \(stars), "forks_count": 3, "open_issues_count": 1,
    "license": \(license), "topics": \(topics), "default_branch": "main", "updated_at": "2020-01-01T00:00:00Z",
    "html_url": \(htmlURL)}
    """
  }

  static func commit(
    sha: String = Hostile.q("abcdef1234567890"), message: String = Hostile.q("Fix the thing\n\nLonger text."),
    login: String = Hostile.q("octo"), name: String = Hostile.q("Octo Cat"),
    date: String = Hostile.q("2020-01-01T00:00:00Z"), parents: String = "[{\"sha\": \"1234567890abcdef\"}]",
    htmlURL: String = Hostile.q("https://github.com/octo/cat/commit/abcdef1")
  ) -> String {
    """
    {"sha": \(sha), "commit": {"message": \(message), "author": {"name": \(name), "date": \(date)},
    "committer": {"name": \(name), "date": \(date)}}, "author": {"login": \(login)}, "committer": {"login": \(login)},
    "parents": \(parents), "html_url": \(htmlURL)}
    """
  }

  static func searchBody(items: String = "[\(repository())]", totalCount: String = "1") -> String {
    #"{"total_count": \#(totalCount), "incomplete_results": false, "items": \#(items)}"#
  }
}
