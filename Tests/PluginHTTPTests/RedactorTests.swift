import PluginHTTP
import Testing

@Suite("Redactor")
struct RedactorTests {
  @Test("secret query values are replaced, the rest of the URL kept")
  func queryValues() {
    let redactor = Redactor()
    let text =
      "GET http://127.0.0.1:8080/v1/public/characters?limit=20&ts=17&apikey=pub123&hash=0123456789abcdef0123456789abcdef"
    #expect(
      redactor(text)
        == "GET http://127.0.0.1:8080/v1/public/characters?limit=20&ts=17&apikey=REDACTED&hash=REDACTED")
  }

  @Test("a secret parameter echoed inside a server's message is found too")
  func echoedInMessage() {
    let message = #"/v1/public/characters/:id/stories?apikey=abc&hash=feedface&limit=10 does not exist"#
    #expect(
      Redactor()(message) == "/v1/public/characters/:id/stories?apikey=REDACTED&hash=REDACTED&limit=10 does not exist")
  }

  @Test("a longer name that ends in a secret name is not touched")
  func longerNames() {
    #expect(Redactor()("?sha_hash=abc&hashes=2&hash=x") == "?sha_hash=abc&hashes=2&hash=REDACTED")
  }

  @Test("the user and password of a URL are removed")
  func userInfo() {
    #expect(Redactor()("see https://me:s3cret@example.com/x?y=1") == "see https://REDACTED@example.com/x?y=1")
    #expect(Redactor()("mail me@example.com") == "mail me@example.com")
  }

  @Test("known secret values are removed wherever they stand, the longest first")
  func literalSecrets() {
    let redactor = Redactor(secrets: ["ghp_abcdef123456", "ghp_abcdef"])
    #expect(redactor("token ghp_abcdef123456 and ghp_abcdef") == "token REDACTED and REDACTED")
  }

  @Test("values too short to search for are left alone, so text is not mangled")
  func shortSecrets() {
    #expect(Redactor(secrets: ["y"])("every day") == "every day")
  }
}
