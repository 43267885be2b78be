import ScreenText
import Testing

@testable import ScreenKinds

/// A value wrapped behind a label or a bullet (a hanging indent) keeps every character: each line
/// fits, wide characters and emoji are never split, a long URL stands alone, and a megabyte value
/// comes out whole.
@Suite("Hanging wrap")
struct HangingWrapTests {
  /// The text the lines hold after their lead or indent, joined without the breaks' spaces.
  static func text(of lines: [String], lead: String) -> String {
    let indent = TextWidth.width(of: lead)
    return lines.enumerated().map { index, line in
      if FrameLine.isURL(line) { return line }
      return index == 0 ? String(line.dropFirst(lead.count)) : String(line.dropFirst(indent))
    }.joined().filter { $0 != " " }
  }

  @Test(arguments: [12, 13, 17, 24, 40])
  func wideCharactersAndEmojiStayWholeAndFit(width: Int) {
    let value = "全家桶后台管理框架 👩‍💻👩‍💻 Straße café e\u{301} 🇫🇷🇫🇷 ant-design-pro,webpack,redux,axios 한국어텍스트"
    let lead = "Topics  "
    let lines = TextWidth.wrap(value, toColumns: width, lead: lead)
    #expect(lines.first?.hasPrefix(lead) == true)
    for line in lines { #expect(TextWidth.width(of: line) <= width, "\(line)") }
    #expect(Self.text(of: lines, lead: lead) == value.filter { $0 != " " }, "\(lines)")
  }

  @Test func aURLTooWideStandsAloneAfterItsLead() {
    let url = "https://github.com/duxianwei520/react/blob/master/README.md"
    #expect(TextWidth.wrap(url, toColumns: 30, lead: "Web  ") == ["Web", url])
    #expect(TextWidth.wrap(url, toColumns: 30, lead: "  ") == [url], "a blank lead takes no line")
    #expect(TextWidth.wrap("see " + url, toColumns: 30, lead: "  • ") == ["  • see", url])
  }

  /// Only a field that does not fit beside its label goes under it: in a column narrower than
  /// 12, one whose value needs more than a line; in any, one whose column would break a word of
  /// it (issue 39, item 10).
  @Test func aFieldGoesUnderItsLabelOnlyWhereItDoesNotFitBesideIt() {
    #expect(
      DetailFrame.fieldLines(label: "Language", labelWidth: 14, value: "JavaScript", width: 28)
        == ["Language        JavaScript"])
    #expect(
      DetailFrame.fieldLines(label: "Language", labelWidth: 14, value: "JavaScript", width: 26)
        == ["Language        JavaScript"], "a column of 10 holds it on one line")
    #expect(
      DetailFrame.fieldLines(label: "Language", labelWidth: 14, value: "JavaScript", width: 25)
        == ["Language", "  JavaScript"])
    #expect(
      DetailFrame.fieldLines(label: "Topics", labelWidth: 14, value: "ant-design-pro, antd", width: 24)
        == ["Topics", "  ant-design-pro, antd"])
    let sha = "10bed7bcc2ff1460b0fcea046b094fff646e01de"
    #expect(DetailFrame.fieldLines(label: "SHA", labelWidth: 10, value: sha, width: 50) == ["SHA", "  " + sha])
    #expect(DetailFrame.fieldLines(label: "SHA", labelWidth: 10, value: sha, width: 52) == ["SHA         " + sha])
    #expect(
      DetailFrame.fieldLines(label: "SHA", labelWidth: 10, value: sha, width: 40)
        == ["SHA         10bed7bcc2ff1460b0fcea046b09", "            4fff646e01de"],
      "too wide for the room under its label too: it stays beside, broken as it would be there")
    let url = "https://github.com/carloscuesta/gitmoji/commit/" + sha
    #expect(
      DetailFrame.fieldLines(label: "Web", labelWidth: 10, value: url, width: 50) == ["Web", url],
      "a URL stands whole on its own line, as before")
  }

  @Test func aMegabyteValueComesOutWhole() {
    let word = "全家桶-ant-design-pro👩‍💻 "
    let value = String(repeating: word, count: 1 << 20 / word.utf8.count)
    let lines = DetailFrame.fieldLines(label: "Topics", labelWidth: 14, value: value, width: 39)
    #expect(lines.allSatisfy { TextWidth.width(of: $0) <= 39 })
    #expect(Self.text(of: lines, lead: "Topics          ") == value.filter { $0 != " " })
  }
}
