import ScreenFormat
import ScreenJSON
import ScreenText

/// The rules of the protocol of PLUGINS.md that one message from a plugin must keep, in one place:
/// what `ExternalProcess` and `ExternalSource` hold a running plugin to, and what
/// `ConformanceCheck` reports. Each rule gives the reason it was broken, worded to follow
/// "plugin 'NAME' ".
package enum ProtocolRules {
  /// The kinds an `error` answer may name.
  static let errorKinds = ["bad request", "not found", "unauthorized", "forbidden", "rate limited", "unavailable"]

  /// One line of the plugin's stdout as a message: a JSON object with a string `type`. A blank
  /// line is nil (skipped). With `members`, the objects of its `records` array keep only those
  /// members: the others are stepped over, never converted (nor checked).
  package static func message(_ line: [UInt8], recordsReading members: RecordMembers? = nil)
    -> Result<(type: String, object: JSONObject), Broken>?
  {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return nil }
    let parsed: Result<JSON, JSONSyntaxError>
    if let members {
      parsed = line.withUnsafeBufferPointer { buffer in
        Result { () throws(JSONSyntaxError) in
          try JSON.parse(buffer, onlyMembers: members, ofElementsOf: "records", options: .response)
        }
      }
    } else {
      parsed = Result { () throws(JSONSyntaxError) in try JSON.parse(line, options: .response) }
    }
    let message: JSON
    switch parsed {
    case .success(let value): message = value
    case .failure(let error):
      return .failure(Broken("wrote a line that is not JSON (\(error.message)): \(quote(line))"))
    }
    guard case .object(let object) = message, case .string(let type) = object["type"] else {
      return .failure(Broken("wrote a message without a \"type\": \(quote(line))"))
    }
    return .success((type, object))
  }

  /// The plugin's first message: a `hello` of this protocol version.
  static func hello(_ type: String, _ object: JSONObject) -> Broken? {
    guard type == "hello" else { return Broken("wrote \"\(clip(type))\" before its \"hello\"") }
    guard object["protocol"]?.intValue == PluginManifest.protocolVersion else {
      return Broken(
        "speaks protocol \(clip(object["protocol"]?.compactText ?? "(none)")); this screenrun speaks \(PluginManifest.protocolVersion)"
      )
    }
    return nil
  }

  /// An answer's type and id: one of `page`, `record` and `error`, with a whole-number id.
  static func answerID(_ type: String, _ object: JSONObject) -> Result<Int, Broken> {
    guard ["page", "record", "error"].contains(type) else {
      return .failure(Broken("wrote a message of unknown type \"\(clip(type))\""))
    }
    guard let id = object["id"]?.intValue else { return .failure(Broken("wrote a \"\(type)\" answer without an id")) }
    return .success(id)
  }

  /// A `page` answer as a page: `records` an array, `total` and `reachable` whole numbers,
  /// `next` a string or null, `attribution` a string.
  package static func page(_ answer: JSONObject) -> Result<Page, Broken> {
    guard case .array(let records) = answer["records"] else {
      return .failure(Broken("answered a page without a \"records\" array"))
    }
    var counts: [Int?] = []
    for key in ["total", "reachable"] {
      guard let value = answer[key], value != .null else {
        counts.append(nil)
        continue
      }
      guard let number = value.intValue, number >= 0 else {
        return .failure(Broken("answered a page whose \"\(key)\" is not a whole number"))
      }
      counts.append(number)
    }
    let next: PageCursor?
    switch answer["next"] {
    case nil, .null?: next = nil
    case .string(let text)?: next = PageCursor(text)
    default: return .failure(Broken("answered a page whose \"next\" is not a string or null"))
    }
    return attribution(answer).map { attribution in
      Page(records: records, total: counts[0], reachable: counts[1], next: next, attribution: attribution)
    }
  }

  /// A `record` answer as a record: a `record` member, and `attribution` a string.
  package static func record(_ answer: JSONObject) -> Result<Record, Broken> {
    guard let value = answer["record"] else { return .failure(Broken("answered a record without \"record\"")) }
    return attribution(answer).map { Record(value, attribution: $0) }
  }

  private static func attribution(_ answer: JSONObject) -> Result<String?, Broken> {
    switch answer["attribution"] {
    case nil, .null?: .success(nil)
    case .string(let text)?: .success(text)
    default: .failure(Broken("answered with an \"attribution\" that is not a string"))
    }
  }

  /// What an `error` answer breaks, if anything: a known `kind`, a string `message`, a
  /// whole-number `status` and `retryAfter`.
  package static func errorAnswer(_ answer: JSONObject) -> Broken? {
    guard let kind = answer["kind"]?.stringValue, errorKinds.contains(kind) else {
      return Broken(
        "answered an error of unknown kind \(clip(answer["kind"]?.compactText ?? "(none)")); the kinds are "
          + errorKinds.map { "'\($0)'" }.joined(separator: ", "))
    }
    guard answer["message"]?.stringValue != nil else { return Broken("answered an error without a \"message\" string") }
    for key in ["status", "retryAfter"] where answer[key] != nil && answer[key] != .null {
      guard answer[key]?.intValue != nil else {
        return Broken("answered an error whose \"\(key)\" is not a whole number")
      }
    }
    return nil
  }

  /// The error an `error` answer names, worded as the built-in plugins' errors are.
  package static func error(_ answer: JSONObject, plugin: String) -> DataSourceError {
    let message = Diagnostic.escapingControls(clip(answer["message"]?.stringValue ?? "no message"))
    let status = answer["status"]?.intValue
    switch answer["kind"]?.stringValue {
    case "bad request": return .badRequest(message, parameter: answer["parameter"]?.stringValue)
    case "not found": return .notFound(message, parameter: answer["parameter"]?.stringValue)
    case "unauthorized": return .badCredentials(message)
    case "forbidden": return .forbidden(message)
    case "rate limited":
      return .rateLimited(message, retryAfter: answer["retryAfter"]?.intValue)
    case "unavailable": return status.map { .server(status: $0, message) } ?? .transport(message)
    default:
      let kind = Diagnostic.escapingControls(clip(answer["kind"]?.compactText ?? "none"))
      return .transport("plugin '\(plugin)' answered an error of unknown kind \(kind): \(message)")
    }
  }

  /// A broken rule: why, worded to follow "plugin 'NAME' ".
  package struct Broken: Error, Equatable {
    package var reason: String
    package init(_ reason: String) { self.reason = reason }
  }

  static func clip(_ text: String) -> String {
    text.count > 200 ? String(text.prefix(200)) + "…" : text
  }

  /// The start of a line, to quote: its secrets masked before it is cut (a cut never leaves the
  /// start of one).
  package static func quote(_ line: [UInt8]) -> String {
    clip(SecretRegistry.shared.redact(String(decoding: line.prefix(4096), as: UTF8.self)))
  }
}
