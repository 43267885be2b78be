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
}
