import Foundation
import ReplayServer
import Testing

/// The fifth round's cases (issue 37, items 3 to 7), each run through the built `screenrun`: a
/// secret that another plugin declares, echoed; manifests that cannot work; a dry run that
/// promised what the key refuses; the connect timeout that bounded the wait for an answer; and a
/// redirect to another origin that read as a server error.
@Suite("Hostile inputs, round five", .serialized)
struct RoundFiveTests {
  typealias Lab = RoundTwoTests.Lab
  typealias Fixture = PluginProcessTests.Fixture

  // MARK: - Item 3: a secret any plugin declares is masked, whoever echoes it

  @Test(
    "a token a shipped plugin declares secret never shows when another plugin lists it as a plain variable and echoes it"
  )
  func shippedSecretEchoedByAnother() async throws {
    let fixture = try Fixture(
      "echoenv", timeout: 5, environment: #"["GITHUB_TOKEN", "MARVEL_PRIVATE_KEY"]"#,
      extra: ["GITHUB_TOKEN": Hostile.githubToken, "MARVEL_PRIVATE_KEY": Hostile.marvelPrivateKey])
    defer { fixture.remove() }
    try await PluginProcessTests.neverShown([Hostile.githubToken, Hostile.marvelPrivateKey], echoedBy: fixture)
  }

