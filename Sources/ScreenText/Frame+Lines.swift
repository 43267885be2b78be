extension Frame.Line {
  /// A line whose http(s) URLs are spans of role `.link` that carry the whole URL, so that the
  /// terminal writer can make each a hyperlink, even one it cuts to the width.
  ///
  /// A URL starts at `http://` or `https://` after the line's start, a space or an opening bracket
  /// or quote, and runs to the next space or non-ASCII character; trailing punctuation (`.`, `,`,
  /// `;`, `:`, `!`, `?`, quotes, and a closing bracket without its opening one) is left out. A URL
  /// that ends where a cut left an ellipsis (`…` or `...`) is not a link: it is not whole.
  ///
  /// URLs are looked for where they start in the first `limit` bytes: a line cut to a width
  /// shows nothing after that (a URL that starts there is read whole, however long).
  package init(linking text: String, role: Frame.Role = .body, searchingFirst limit: Int = .max) {
    self.init()
    var text = text
    let found = text.utf8.count < 8 ? [] : text.withUTF8 { Self.urls(in: $0, limit: limit) }
    // Most lines hold no URL: they stay one span, their text shared.
    guard !found.isEmpty else {
      append(text, role: role)
      return
    }
    self = text.withUTF8 { bytes in
      var line = Frame.Line()
      var done = 0
      func piece(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      }
      for url in found {
        line.append(piece(done..<url.lowerBound), role: role)
        let link = piece(url)
        line.append(link, role: .link, url: link)
        done = url.upperBound
      }
      line.append(piece(done..<bytes.count), role: role)
      return line
    }
  }

  /// The byte ranges of the whole URLs in `text`.
  static func urls(in text: String) -> [Range<Int>] {
    var text = text
    return text.withUTF8 { urls(in: $0, limit: .max) }
  }

  /// The byte ranges of the whole URLs in `bytes`, in one pass: a URL's run of printable ASCII
  /// is read once, so no input makes this slower than linear.
  static func urls(in bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> [Range<Int>] {
    var found: [Range<Int>] = []
    let count = bytes.count
    var index = 0
    while index + 8 <= count, index < limit {
      guard bytes[index] | 0x20 == UInt8(ascii: "h"), let scheme = Self.scheme(bytes, at: index) else {
        index += 1
        continue
      }
      if index > 0, !Self.opening.contains(bytes[index - 1]) {
        index += scheme
        continue
      }
      var end = index
      while end < count, bytes[end] > 0x20, bytes[end] < 0x7F { end += 1 }
      let run = end
      defer { index = run }
      // A URL that a cut ended with an ellipsis is not whole.
      if end + 2 < count, bytes[end] == 0xE2, bytes[end + 1] == 0x80, bytes[end + 2] == 0xA6 { continue }
      if end - index >= 3, bytes[end - 1] == 0x2E, bytes[end - 2] == 0x2E, bytes[end - 3] == 0x2E { continue }
      var brackets: [UInt8: Int] = [:]
      for byte in bytes[index..<end] where Self.closing[byte] != nil || Self.closing.values.contains(byte) {
        brackets[byte, default: 0] += 1
      }
      while end > index + scheme {
        let last = bytes[end - 1]
        if Self.trailing.contains(last) {
          end -= 1
        } else if let open = Self.closing[last], brackets[open, default: 0] < brackets[last, default: 0] {
          brackets[last, default: 0] -= 1
          end -= 1
        } else {
          break
        }
      }
      if end > index + scheme { found.append(index..<end) }
    }
    return found
  }

  /// The length of `http://` or `https://` (in any case) at `index`, or nil.
  private static func scheme(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    func lower(_ offset: Int) -> UInt8 { bytes[index + offset] | 0x20 }
    guard lower(1) == UInt8(ascii: "t"), lower(2) == UInt8(ascii: "t"), lower(3) == UInt8(ascii: "p") else {
      return nil
    }
    let secure = lower(4) == UInt8(ascii: "s") ? 1 : 0
    guard index + 7 + secure <= bytes.count, bytes[index + 4 + secure] == UInt8(ascii: ":"),
      bytes[index + 5 + secure] == UInt8(ascii: "/"), bytes[index + 6 + secure] == UInt8(ascii: "/")
    else { return nil }
    return 7 + secure
  }

  /// What may stand just before a URL: a space, an opening bracket or a quote.
  private static let opening: Set<UInt8> = Set(" ([{<\"'".utf8)
  /// Punctuation that ends a sentence around a URL rather than the URL.
  private static let trailing: Set<UInt8> = Set(".,;:!?'\">".utf8)
  /// A closing bracket and its opening one: a closing one without its match is left out.
  private static let closing: [UInt8: UInt8] = [
    UInt8(ascii: ")"): UInt8(ascii: "("), UInt8(ascii: "]"): UInt8(ascii: "["),
  ]

  /// The line with its text replaced by `shown`, which is a cut of it (its text up to a point,
  /// then perhaps an ellipsis): the spans keep their roles and URLs up to the cut, and what
  /// follows takes the role and URL of the span it stands in. A URL cut this way still opens
  /// whole.
  /// (A `Substring`, not `some StringProtocol`: see `FrameLine.isURL`.)
  package func keepingCut(_ shown: Substring) -> Frame.Line {
    let text = self.text
    if shown.utf8.count == text.utf8.count, shown.utf8.elementsEqual(text.utf8) { return self }
    // How many bytes the two share, on a scalar boundary of both.
    var shared = 0
    for (a, b) in zip(text.utf8, shown.utf8) {
      guard a == b else { break }
      shared += 1
    }
    let textBytes = Array(text.utf8)
    while shared > 0, shared < textBytes.count, textBytes[shared] & 0xC0 == 0x80 { shared -= 1 }
    let shownBytes = Array(shown.utf8)
    while shared > 0, shared < shownBytes.count, shownBytes[shared] & 0xC0 == 0x80 { shared -= 1 }
    var line = Frame.Line()
    var used = 0
    var tail: Frame.Span?
    for span in spans {
      let count = span.text.utf8.count
      if used + count <= shared {
        line.spans.append(span)
        used += count
        if used == shared { tail = span }
        continue
      }
      let keep = shared - used
      let bytes = Array(span.text.utf8)
      if keep > 0 {
        line.spans.append(
          Frame.Span(String(decoding: bytes[..<keep], as: UTF8.self), role: span.role, url: span.url))
      }
      tail = span
      break
    }
    let rest = String(decoding: shownBytes[shared...], as: UTF8.self)
    if !rest.isEmpty {
      let role = tail?.role ?? spans.first?.role ?? .body
      if let last = line.spans.last, last.role == role, last.url == tail?.url {
        line.spans[line.spans.count - 1].text += rest
      } else {
        line.spans.append(Frame.Span(rest, role: role, url: tail?.url))
      }
    }
    return line
  }

  /// The line cut to `columns` with the ellipsis of `glyphs` (see `keepingCut`).
  package func truncated(toColumns columns: Int, glyphs: Glyphs = .unicode) -> Frame.Line {
    let text = self.text
    guard TextWidth.width(of: text, upTo: columns + 1) > columns else { return self }
    return keepingCut(glyphs.truncate(text, toColumns: columns)[...])
  }
}

extension Frame.Line {
  /// The line with every match of `query` (in any letter case) in its body spans given role
  /// `.match`; its text is unchanged.
  /// Only the first `limit` characters are looked at (a row is cut to the width after this).
  package func highlighting(_ query: String, within limit: Int = 1000) -> Frame.Line {
    let needle = query.map { String($0).lowercased() }
    guard !needle.isEmpty, !query.allSatisfy(\.isWhitespace) else { return self }
    var line = Frame.Line()
    var room = limit
    for span in spans {
      guard span.role == .body, span.url == nil, room > 0 else {
        line.spans.append(span)
        room -= span.text.utf8.count
        continue
      }
      let shown = span.text.prefix(room)
      room -= shown.count
      defer { line.append(String(span.text[shown.endIndex...])) }
      let characters = Array(shown)
      let lower = characters.map { String($0).lowercased() }
      var index = 0
      var plain = 0
      while index + needle.count <= characters.count {
        guard lower[index..<index + needle.count].elementsEqual(needle) else {
          index += 1
          continue
        }
        line.append(String(characters[plain..<index]))
        line.append(String(characters[index..<index + needle.count]), role: .match)
        index += needle.count
        plain = index
      }
      line.append(String(characters[plain...]))
    }
    return line
  }
}
