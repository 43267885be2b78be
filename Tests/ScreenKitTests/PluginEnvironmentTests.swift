import Foundation
import PluginHost
import ScreenKit
import TestSupport
import Testing

/// A plugin's declared environment: a Swift plugin's and an external one's alike, and the secret
/// variables among them registered for redaction before the plugin runs.
@Suite("Plugin environment")
struct PluginEnvironmentTests {
  @Test("a Swift plugin's secret variable is redacted once its source is made, in either data mode")
  func swiftPluginSecret() throws {
    for mode in [PluginContext.DataMode.sample, .live] {
      let secret = "books-\(UUID().uuidString)"
      let plain = "plain-\(UUID().uuidString)"
      let plugin = Plugin(
        name: "books", summary: "books", resources: [],
        environment: [EnvironmentVariable("BOOKS_TOKEN", secret: true), EnvironmentVariable("BOOKS_URL")]
      ) { _ in CountingSource(count: 1) }
      #expect(plugin.environment.map(\.name) == ["BOOKS_TOKEN", "BOOKS_URL"])
      #expect(SecretRegistry.shared.redact("token \(secret)") == "token \(secret)", "not before the plugin is made")
      _ = try plugin.make(PluginContext(mode: mode, environment: ["BOOKS_TOKEN": secret, "BOOKS_URL": plain]))
      #expect(SecretRegistry.shared.redact("token \(secret.uppercased())") == "token REDACTED", "\(mode)")
      #expect(SecretRegistry.shared.redact("url \(plain)") == "url \(plain)", "a variable not secret stays")
    }
  }

  @Test("an external plugin's Plugin declares its manifest's variables, and registers its secrets")
  func externalPluginSecret() throws {
    let variables = [
      EnvironmentVariable("HN_FEED", summary: "a feed", defaultValue: "top"),
      EnvironmentVariable("HN_TOKEN", summary: "a token", secret: true),
    ]
    let manifest = PluginManifest(
      file: "/nowhere/plugin.json", name: "hn", summary: "news", command: ["/bin/false"], resources: [],
      variables: variables)
    #expect(manifest.plugin.environment == variables)
    #expect(ExternalPlugin(manifest: manifest).plugin?.environment == variables)
    let secret = "hn-\(UUID().uuidString)"
    _ = try ExternalPlugin(manifest: manifest).plugin?.make(PluginContext(environment: ["HN_TOKEN": secret]))
    #expect(SecretRegistry.shared.redact(secret) == "REDACTED")
  }
}
