import FoundationEssentials
import PluginHTTP
import ScreenKit

/// The Marvel API keys, from `MARVEL_PUBLIC_KEY` and `MARVEL_PRIVATE_KEY`, and the signature
/// every request carries: `ts`, `apikey`, and `hash` = md5(ts + private key + public key).
///
/// The private key never leaves this type except hashed, and its `description` shows no key, so
/// printing a source by mistake cannot leak one.
struct MarvelCredentials: Sendable, CustomStringConvertible {
  static let publicKeyVariable = "MARVEL_PUBLIC_KEY"
  static let privateKeyVariable = "MARVEL_PRIVATE_KEY"

  let publicKey: String
  private let privateKey: String

  init(publicKey: String, privateKey: String) {
    self.publicKey = publicKey
    self.privateKey = privateKey
    SecretRegistry.shared.register(privateKey)  // redacted from all output, wherever it is echoed
  }

  /// The keys from the environment. Missing keys are an error that names the variables (and
  /// never their values), raised before any request is made.
  init(environment: [String: String]) throws(DataSourceError) {
    func value(_ name: String) -> String? {
      let text = environment[name]?.trimmingWhitespace() ?? ""
      return text.isEmpty ? nil : text
    }
    let publicKey = value(Self.publicKeyVariable)
    let privateKey = value(Self.privateKeyVariable)
    guard let publicKey, let privateKey else {
      let missing = [
        publicKey == nil ? Self.publicKeyVariable : nil, privateKey == nil ? Self.privateKeyVariable : nil,
      ]
      .compactMap { $0 }
      throw .badRequest(
        "live Marvel data needs \(Self.publicKeyVariable) and \(Self.privateKeyVariable) set in the environment, and "
          + (missing.count == 2 ? "neither is set" : "\(missing[0]) is not")
          + "; or leave out --live to use the bundled sample data",
        parameter: missing[0])
    }
    self.init(publicKey: publicKey, privateKey: privateKey)
  }

  /// The query items that sign a request made at `timestamp`.
  func signature(timestamp: String) -> [(String, String)] {
    let hash = Self.hash(timestamp: timestamp, privateKey: privateKey, publicKey: publicKey)
    SecretRegistry.shared.register(hash)
    return [("ts", timestamp), ("apikey", publicKey), ("hash", hash)]
  }

  /// md5(ts + privateKey + publicKey) in lowercase hex, as Marvel's authorization rules define it.
  static func hash(timestamp: String, privateKey: String, publicKey: String) -> String {
    MD5.hex(timestamp + privateKey + publicKey)
  }

  /// The values no message may show.
  var secrets: [String] { [privateKey] }

  var description: String { "MarvelCredentials(publicKey: REDACTED, privateKey: REDACTED)" }
}