  @Test("a token another external plugin declares secret never shows when this one lists it as plain and echoes it")
  func externalSecretEchoedByAnother() async throws {
    var fixture = try Fixture("echoenv", timeout: 5, environment: #"["TEST_TOKEN"]"#)
    defer { fixture.remove() }
    // Found on the plugin path of every command, `plugin check` of the other plugin included.
    fixture.extra["SCREENRUN_PLUGIN_PATH"] = fixture.plugins
    fixture.extra["SCREENRUN_NO_USER_PLUGINS"] = "0"
    let keeper = fixture.folder.appendingPathComponent("plugins/keeper")
    try FileManager.default.createDirectory(at: keeper, withIntermediateDirectories: true)
    try """
    {"name": "keeper", "summary": "declares the token secret", "protocol": 1, "command": ["true"],
     "environment": [{"name": "TEST_TOKEN", "summary": "a token", "secret": true}],
     "resources": [{"name": "things", "kind": "list", "summary": "things"}]}
    """.write(to: keeper.appendingPathComponent("plugin.json"), atomically: true, encoding: .utf8)
    try await PluginProcessTests.neverShown([PluginProcessTests.token], echoedBy: fixture)
  }

  // MARK: - Item 4: a manifest that cannot work fails every check, located

  /// A declared REST plugin `books` with the base URL's `variable` and `default` and the records
  /// pointer given (as JSON text), and a list screen of it.
  static func books(variable: String = #""BOOKS_API_URL""#, base: String, records: String = #""/items""#) -> String {
    """
    {"name": "books", "summary": "books", "http": {"baseURL": {"variable": \(variable), "default": \(base)}},
     "resources": [{"name": "books", "kind": "list", "summary": "books",
                    "request": {"path": "/books", "records": \(records)}}]}
    """
  }

  static let broken: [(name: String, manifest: String, pointer: String, says: String)] = [
    ("a default with no host", books(base: #""http://""#), "/http/baseURL/default", "'http://' has no host"),
    (
      "a default with a query and a fragment", books(base: #""http://127.0.0.1:1/?a=1#x""#),
      "/http/baseURL/default", "has a query"
    ),
    ("an empty variable", books(variable: #""""#, base: #""http://127.0.0.1:1""#), "/http/baseURL/variable", "empty"),
    (
      "a records pointer with ~2", books(base: #""http://127.0.0.1:1""#, records: #""/items/~2""#),
      "/resources/0/request/records", "'/items/~2' is not a JSON pointer"
    ),
  ]

  @Test("--check, plugin check and a run refuse a manifest that cannot work, at its JSON pointer, with exit 2")
  func brokenManifests() async throws {
    for (name, manifest, pointer, says) in Self.broken {
      let lab = try Lab()
      let plugin = lab.work.appendingPathComponent("plugins/books")
      try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
      try Data(manifest.utf8).write(to: plugin.appendingPathComponent("plugin.json"))
      try lab.write(
        "books.json",
        #"{"version": 1, "kind": "list", "title": "Books", "source": {"plugin": "books", "resource": "books"}, "row": {"title": "{title}"}}"#
      )
      let commands: [(String, [String])] = [
        ("--check", ["--check", plugin.appendingPathComponent("plugin.json").path]),
        ("plugin check", ["plugin", "check", plugin.path]),
        (
          "a run", [lab.path("books.json"), "--once", "--plugin-path", lab.work.appendingPathComponent("plugins").path]
        ),
        (
          "a live run",
          [
            lab.path("books.json"), "--once", "--live", "--plugin-path",
            lab.work.appendingPathComponent("plugins").path,
          ]
        ),
      ]
      for (command, arguments) in commands {
        let run = try await lab.run(arguments)
        let stderr = String(decoding: run.stderr, as: UTF8.self)
        #expect(run.exitCode == 2, "\(name), \(command): \(lab.text(run))")
        #expect(stderr.contains("error at \(pointer):"), "\(name), \(command): \(lab.text(run))")
        #expect(stderr.contains(says), "\(name), \(command): \(lab.text(run))")
      }
    }
  }

  @Test("a base URL variable set to an address with no host, or with a query and a fragment, is named with why")
  func baseURLVariableSaysWhy() async throws {
    let lab = try Lab()
    for (value, why) in [("http://", "has no host"), ("http://127.0.0.1:1/?a=1#x", "has a query ('?…')")] {
      lab.environment["GITHUB_API_URL"] = value
      let run = try await lab.run(GitHub.repository + ["--live", "--once", "--width", "300"])
      let text = lab.text(run)
      #expect(run.exitCode == 1, "\(text)")
      #expect(
        text.contains(
          "GITHUB_API_URL is '\(value)', which \(why); set it to an http or https address such as "
            + "https://api.github.com"), "\(text)")
    }
  }

  // MARK: - Item 5: a dry run refuses what the key refuses

  /// A repository screen whose `ctrl-e` runs a command with the description as its third
  /// argument, and whose `ctrl-y` copies the full name.
  static let actionScreen = """
    {"version": 1, "kind": "detail", "title": "{full_name|truncate:20}",
     "source": {"plugin": "github", "resource": "repository", "params": {"repo": "{params.repo}"}},
     "sections": [{"type": "text", "value": "{language}"}],
     "actions": [{"key": "ctrl-e", "title": "Echo it", "run": ["echo", "x", "{description}"]},
                 {"key": "ctrl-y", "title": "Copy the name", "copy": "{full_name}"}]}
    """

  @Test("a script's dry run refuses a NUL in an argument and a copy longer than a terminal takes, as the key does")
  func dryRunRefusesWhatTheKeyRefuses() async throws {
    let long = String(repeating: "n", count: 56_245)
    let body = GitHub.repository(fullName: Hostile.q(long), description: Hostile.q("a\u{0}b"))
    let lab = try Lab(answer: json(body))
    try lab.write("repo.json", Self.actionScreen)
    let run = try await lab.run(
      [lab.path("repo.json"), "--param", "repo=octo/cat", "--live", "--script", "-", "--width", "200"],
      stdin: "key Ctrl-E\nkey Ctrl-Y\n")
    let stdout = String(decoding: run.stdout, as: UTF8.self)
    #expect(!stdout.contains("would run"), "\(lab.text(run))")
    #expect(!stdout.contains("would copy"), "\(lab.text(run))")
    #expect(
      stdout.contains("action: Echo it: argument 3 holds a NUL byte, which no program can be given"),
      "\(lab.text(run))")
    #expect(
      stdout.contains("action: Copy the name: not copied: 56245 bytes is more than a terminal takes (at most 56244)"),
      "\(lab.text(run))")
  }

  @Test("a copy of exactly the most a terminal takes is still promised by the dry run")
  func dryRunKeepsTheLargestCopy() async throws {
    let body = GitHub.repository(fullName: Hostile.q(String(repeating: "n", count: 56_244)))
    let lab = try Lab(answer: json(body))
    try lab.write("repo.json", Self.actionScreen)
    let run = try await lab.run(
      [lab.path("repo.json"), "--param", "repo=octo/cat", "--live", "--script", "-", "--width", "200"],
      stdin: "key Ctrl-Y\n")
    #expect(String(decoding: run.stdout, as: UTF8.self).contains("(56244 characters)"), "\(lab.text(run))")
  }

  // MARK: - Item 6: the connect timeout bounds connecting only

  @Test("a server that accepts at once and answers after the connect timeout is waited for, up to the whole timeout")
  func slowAnswerIsNotAConnectTimeout() async throws {
    let lab = try Lab(answer: { _ in .json(GitHub.repository(), delivery: .delayed(.seconds(2))) })
    lab.environment["SCREENRUN_HTTP_CONNECT_TIMEOUT"] = "1"
    lab.environment["SCREENRUN_HTTP_TIMEOUT"] = "30"
    let run = try await lab.run(GitHub.repository + ["--live", "--once", "--no-cache"])
    let text = lab.text(run)
    #expect(run.exitCode == 0, "\(text)")
    #expect(!text.contains("connect timeout"), "\(text)")
    #expect(String(decoding: run.stdout, as: UTF8.self).contains("A cat."), "\(text)")
  }

  @Test("an answer slower than the whole timeout says that the whole timeout ran out, not the connect timeout")
  func slowAnswerIsTheOverallTimeout() async throws {
    let lab = try Lab(answer: { _ in .json(GitHub.repository(), delivery: .delayed(.seconds(30))) })
    lab.environment["SCREENRUN_HTTP_CONNECT_TIMEOUT"] = "1"
    lab.environment["SCREENRUN_HTTP_TIMEOUT"] = "3"
    let run = try await lab.run(GitHub.repository + ["--live", "--once", "--no-cache"])
    let text = lab.text(run)
    #expect(run.exitCode == 1, "\(text)")
    #expect(text.contains("took longer than 3 s (overall timeout); SCREENRUN_HTTP_TIMEOUT"), "\(text)")
    #expect(!text.contains("connect timeout"), "\(text)")
  }

  @Test("a server that never takes the connection is the connect timeout, and the message says it could not connect")
  func unansweredConnectionIsTheConnectTimeout() async throws {
    let listener = try SilentListener()
    defer { listener.close() }
    let lab = try Lab()
    lab.environment["GITHUB_API_URL"] = "http://127.0.0.1:\(listener.port)"
    lab.environment["SCREENRUN_HTTP_CONNECT_TIMEOUT"] = "1"
    lab.environment["SCREENRUN_HTTP_TIMEOUT"] = "30"
    let run = try await lab.run(GitHub.repository + ["--live", "--once", "--no-cache"])
    let text = lab.text(run)
    #expect(run.exitCode == 1, "\(text)")
    #expect(
      text.contains("could not connect to 127.0.0.1:\(listener.port) within 1 s (connect timeout)"), "\(text)")
  }

  // MARK: - Item 7: a redirect to another origin says so, and where it pointed

  @Test("a redirect to another origin says it was not followed and where it pointed, without its user information")
  func crossOriginRedirect() async throws {
    let target = "http://x:\(Hostile.githubToken)@elsewhere.example:8080/api/repos?page=2"
    let lab = try Lab(answer: { _ in
      .http("302 Found", headers: [("Location", target)], body: [])
    })
    let run = try await lab.run(GitHub.repository + ["--live", "--once", "--width", "300"])
    let text = lab.text(run)
    #expect(run.exitCode == 1, "\(text)")
    #expect(text.contains("redirected the request to another origin"), "\(text)")
    #expect(text.contains("which screenrun does not follow"), "\(text)")
    #expect(text.contains("302 Found to http://elsewhere.example:8080/api/repos?page=2"), "\(text)")
    #expect(!text.contains("answered 302 Found"), "\(text)")
    #expect(!text.contains(Hostile.githubToken) && !text.contains("x:"), "\(text)")
  }

  @Test("a redirect's target with controls, spaces and no scheme is shown escaped, resolved and cut")
  func crossOriginRedirectShownSafely() async throws {
    let target = "//elsewhere.example/\u{1B}]0;owned\u{07} a b/" + String(repeating: "z", count: 400)
    let lab = try Lab(answer: { _ in
      .http("307 Temporary Redirect", headers: [("Location", target)], body: [])
    })
    let run = try await lab.run(GitHub.repository + ["--live", "--once", "--width", "300"])
    let text = lab.text(run)
    #expect(run.exitCode == 1, "\(text)")
    #expect(text.contains("307 Temporary Redirect to http://elsewhere.example/"), "\(text)")
    #expect(!text.contains("owned\u{07}") && !text.contains("\u{1B}]0"), "\(text)")
    #expect(!text.contains(String(repeating: "z", count: 250)), "\(text)")
  }
}
