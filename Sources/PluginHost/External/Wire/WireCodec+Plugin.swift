import ScreenJSON
import ScreenKit

/// The plugin's side of the codec: a request as a program reads it, and a reply as it writes it.
/// screenrun reads replies and writes requests (`WireCodec`); these halves make each message go
/// both ways, for a stand-in program in Swift and for the round trips that test the codec.
extension WireCodec {
  /// The line for `reply`, ending in a newline.
  static func encode(_ reply: Wire.Reply) -> [UInt8] {
    Array((text(reply) + "\n").utf8)
  }

  /// The line for `reply` as text, without its newline.
  static func text(_ reply: Wire.Reply) -> String {
    switch reply {
    case .hello(let hello):
      return JSON.object(JSONObject(["type": "hello", "protocol": .int(hello.protocolVersion)])).lineText
    case .answer(let id, let body, let status):
      var object = JSONObject(["type": .string(body.type.rawValue), "id": .int(id)])
      switch body {
      case .page(let page):
        object["records"] = .array(page.records)
        object["total"] = page.total.map(JSON.int)
        object["reachable"] = page.reachable.map(JSON.int)
        object["next"] = page.next.map(JSON.string) ?? .null
        object["attribution"] = page.attribution.map(JSON.string)
      case .record(let record):
        object["record"] = record.record
        object["attribution"] = record.attribution.map(JSON.string)
      case .error(let error):
        object["kind"] = error.kind.map(JSON.string)
        object["message"] = error.message.map(JSON.string)
        object["status"] = error.status.map(JSON.int)
        object["retryAfter"] = error.retryAfter.map(JSON.int)
        object["parameter"] = error.parameter.map(JSON.string)
      }
      // An error's `status` is its HTTP status: an answer's own status object cannot go with it.
      if let status, object["status"] == nil {
        var members = JSONObject()
        members["data"] = status.local ? .string(SourceStatus.localData) : status.data.map { .string($0.rawValue) }
        members["cached"] = status.cached.map(JSON.bool)
        members["rateLimitRemaining"] = status.rateLimitRemaining.map(JSON.int)
        members["rateLimitLimit"] = status.rateLimitLimit.map(JSON.int)
        members["rateLimitReset"] = status.rateLimitReset.map(JSON.int)
        members["token"] = status.token.map(JSON.bool)
        object["status"] = .object(members)
      }
      return JSON.object(object).lineText
    }
  }

  /// A line the program reads (without its newline) as the message screenrun sent.
  static func decodeOutgoing(_ line: [UInt8]) -> Result<Wire.Outgoing, Wire.Broken> {
    let message: Wire.Incoming
    switch decode(line) {
    case nil: return .failure(Wire.Broken("wrote a blank line", at: "", expected: "a JSON object"))
    case .failure(let broken)?: return .failure(broken)
    case .success(let decoded)?: message = decoded
    }
    let object = message.object
    func string(_ key: String) -> Result<String, Wire.Broken> {
      guard let text = object[key]?.stringValue else {
        return .failure(
          Wire.Broken("wrote a \"\(message.type)\" without \"\(key)\"", at: "/" + key, expected: "a string"))
      }
      return .success(text)
    }
    func number(_ key: String) -> Result<Int, Wire.Broken> {
      guard let value = object[key]?.intValue else {
        return .failure(
          Wire.Broken("wrote a \"\(message.type)\" without \"\(key)\"", at: "/" + key, expected: "a whole number"))
      }
      return .success(value)
    }
    func parameters() -> Result<[String: String], Wire.Broken> {
      var parameters: [String: String] = [:]
      for (key, value) in object["params"]?.objectValue?.members ?? [] {
        guard let text = value.stringValue else {
          return .failure(
            Wire.Broken("wrote a parameter that is not a string", at: "/params/" + key, expected: "a string"))
        }
        parameters[key] = text
      }
      return .success(parameters)
    }
    return Result { () throws(Wire.Broken) -> Wire.Outgoing in
      switch message.type {
      case "hello":
        guard let mode = PluginContext.DataMode(rawValue: try string("mode").get()) else {
          throw Wire.Broken("wrote a \"hello\" of an unknown mode", at: "/mode", expected: "sample or live")
        }
        _ = try number("protocol").get()
        return .hello(Wire.Hello(mode: mode))
      case "cancel": return .cancel(id: try number("id").get())
      case "record":
        let request = Wire.RecordRequest(resource: try string("resource").get(), parameters: try parameters().get())
        return .request(id: try number("id").get(), .record(request))
      case "page":
        let members = object["members"]?.arrayValue.map { RecordMembers($0.compactMap(\.stringValue)) }
        let request = Wire.PageRequest(
          resource: try string("resource").get(), parameters: try parameters().get(),
          cursor: object["cursor"]?.stringValue, pageSize: try number("pageSize").get(), members: members)
        return .request(id: try number("id").get(), .page(request))
      default:
        throw Wire.Broken("wrote a message of unknown type \"\(message.type)\"", at: "/type", expected: "a request")
      }
    }
  }

  /// A line a program wrote (without its newline) as its reply: its hello when `greeted` is
  /// false, else an answer.
  static func decodeReply(_ line: [UInt8], greeted: Bool) -> Result<Wire.Reply, Wire.Broken>? {
    decode(line).map { decoded in
      decoded.flatMap { message in
        guard greeted else { return hello(message).map(Wire.Reply.hello) }
        return answer(message).flatMap { answer in
          answer.body.map { .answer(id: answer.id, $0, status: answer.status) }
        }
      }
    }
  }
}
