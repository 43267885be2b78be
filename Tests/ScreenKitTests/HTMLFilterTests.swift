import Testing

@testable import ScreenFormat
@testable import ScreenJSON
@testable import ScreenKit

@Suite("The html filter")
struct HTMLFilterTests {
  func html(_ text: String) -> String { HTMLText.text(of: text) }

  func render(_ template: String, _ record: JSON) throws -> String {
    try Template(template).render(in: TemplateContext(record: record))
  }

  /// A comment as the Hacker News API sends `comment_text` (written in the documented shape: no
  /// recording of HN's API was in the fixtures): `<p>` between paragraphs, never closed, `&#x27;`
  /// and `&#x2F;`, and a long link's text cut with `...`.
  static let hackerNewsComment =
    "That&#x27;s the point: <i>nobody</i> reads the docs.<p>See <a href=\"https:&#x2F;&#x2F;"
    + "example.com&#x2F;a&#x2F;very&#x2F;long&#x2F;path&#x2F;to&#x2F;docs\" rel=\"nofollow\">https:&#x2F;&#x2F;"
    + "example.com&#x2F;a&#x2F;very&#x2F;...</a> and &quot;x &lt; y&quot;.<p><pre><code>  let x = 1\n"
    + "  let y = 2\n</code></pre>"

  @Test func aHackerNewsCommentReadsAsText() throws {
    #expect(
      try render("{comment_text|html}", ["comment_text": .string(Self.hackerNewsComment)])
        == "That's the point: nobody reads the docs.\n\nSee https://example.com/a/very/long/path/to/docs and "
        + "\"x < y\".\n\n  let x = 1\n  let y = 2")
  }

  @Test func blockTagsBreakLinesAndBlankLinesCollapse() {
    #expect(html("a<br>b<BR/>c") == "a\nb\nc")
    #expect(html("<p>one</p><p>two</p>") == "one\n\ntwo")
    #expect(html("<div>a</div><div>b</div>") == "a\nb")
    #expect(html("<h1>Title</h1>text") == "Title\ntext")
    #expect(html("<ul><li>one</li><li>two</li></ul>") == "• one\n• two")
    #expect(html("<table><tr><td>a</td></tr><tr><td>b</td></tr></table>") == "a\nb")
    #expect(html("a<p><p><p><br><br>b") == "a\n\nb")
    #expect(html("  many   spaces\n\tand\nlines  ") == "many spaces and lines")
    #expect(html("<pre>a\n\n\n\nb\r\n  c</pre>") == "a\n\nb\n  c")
  }

  @Test func linksKeepTheirTextAndShowAURLTheTextDoesNot() {
    #expect(html("<a href=\"https://x.org/\">https://x.org/</a>") == "https://x.org/")
    #expect(html("read <a href=\"https://x.org/docs\">the docs</a>.") == "read the docs (https://x.org/docs).")
    #expect(html("<a href='https://x.org/a/b/c'>https://x.org/a...</a>") == "https://x.org/a/b/c")
    #expect(html("<a href=\"item?id=1\">a story</a>") == "a story")
    #expect(html("<a name=\"top\">top</a>") == "top")
    #expect(html("<a href=\"https://x.org/\"></a>") == "https://x.org/")
  }

  @Test func entities() {
    #expect(html("&amp; &lt; &gt; &quot; &#39; &apos; &#x27; &#X41; &#65;") == "& < > \" ' ' ' A A")
    #expect(html("a&nbsp;b &copy; &hellip; &mdash;") == "a\u{00A0}b © … —")
    // Unknown, unterminated and overlong references stay as written.
    #expect(html("&bogus; &amp &#; &#x; &#12a; AT&T") == "&bogus; &amp &#; &#x; &#12a; AT&T")
    #expect(html("&#0000000000065;") == "&#0000000000065;")
    // A control character, a surrogate, 0 and past U+10FFFF are U+FFFD.
    #expect(html("&#27;[31m &#x1b; &#x9b; &#127; &#0; &#xD800; &#x110000; &#xFFFFFFFF;") == "�[31m � � � � � � �")
  }

  @Test func scriptsStylesAndCommentsAreDropped() {
    #expect(html("a<script>alert('<b>')</script>b") == "ab")
    #expect(html("a<STYLE type=\"text/css\">p { x: 1 }</Style >b") == "ab")
    #expect(html("a<!-- <p>hidden</p> -->b<!DOCTYPE html>c<?xml x?>d") == "abcd")
    #expect(html("a<script>never closed") == "a")
    #expect(html("a<!-- never closed") == "a")
  }

  @Test func aLessThanThatStartsNoTagIsText() {
    #expect(html("1 < 2 and 3 <= 4, <3") == "1 < 2 and 3 <= 4, <3")
    #expect(html("x <") == "x <")
    #expect(html("a <b c") == "a")
    #expect(html("<a title=\"x > y\">link</a>") == "link")
  }

  @Test func nothingLeftThatTheTerminalCouldRun() throws {
    let text = try render("{x|html}", ["x": "<b>\u{1B}]8;;https://evil/\u{07}bold\u{1B}[0m</b>&#x1b;[2J"])
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
  }

  /// A megabyte of what starts a tag or a reference and never ends one: each byte is read a
  /// bounded number of times (a quadratic pass would read 10^12).
  @Test func aMegabyteOfOpeningsIsText() {
    let size = 1 << 20
    #expect(html(String(repeating: "<", count: size)) == String(repeating: "<", count: size))
    #expect(html(String(repeating: "&", count: size)) == String(repeating: "&", count: size))
    #expect(html(String(repeating: "&#", count: size / 2)) == String(repeating: "&#", count: size / 2))
    #expect(html("x" + String(repeating: "<a", count: size / 2)) == "x")
    #expect(html("x" + String(repeating: "<!--", count: size / 4)) == "x")
    #expect(html("x<script>" + String(repeating: "</scrip", count: size / 7)) == "x")
  }

  @Test func aValueThatIsNoTextPassesThrough() throws {
    #expect(try render("{n|html}", ["n": 12]) == "12")
    #expect(try render("{missing|html|default:\"-\"}", [:]) == "-")
  }
}
