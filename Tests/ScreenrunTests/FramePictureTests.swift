import ScreenKinds
import ScreenKit
import ScreenRuntime
import ScreenTerminal
import Testing

/// `FramePicture`: a frame drawn as SVG or HTML, placed by column, styled by the theme's roles,
/// with links only where the terminal writer makes them, and no text of the data able to become
/// markup or a control character.
@Suite("Frame pictures")
struct FramePictureTests {
  static func svg(_ frame: Frame, columns: Int = 20, rows: Int? = nil) -> String {
    FramePicture.draw(frame, as: .svg, columns: columns, rows: rows)
  }

  static func html(_ frame: Frame, columns: Int = 20, rows: Int? = nil) -> String {
    FramePicture.draw(frame, as: .html, columns: columns, rows: rows)
  }

  @Test("each run starts at its column: a wide character alone at its column, the text after it two columns on")
  func columns() {
    let picture = Self.svg(Frame(plain: ["a漢b👍c"]))
    // 12 px margin, 8.4 px a column.
    #expect(picture.contains(#"<text x="12" y="26">a</text>"#), "\(picture)")
    #expect(picture.contains(#"<text x="20.4" y="26">漢</text>"#), "\(picture)")
    #expect(picture.contains(#"<text x="37.2" y="26">b</text>"#), "\(picture)")
    #expect(picture.contains(#"<text x="45.6" y="26">👍</text>"#), "\(picture)")
    #expect(picture.contains(#"<text x="62.4" y="26">c</text>"#), "\(picture)")
    let html = Self.html(Frame(plain: ["a漢b"]))
    #expect(html.contains(#"a<span class="w">漢</span>b"#), "\(html)")
  }

  @Test("a run of narrow characters has textLength for its columns")
  func textLength() {
    let picture = Self.svg(Frame(plain: ["ab─…"]))
    #expect(
      picture.contains(#"<text x="12" y="26" textLength="33.6" lengthAdjust="spacingAndGlyphs">ab─…</text>"#),
      "\(picture)")
  }

  @Test("the size is the columns and the lines, or the rows asked for")
  func size() {
    let picture = Self.svg(Frame(plain: ["a", "b", "c"]), columns: 80)
    #expect(picture.contains(#"width="696" height="78" viewBox="0 0 696 78""#), "\(picture)")
    let tall = Self.svg(Frame(plain: ["a", "b", "c"]), columns: 20, rows: 2)
    #expect(tall.contains(#"height="60""#) && !tall.contains(">c</text>"), "\(tall)")
  }

  @Test("roles become the theme's attributes as classes; the selection is reverse video across the width")
  func roles() {
    var frame = Frame(lines: [Frame.Line("Title", role: .title), Frame.Line("hint", role: .dim)])
    var row = Frame.Line(" 1. ", role: .dim)
    row.append("Iron", role: .match)
    frame.lines.append(row)
    frame.selectedRow = 2
    let picture = Self.svg(frame)
    #expect(picture.contains(#"<text x="12" y="26" class="b" textLength="42""#), "\(picture)")
    #expect(picture.contains(#"<text x="12" y="44" class="d" textLength="33.6""#), "\(picture)")
    #expect(picture.contains(#"<text x="45.6" y="62" class="b y r" textLength="33.6""#), "the match, reversed")
    #expect(picture.contains(##"<rect x="12" y="48" width="33.6" height="18" fill="#d7dae0"/>"##), "\(picture)")
    #expect(picture.contains(##"<rect x="45.6" y="48" width="33.6" height="18" fill="#e5c07b"/>"##), "\(picture)")
    #expect(
      picture.contains(##"<rect x="79.2" y="48" width="100.8" height="18" fill="#d7dae0"/>"##), "the bar to the edge")
    var plain = Frame(plain: ["a"])
    plain.lines[0].append("b", role: .title)
    plain.selectedRow = 0
    #expect(
      Self.svg(plain).components(separatedBy: "<rect x=").count == 2,
      "one bar for spans of one colour side by side: \(Self.svg(plain))")
    let html = Self.html(frame)
    #expect(html.contains(#"<span class="b y r">Iron</span><span class="r">            </span>"#), "\(html)")
  }

