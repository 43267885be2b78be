import PluginHTTP
import Testing

@Suite("Link headers")
struct LinkHeaderTests {
  @Test("the recorded GitHub Link header: next and last, targets exactly as given")
  func recorded() {
    let header = LinkHeader([
      #"<https://api.github.com/repositories/3710711/commits?per_page=25&page=2>; rel="next", <https://api.github.com/repositories/3710711/commits?per_page=25&page=111>; rel="last""#
    ])
    #expect(header.target("next") == "https://api.github.com/repositories/3710711/commits?per_page=25&page=2")
    #expect(header.target("last") == "https://api.github.com/repositories/3710711/commits?per_page=25&page=111")
    #expect(header.target("prev") == nil)
  }

  @Test("the last page's header has no next")
  func noNext() {
    let header = LinkHeader([
      #"<https://api.github.com/search/code?q=%22profile+%3D+black%22&per_page=5&page=1>; rel="prev", <https://api.github.com/search/code?q=x&page=1>; rel="first""#
    ])
    #expect(header.target("next") == nil)
    #expect(header.target("prev") == "https://api.github.com/search/code?q=%22profile+%3D+black%22&per_page=5&page=1")
  }

  @Test("unquoted and multiple relations, other parameters, several fields, any case")
  func variants() {
    let header = LinkHeader([#"<http://a/1>; title="x, y"; REL=next"#, #"<http://a/2>;rel="prev first""#])
    #expect(header.target("next") == "http://a/1")
    #expect(header.target("first") == "http://a/2")
  }

  @Test(
    "text that is no link yields no links, never a crash",
    arguments: ["", "garbage", "<unclosed", ">;rel=next", "<a>; rel"])
  func garbage(_ text: String) {
    #expect(LinkHeader([text]).target("next") == nil)
  }
}
