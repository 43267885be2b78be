/// The text of an HTML fragment, as the `html` filter shows it: a comment on Hacker News, a
/// story's `story_text`, a description an API sends as HTML.
///
/// One pass over the bytes, each read a bounded number of times (a tag, a comment or a
/// `<script>` that is never closed ends the text), so a megabyte of `<<<<` or `&&&&` takes time
/// in proportion to its length:
/// - Tags are dropped. `<br>` breaks the line; `<p>` and `</p>` leave a blank line; `<div>`,
///   `<li>` (which starts its line with `• `), `<h1>` to `<h6>`, `<pre>`, `<tr>`, `<ul>`, `<ol>`,
///   `<blockquote>`, `<table>`, `<hr>` and their closings start a new line. Runs of blank lines
///   become one, and white space runs become one space, except inside `<pre>`.
/// - A link keeps its text; when its `href` is an absolute URL that the text does not show, the
///   URL follows in parentheses (`docs (https://example.com/docs)`), and when the text is the
///   URL shortened with a trailing `...` (as Hacker News writes long links), the URL stands alone.
/// - Entities are decoded: the named ones of `namedEntities` and decimal and hex references
///   (`&#39;`, `&#x27;`), with their `;`. Any other `&` stays as it is written; a reference to a
///   control character, a surrogate, 0 or past U+10FFFF is U+FFFD.
/// - `<script>` and `<style>` are dropped with their content, comments with theirs.
///
/// A control character in the text (an escape, a bell, a C1 control) is U+FFFD too, so what is
/// left is text; the frame's writer still sees it, as it sees any other text from outside.
package enum HTMLText {
  package static func text(of html: String) -> String {
    var converter = Converter(Array(html.utf8))
    converter.run()
    return converter.result
  }

  /// Named references, the ones text on the web uses; others stay as written.
  static let namedEntities: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
    "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–",
    "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“", "rdquo": "”", "bdquo": "„",
    "laquo": "«", "raquo": "»", "bull": "•", "middot": "·", "deg": "°", "plusmn": "±",
    "times": "×", "divide": "÷", "minus": "−", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢",
    "sect": "§", "para": "¶", "iexcl": "¡", "iquest": "¿", "larr": "←", "rarr": "→", "uarr": "↑",
    "darr": "↓", "harr": "↔", "le": "≤", "ge": "≥", "ne": "≠", "asymp": "≈", "infin": "∞",
    "frac12": "½", "frac14": "¼", "frac34": "¾", "micro": "µ", "dagger": "†", "prime": "′",
    "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß",
    "eacute": "é", "egrave": "è", "agrave": "à", "aacute": "á", "ccedil": "ç", "ntilde": "ñ",
    "oacute": "ó", "iacute": "í", "uacute": "ú", "Eacute": "É", "shy": "", "zwj": "\u{200D}",
    "zwnj": "\u{200C}", "ensp": " ", "emsp": " ", "thinsp": "\u{2009}",
  ]

  /// Tags that start a new line, opening or closing; `p` leaves a blank line and `br` breaks one.
  static let blockTags: Set<String> = [
    "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "tr", "ul", "ol", "blockquote", "table", "hr",
    "section", "article", "header", "footer", "dd", "dt", "dl",
  ]

  private struct Converter {
    let input: [UInt8]
    var index = 0
    var output: [UInt8] = []
    /// The newlines the output ends with.
    var newlines = 0
    /// A space read but not yet written: written before the next text, dropped before a break.
    var pendingSpace = false
    var inPre = false
    /// The open link: where its text starts in the output, and its URL.
    var link: (start: Int, href: String)?

    init(_ input: [UInt8]) { self.input = input }

    var result: String {
      var end = output.count
      while end > 0, output[end - 1] == UInt8(ascii: "\n") || output[end - 1] == UInt8(ascii: " ") { end -= 1 }
      return String(decoding: output[..<end], as: UTF8.self)
    }

    mutating func run() {
      while index < input.count {
        let byte = input[index]
        if byte == UInt8(ascii: "<") {
          tag()
        } else if byte == UInt8(ascii: "&") {
          entity()
        } else if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C || byte == 0x7F {
          append("\u{FFFD}")
          index += 1
        } else if byte == 0xC2, index + 1 < input.count, (0x80...0x9F).contains(input[index + 1]) {
          append("\u{FFFD}")  // a C1 control
          index += 2
        } else {
          append(byte)
          index += 1
        }
      }
      closeLink()
    }

    /// Writes a byte of text, white space collapsed outside `<pre>`.
    mutating func append(_ byte: UInt8) {
      if byte == 0x0D && inPre { return }  // a line of a `<pre>` ends with its newline, whoever wrote it
      let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
      if isSpace && !inPre {
        if !output.isEmpty && newlines == 0 { pendingSpace = true }
        return
      }
      if pendingSpace {
        output.append(0x20)
        pendingSpace = false
      }
      output.append(byte)
      newlines = byte == 0x0A ? min(newlines + 1, 2) : 0
      if newlines > 0 && inPre { collapseNewlines() }
    }

    mutating func append(_ text: String) {
      for byte in text.utf8 { append(byte) }
    }

    /// Keeps at most one blank line.
    mutating func collapseNewlines() {
      var count = 0
      var end = output.count
      while end > 0, output[end - 1] == 0x0A, count < 3 {
        count += 1
        end -= 1
      }
      if count > 2 { output.removeLast() }
    }

    /// Ends the line (`lines` 1), or leaves a blank line (`lines` 2); nothing at the start.
    mutating func lineBreak(_ lines: Int) {
      pendingSpace = false
      while output.last == 0x20 { output.removeLast() }
      guard !output.isEmpty else { return }
      // Spaces of a `<pre>` may have stood after its newlines.
      newlines = output.last == 0x0A ? (output.dropLast().last == 0x0A ? 2 : 1) : 0
      while newlines < lines {
        output.append(0x0A)
        newlines += 1
      }
    }

    /// At a `<`: a tag, a comment or a declaration, dropped; else a `<` of text.
    mutating func tag() {
      let start = index + 1
      guard start < input.count else { return literal() }
      let first = input[start]
      if input[start...].starts(with: "!--".utf8) {
        return skip(past: "-->", from: start + 3)
      }
      if first == UInt8(ascii: "!") || first == UInt8(ascii: "?") {
        return skip(past: ">", from: start + 1)
      }
      let closing = first == UInt8(ascii: "/")
      let nameStart = closing ? start + 1 : start
      guard nameStart < input.count, isLetter(input[nameStart]) else { return literal() }
      var nameEnd = nameStart
      while nameEnd < input.count, isLetter(input[nameEnd]) || isDigit(input[nameEnd]) { nameEnd += 1 }
      let name = String(decoding: input[nameStart..<min(nameEnd, nameStart + 16)], as: UTF8.self).lowercased()
      // The end of the tag: the first `>` outside a quoted attribute value.
      var end = nameEnd
      var quote: UInt8?
      while end < input.count {
        let byte = input[end]
        if let open = quote {
          if byte == open { quote = nil }
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          quote = byte
        } else if byte == UInt8(ascii: ">") {
          break
        }
        end += 1
      }
      guard end < input.count else {
        // A tag never closed: what follows is inside it, and is no text.
        index = input.count
        return
      }
      let attributes = input[nameEnd..<end]
      index = end + 1
      handle(name, closing: closing, attributes: attributes)
    }

    mutating func handle(_ name: String, closing: Bool, attributes: ArraySlice<UInt8>) {
      switch name {
      case "br": lineBreak(1)
      case "p": lineBreak(2)
      case "a":
        closeLink()
        if !closing, let href = attribute("href", in: attributes) {
          if pendingSpace {
            output.append(0x20)
            pendingSpace = false
            newlines = 0
          }
          link = (output.count, href)
        }
      case "script", "style":
        if !closing { skipElement(name) }
      default:
        if HTMLText.blockTags.contains(name) {
          if name == "pre" { inPre = !closing }
          lineBreak(1)
          if name == "li" && !closing { append("• ") }
        }
      }
    }

    /// Ends the open link: its URL after its text when the text does not show it.
    mutating func closeLink() {
      guard let (start, href) = link else { return }
      link = nil
      let isAbsolute = href.hasPrefix("http://") || href.hasPrefix("https://") || href.hasPrefix("mailto:")
      guard isAbsolute, start <= output.count else { return }
      var text = String(decoding: output[start...], as: UTF8.self)
      while text.hasSuffix(" ") { text.removeLast() }
      if text == href { return }
      if text.hasSuffix("..."), href.hasPrefix(text.dropLast(3)), text.count > 3 {
        output.removeSubrange(start...)
        append(href)
      } else if !href.isEmpty {
        append(text.isEmpty ? href : " (" + href + ")")
      }
    }

    /// The value of an attribute, its entities decoded; nil when the tag has none.
    func attribute(_ wanted: String, in attributes: ArraySlice<UInt8>) -> String? {
      var position = attributes.startIndex
      let end = attributes.endIndex
      while position < end {
        while position < end, !isLetter(attributes[position]) { position += 1 }
        let nameStart = position
        while position < end, isLetter(attributes[position]) || attributes[position] == UInt8(ascii: "-") {
          position += 1
        }
        let name = String(decoding: attributes[nameStart..<position], as: UTF8.self).lowercased()
        while position < end, attributes[position] == 0x20 { position += 1 }
        guard position < end, attributes[position] == UInt8(ascii: "=") else { continue }
        position += 1
        while position < end, attributes[position] == 0x20 { position += 1 }
        var valueStart = position
        var valueEnd = position
        if position < end, attributes[position] == UInt8(ascii: "\"") || attributes[position] == UInt8(ascii: "'") {
          let quote = attributes[position]
          valueStart = position + 1
          valueEnd = attributes[valueStart...].firstIndex(of: quote) ?? end
          position = min(valueEnd + 1, end)
        } else {
          while valueEnd < end, attributes[valueEnd] != 0x20, attributes[valueEnd] != UInt8(ascii: "/") { valueEnd += 1 }
          position = valueEnd
        }
        if name == wanted {
          var decoder = Converter(Array(attributes[valueStart..<valueEnd]))
          decoder.inPre = true
          while decoder.index < decoder.input.count {
            if decoder.input[decoder.index] == UInt8(ascii: "&") {
              decoder.entity()
            } else {
              decoder.output.append(decoder.input[decoder.index])
              decoder.index += 1
            }
          }
          return String(decoding: decoder.output, as: UTF8.self)
        }
      }
      return nil
    }

    /// A `<` that starts no tag: text.
    mutating func literal() {
      append(UInt8(ascii: "<"))
      index += 1
    }

    /// Drops everything up to and including `end`, searched from `from`; the rest, when it is
    /// not there.
    mutating func skip(past end: String, from: Int) {
      let pattern = Array(end.utf8)
      var position = from
      while position + pattern.count <= input.count {
        if input[position] == pattern[0], input[position..<position + pattern.count].elementsEqual(pattern) {
          index = position + pattern.count
          return
        }
        position += 1
      }
      index = input.count
    }

    /// Drops a `<script>`'s or `<style>`'s content and its closing tag, whatever their case.
    mutating func skipElement(_ name: String) {
      let closing = Array(("</" + name).utf8)
      var position = index
      while position + closing.count <= input.count {
        if input[position] == UInt8(ascii: "<"),
          zip(input[position..<position + closing.count], closing).allSatisfy({ ($0 | 0x20) == ($1 | 0x20) })
        {
          index = position
          return skip(past: ">", from: position)
        }
        position += 1
      }
      index = input.count
    }

    /// At a `&`: a reference with its `;`, decoded; else a `&` of text.
    mutating func entity() {
      let start = index + 1
      var end = start
      // The longest reference read: `&#x10FFFF;` and the longest name are shorter.
      let limit = min(input.count, start + 12)
      while end < limit, isLetter(input[end]) || isDigit(input[end]) || input[end] == UInt8(ascii: "#") { end += 1 }
      guard end < input.count, input[end] == UInt8(ascii: ";"), end > start,
        let decoded = Self.decode(input[start..<end])
      else {
        append(UInt8(ascii: "&"))
        index += 1
        return
      }
      index = end + 1
      let wasPre = inPre
      inPre = true  // a decoded space (`&nbsp;` aside) is kept as written
      append(decoded)
      inPre = wasPre
    }

    /// The text of a reference's name (`amp`, `#39`, `#x27`), or nil for none.
    static func decode(_ name: ArraySlice<UInt8>) -> String? {
      guard name.first == UInt8(ascii: "#") else {
        return HTMLText.namedEntities[String(decoding: name, as: UTF8.self)]
      }
      var digits = name.dropFirst()
      var radix = 10
      if digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") {
        radix = 16
        digits = digits.dropFirst()
      }
      guard !digits.isEmpty, digits.count <= 8, let value = UInt32(String(decoding: digits, as: UTF8.self), radix: radix)
      else { return nil }
      let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
      guard !isControl, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
      return String(Character(scalar))
    }

    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
  }
}
