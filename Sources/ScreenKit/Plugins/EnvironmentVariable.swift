import ScreenText

/// An environment variable a plugin declares it reads: its name, what it is for, whether its
/// value is a secret, and the value it has when screenrun's environment does not set it.
///
/// An external plugin's manifest writes one as a name (`"GIT_DIR"`) or an object:
///
///     "environment": ["GIT_DIR", {"name": "HN_TOKEN", "summary": "An API token", "secret": true}]
///
/// The value of a variable marked `secret` is registered for redaction (`SecretRegistry`) before
/// the plugin runs: it never shows in a frame, an error, `--explain`, a trace, a log, `plugin
/// check` or a test transcript, in any letter case, even when the plugin or its server echoes it.
public struct EnvironmentVariable: Sendable, Hashable {
  /// The variable's name: letters, digits and `_`, not starting with a digit.
  package var name: String
  /// One line on what it is for; empty when not said.
  package var summary: String
  /// Whether its value is a secret (a token, a key).
  package var secret: Bool
  /// The value the plugin gets when screenrun's environment does not set the variable.
  package var defaultValue: String?

  /// A variable a plugin reads: `EnvironmentVariable("BOOKS_TOKEN", summary: "an API token",
  /// secret: true)`, or one with the value it stands for when not set (`defaultValue:`).
  public init(_ name: String, summary: String = "", secret: Bool = false, defaultValue: String? = nil) {
    self.name = name
    self.summary = summary
    self.secret = secret
    self.defaultValue = defaultValue
  }

  /// The keys of the object form.
  package static let keys = ["$comment", "name", "summary", "secret", "default"]

  /// Whether `name` can be an environment variable's name: letters, digits and `_`, not
  /// starting with a digit.
  package static func isName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
    return name.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
    }
  }
}

extension [EnvironmentVariable] {
  /// The values in `environment` of the variables marked secret, registered for redaction.
  package func registerSecrets(from environment: [String: String]) {
    for variable in self where variable.secret {
      if let value = environment[variable.name] { SecretRegistry.shared.register(value) }
    }
  }
}
