import ScreenKit

extension CommandDeclaration.Topic {
  /// The environment variables the plugins declare, one topic each, as `--help` and the man page
  /// list them: `BOOKS_API_URL`, "books: the Books API's server, for live data (default …)".
  /// The command line names no plugin's variable itself; each plugin declares its own.
  static func variables(of plugins: [Plugin]) -> [Self] {
    plugins.flatMap { plugin in
      plugin.environment.map { Self(name: $0.name, help: "\(plugin.name): \($0.help)") }
    }
  }
}

extension EnvironmentVariable {
  /// What `--help`, `--plugins` and the man page say of the variable: its summary, its default,
  /// and that its value is never printed when it is a secret. A manifest's words are untrusted,
  /// so no control character or line break of theirs is kept.
  var help: String {
    var text = summary.isEmpty ? "read by the plugin" : summary
    if let defaultValue { text += " (default \(defaultValue))" }
    if secret { text += "; a secret, never printed" }
    return TerminalSafe.sanitize(text)
  }
}
