import Testing

@testable import ScreenRunCLI

/// `plugin check` prints the base URL it asks: a user and password in it never show.
@Suite("plugin check's base URL")
struct DeclaredCheckURLTests {
  @Test("a URL's user and password become REDACTED; one without them stays as it is")
  func userInfo() {
    let check = DeclaredCheckCommand.withoutUserInfo
    #expect(check("https://x:ghp_token123@ghe.example/api") == "https://REDACTED@ghe.example/api")
    #expect(check("http://token@127.0.0.1:8080") == "http://REDACTED@127.0.0.1:8080")
    #expect(check("https://api.example/v1?next=a@b") == "https://api.example/v1?next=a@b")
    #expect(check("https://api.example") == "https://api.example")
    #expect(check("its sample") == "its sample")
  }
}
