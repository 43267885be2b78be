import Testing

@testable import ScreenFormat
@testable import ScreenJSON
@testable import ScreenKit

@Suite("The host and ago filters")
struct HostAndAgoFilterTests {
  /// 2025-12-01T00:00:00Z.
  static let now = 1_764_547_200.0

  func render(_ template: String, _ value: JSON, now: Double = now) throws -> String {
    try Template(template).render(in: TemplateContext(record: ["x": value], clock: .fixed(now)))
  }

  @Test func hostOfAURL() throws {
    #expect(try render("{x|host}", "https://www.github.com/a/b") == "github.com")
    #expect(try render("{x|host}", "HTTP://News.YCombinator.COM/item?id=1") == "news.ycombinator.com")
    #expect(try render("{x|host}", "https://user:secret@www.Example.org:8443/x#y") == "example.org")
    #expect(try render("{x|host}", "http://[::1]:8080/") == "[::1]")
    #expect(try render("{x|host}", "https://example.com") == "example.com")
    #expect(try render("{x|host}", "https://wwwexample.com?q") == "wwwexample.com")
    #expect(try render("{x|host}", "  https://bücher.de/  ") == "bücher.de")
  }

  @Test func hostOfWhatIsNoURLIsBlank() throws {
    for value: JSON in [
      "github.com/a", "/a/b", "mailto:x@y.z", "https://", "https:///a", "https://www./", "1https://x.org",
      "https://exa mple.com/", "https://x.org:80a/", "https://x.org\u{1B}[2J/", "http://[::1/", 42, nil,
    ] {
      #expect(try render("{x|host|default:\"-\"}", value) == "-", "\(value)")
    }
  }

  @Test func agoInWords() throws {
    let cases: [(Double, String)] = [
      (0, "just now"), (59, "just now"), (60, "1 minute ago"), (5 * 60 + 59, "5 minutes ago"),
      (3_600, "1 hour ago"), (23 * 3_600, "23 hours ago"), (86_400, "1 day ago"), (29 * 86_400, "29 days ago"),
      (30 * 86_400, "1 month ago"), (64 * 86_400, "2 months ago"), (364 * 86_400, "11 months ago"),
      (365 * 86_400, "1 year ago"), (4 * 366 * 86_400, "4 years ago"), (-300, "in 5 minutes"),
      (-86_400 * 3, "in 3 days"), (-30, "just now"),
    ]
    for (elapsed, words) in cases {
      #expect(try render("{x|ago}", .double(Self.now - elapsed)) == words, "\(elapsed)")
    }
  }

  @Test func agoReadsISO8601AndUnixTimes() throws {
    #expect(try render("{x|ago}", "2025-11-30T23:55:00Z") == "5 minutes ago")
    #expect(try render("{x|ago}", "2025-11-30T23:55:00.123Z") == "5 minutes ago")
    #expect(try render("{x|ago}", "2025-11-30T18:55:00-0500") == "5 minutes ago")
    #expect(try render("{x|ago}", "2025-12-01T01:00:00+01:00") == "just now")
    #expect(try render("{x|ago}", "2025-12-01T03:00:00+01") == "in 2 hours")
    #expect(try render("{x|ago}", "2025-11-28") == "3 days ago")
    #expect(try render("{x|ago}", "2025-11-28 00:00") == "3 days ago")
    #expect(try render("{x|ago}", "2021-12-01T00:00:00Z") == "4 years ago")
    #expect(try render("{x|ago}", .int(1_764_546_900)) == "5 minutes ago")
    #expect(try render("{x|ago}", "1764546900") == "5 minutes ago")
    #expect(try render("{x|ago}", " 1764546899.5 ") == "5 minutes ago")
  }

  @Test func agoOfWhatIsNoTimeIsBlank() throws {
    for value: JSON in [
      "yesterday", "-0001-11-30T00:00:00-0500", "2015-02-29T00:00:00Z", "2025-11-30T24:00:00Z",
      "2025-11-30T23:60Z", "2025-11-30T23:00:00Q", "2025-11-30T23:00:00+0", "2025-11-30T", "1e9", "",
      .double(1e300), .double(-1e300), "99999999999999999999999", nil, true,
    ] {
      #expect(try render("{x|ago|default:\"-\"}", value) == "-", "\(value)")
    }
  }

  @Test func isoSecondsAgreeWithUnixDate() {
    for seconds in [-62_135_596_800, -1, 0, 951_782_400, 1_764_547_199, 253_402_300_799] {
      guard case .text(let date) = TemplateFilter.unixDate(seconds) else {
        Issue.record("no date for \(seconds)")
        continue
      }
      let midnight = seconds - ((seconds % 86_400) + 86_400) % 86_400
      #expect(TemplateFilter.isoSeconds(date) == midnight, "\(date)")
    }
  }

  @Test func aContextTakesTheClockOfItsTask() {
    let template = try! Template("{x|ago}")
    let context = TemplateClock.$current.withValue(.fixed(Self.now)) { TemplateContext(record: ["x": "2025-11-30T00:00:00Z"]) }
    #expect(template.render(in: context) == "1 day ago")
  }
}