  @Test("a span's http(s) URL is a link; any other is text; --color never draws none")
  func links() {
    var line = Frame.Line()
    line.append("site", role: .link, url: "https://example.com/?a=1&b='x'")
    line.append(" bad", role: .link, url: "javascript:alert(1)")
    let frame = Frame(lines: [line])
    let picture = Self.svg(frame)
    #expect(
      picture.contains(
        ##"<a href="https://example.com/?a=1&amp;b=&#39;x&#39;" xlink:href="https://example.com/?a=1&amp;b=&#39;x&#39;">"##
      ), "\(picture)")
    #expect(!picture.contains("javascript"), "\(picture)")
    #expect(picture.contains("> bad</text>"), "\(picture)")
    let html = Self.html(frame)
    #expect(html.contains(#"<a href="https://example.com/?a=1&amp;b=&#39;x&#39;" class="u">site</a>"#), "\(html)")
    #expect(!html.contains("javascript"), "\(html)")
    let plain = FramePicture.draw(frame, as: .svg, columns: 20, theme: FramePicture.theme(.never))
    #expect(!plain.contains("<a ") && !plain.contains("class="), "\(plain)")
  }

  /// Noncharacters (U+FFFE, U+FFFF, U+FDD0, U+10FFFF), which a Swift literal cannot spell.
  static let nonCharacters = String(
    String.UnicodeScalarView([0xFFFE, 0xFFFF, 0xFDD0, 0x10FFFF].compactMap(Unicode.Scalar.init)))

  @Test("text of the data is escaped, and no control character or noncharacter is written")
  func hostileText() {
    let text =
      "<script>alert('x')</script> ]]> \"q\" &amp; \u{1B}[31m \u{7F}\u{85}\u{9B} \(Self.nonCharacters)\u{202E}\t!"
    for picture in [Self.svg(Frame(plain: [text]), columns: 80), Self.html(Frame(plain: [text]), columns: 80)] {
      #expect(!picture.contains("<script"), "\(picture)")
      #expect(!picture.contains("]]>"), "\(picture)")
      #expect(picture.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; ]]&gt; &quot;q&quot; &amp;amp;"))
      let refused = picture.unicodeScalars.filter { $0 != "\n" && FramePicture.isRefused($0) }
      #expect(refused.isEmpty, "\(refused.map { String($0.value, radix: 16) })")
      #expect(picture.contains("\u{FFFD}[31m"), "ESC as U+FFFD, as a terminal shows it")
    }
  }

  @Test("a registered secret is redacted, one that escaping would change too, and is never a link")
  func secrets() {
    SecretRegistry.shared.register("s3cret&<key>")
    SecretRegistry.shared.register("s3cretvalue9")
    var line = Frame.Line("token s3cret&<key> ")
    line.append("link", role: .link, url: "https://example.com/?k=s3cretvalue9")
    for picture in [Self.svg(Frame(lines: [line]), columns: 80), Self.html(Frame(lines: [line]), columns: 80)] {
      #expect(!picture.contains("s3cret"), "\(picture)")
      #expect(picture.contains("token REDACTED"), "\(picture)")
      #expect(!picture.contains("href"), "\(picture)")
    }
  }

  @Test("the caret is drawn where the frame puts it")
  func caret() {
    var frame = Frame(plain: ["Search: iron"])
    frame.cursor = Frame.Cursor(row: 0, column: 12)
    #expect(Self.svg(frame).contains(##"<rect x="112.8" y="12" width="2" height="18" fill="#d7dae0"/>"##))
    #expect(Self.html(frame).contains(#"<span class="c" style="left:calc(12px + 12ch);top:12px"></span>"#))
    frame.cursor?.shown = false
    #expect(!Self.svg(frame).contains(#"width="2""#))
  }

  @Test("no frame, an empty one or a huge line crashes; lines are cut to the columns")
  func edges() {
    #expect(Self.svg(Frame()).hasSuffix("</svg>\n"))
    #expect(Self.html(Frame()).hasSuffix("</html>\n"))
    let long = Self.svg(Frame(plain: [String(repeating: "x", count: 5000)]), columns: 20)
    #expect(long.contains(">xxxxxxxxxxxxxxxxxxx…</text>"), "\(long)")
  }
}
