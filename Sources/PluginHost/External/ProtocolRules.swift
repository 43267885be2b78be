import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenText

/// What the protocol of PLUGINS.md means beyond the shape of its messages (that is `WireCodec`):
/// how an `error` answer reads as the runtime's error, and how a plugin's text is quoted in one.
enum ProtocolRules {
  /// The error an `error` answer names, worded as the built-in plugins' errors are.
  static func error(_ answer: Wire.ErrorAnswer, plugin: String) -> DataSourceError {
    let message = Diagnostic.escapingControls(clip(answer.message ?? "no message"))
    switch answer.kind {
    case "bad request": return .badRequest(message, parameter: answer.parameter)
    case "not found": return .notFound(message, parameter: answer.parameter)
    case "unauthorized": return .badCredentials(message)
    case "forbidden": return .forbidden(message)
    case "rate limited": return .rateLimited(message, retryAfter: answer.retryAfter)
    case "unavailable": return answer.status.map { .server(status: $0, message) } ?? .transport(message)
    default:
      let kind = Diagnostic.escapingControls(clip(answer.kindText ?? "none"))
      return .transport("plugin '\(plugin)' answered an error of unknown kind \(kind): \(message)")
    }
  }

  static func clip(_ text: String) -> String {
    text.count > 200 ? String(text.prefix(200)) + "…" : text
  }

  /// The start of a line, to quote: its secrets masked before it is cut (a cut never leaves the
  /// start of one).
  static func quote(_ line: some Collection<UInt8>) -> String {
    clip(SecretRegistry.shared.redact(String(decoding: line.prefix(4096), as: UTF8.self)))
  }
}
