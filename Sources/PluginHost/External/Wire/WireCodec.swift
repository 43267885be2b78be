import ScreenJSON
import ScreenKit

/// The one place that turns the protocol's messages (`Wire`) into bytes and back, with the
/// project's JSON layer: what is sent is a `JSON` value written on one line, and what is read is
/// parsed by jansson, then decoded into the message types. A line that cannot be a message is a
/// `Wire.Broken` naming what was expected, and where (a JSON pointer).
///
/// It knows no lines (that is `LineFraming`) and no process (that is the transport).
enum WireCodec {
  // MARK: - Encoding

  /// The line for `message`, ending in a newline.
  static func encode(_ message: Wire.Outgoing) -> [UInt8] {
    Array((text(message) + "\n").utf8)
  }

  /// The line for `message` as text, without its newline (a transcript's line).
  static func text(_ message: Wire.Outgoing) -> String {
    value(message).lineText
  }

  /// A request as it is written without its id: what `--trace` and `--explain` show of it.
  static func summary(_ request: Wire.Request) -> String {
    JSON.object(object(request)).lineText
  }

  private static func value(_ message: Wire.Outgoing) -> JSON {
    switch message {
    case .hello(let hello):
      ["type": "hello", "protocol": .int(Wire.version), "mode": .string(hello.mode.rawValue)]
    case .request(let id, let request):
      {
        var object = object(request)
        object["id"] = .int(id)
        return .object(object)
      }()
    case .cancel(let id): ["type": "cancel", "id": .int(id)]
    }
  }

  private static func object(_ request: Wire.Request) -> JSONObject {
    switch request {
    case .page(let page):
      var object = JSONObject([
        "type": "page", "resource": .string(page.resource), "params": parameters(page.parameters),
        "cursor": page.cursor.map(JSON.string) ?? .null, "pageSize": .int(page.pageSize),
      ])
      // A hint the plugin may use to send less (PLUGINS.md); absent when the screen needs whole
      // records.
      if let members = page.members { object["members"] = .array(members.names.sorted().map(JSON.string)) }
      return object
    case .record(let record):
      return JSONObject([
        "type": "record", "resource": .string(record.resource), "params": parameters(record.parameters),
      ])
    }
  }

  private static func parameters(_ parameters: [String: String]) -> JSON {
    var object = JSONObject()
    for (name, value) in parameters.sorted(by: { $0.key < $1.key }) { object[name] = .string(value) }
    return .object(object)
  }

  // MARK: - Decoding

  /// The members an answer's records are read with while `waiting` are the requests waiting for
  /// one: what their pages read together (an answer may keep more than its own request reads,
  /// never less); nil for whole records.
  static func recordsReading(_ waiting: some Sequence<Wire.Request>) -> RecordMembers? {
    var members: RecordMembers?
    for case .page(let page) in waiting {
      guard let some = page.members else { return nil }
      if members == nil { members = some } else { members?.formUnion(some) }
    }
    return members
  }

  /// One line of the program's stdout (without its newline) as a message: a JSON object with a
  /// string `type`. A blank line is nil (skipped). The records of a page are read as far as the
  /// requests in `answering`, those waiting for an answer, read them (see `recordsReading`).
  static func decode(_ line: [UInt8], answering waiting: [Wire.Request] = []) -> Result<Wire.Incoming, Wire.Broken>? {
    decode(line, recordsReading: recordsReading(waiting))
  }

  /// One line as a message, the objects of its `records` array keeping only `members` (when
  /// given): the others are stepped over, never converted (nor checked).
  private static func decode(_ line: [UInt8], recordsReading members: RecordMembers?)
    -> Result<Wire.Incoming, Wire.Broken>?
  {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return nil }
    let parsed: Result<(value: JSON, digest: Int?), JSONSyntaxError>
    if let members {
      parsed = line.withUnsafeBufferPointer { buffer in
        Result { () throws(JSONSyntaxError) in
          try JSON.parseDigesting(buffer, onlyMembers: members, ofElementsOf: "records", options: .response)
        }
      }
    } else {
      parsed = Result { () throws(JSONSyntaxError) in (try JSON.parse(line, options: .response), nil) }
    }
    let message: JSON
    let digest: Int?
    switch parsed {
    case .success(let value): (message, digest) = value
    case .failure(let error) where error.exceedsValueLimit:
      return .failure(
        Wire.Broken("wrote a line that holds \(error.message)", at: "", expected: "a JSON object"))
    case .failure(let error):
      return .failure(
        Wire.Broken(
          "wrote a line that is not JSON (\(error.message)): \(ProtocolRules.quote(line))", at: "",
          expected: "a JSON object"))
    }
    guard case .object(let object) = message, case .string(let type) = object["type"] else {
      return .failure(
        Wire.Broken(
          "wrote a message without a \"type\": \(ProtocolRules.quote(line))", at: "/type", expected: "a string"))
    }
    return .success(Wire.Incoming(type: type, object: object, recordsDigest: digest))
  }

  /// The program's first message: a `hello` of this protocol version.
  static func hello(_ message: Wire.Incoming) -> Result<Wire.PluginHello, Wire.Broken> {
    guard message.type == "hello" else {
      return .failure(
        Wire.Broken(
          "wrote \"\(ProtocolRules.clip(message.type))\" before its \"hello\"", at: "/type", expected: "hello"))
    }
    guard let version = message.object["protocol"]?.intValue, version == Wire.version else {
      let said = ProtocolRules.clip(message.object["protocol"]?.compactText ?? "(none)")
      return .failure(
        Wire.Broken(
          "speaks protocol \(said); this screenrun speaks \(Wire.version)", at: "/protocol",
          expected: String(Wire.version)))
    }
    return .success(Wire.PluginHello(protocolVersion: version))
  }

  /// A message after the hello as an answer: `page`, `record` or `error`, with a whole-number
  /// `id`. Its body is decoded too, but apart (see `Wire.Answer`).
  static func answer(_ message: Wire.Incoming) -> Result<Wire.Answer, Wire.Broken> {
    let object = message.object
    guard let type = Wire.AnswerType(rawValue: message.type) else {
      return .failure(
        Wire.Broken(
          "wrote a message of unknown type \"\(ProtocolRules.clip(message.type))\"", at: "/type",
          expected: "page, record or error"))
    }
    guard let value = object["id"], value != .null else {
      return .failure(
        Wire.Broken("wrote a \"\(type.rawValue)\" answer without an id", at: "/id", expected: "a whole number"))
    }
    guard let id = value.intValue else {
      return .failure(
        Wire.Broken(
          "wrote a \"\(type.rawValue)\" answer whose \"id\" is \(value.typeDescription), not a whole number of 64 bits",
          at: "/id", expected: "a whole number"))
    }
    let body: Result<Wire.Body, Wire.Broken> =
      switch type {
      case .page:
        page(object).map { page in
          var page = page
          page.digest = message.recordsDigest.map(PageDigest.init(value:))
          return Wire.Body.page(page)
        }
      case .record: record(object).map(Wire.Body.record)
      case .error: .success(.error(error(object)))
      }
    return .success(Wire.Answer(id: id, type: type, status: object["status"]?.objectValue.map(status), body: body))
  }

  /// A `page` answer: `records` an array, `total` and `reachable` whole numbers, `next` a string
  /// or null, `attribution` a string.
  private static func page(_ answer: JSONObject) -> Result<Wire.PageAnswer, Wire.Broken> {
    guard case .array(let records) = answer["records"] else {
      return .failure(Wire.Broken("answered a page without a \"records\" array", at: "/records", expected: "an array"))
    }
    var counts: [Int?] = []
    for key in ["total", "reachable"] {
      guard let value = answer[key], value != .null else {
        counts.append(nil)
        continue
      }
      guard let number = value.intValue, number >= 0 else {
        return .failure(
          Wire.Broken(
            "answered a page whose \"\(key)\" is not a whole number", at: "/" + key,
            expected: "a whole number, 0 or more"))
      }
      counts.append(number)
    }
    let next: String?
    switch answer["next"] {
    case nil, .null?: next = nil
    case .string(let text)?: next = text
    default:
      return .failure(
        Wire.Broken("answered a page whose \"next\" is not a string or null", at: "/next", expected: "a string or null")
      )
    }
    return attribution(answer).map { attribution in
      Wire.PageAnswer(records: records, total: counts[0], reachable: counts[1], next: next, attribution: attribution)
    }
  }

  /// A `record` answer: a `record` member, and `attribution` a string.
  private static func record(_ answer: JSONObject) -> Result<Wire.RecordAnswer, Wire.Broken> {
    guard let value = answer["record"] else {
      return .failure(Wire.Broken("answered a record without \"record\"", at: "/record", expected: "a JSON value"))
    }
    return attribution(answer).map { Wire.RecordAnswer(record: value, attribution: $0) }
  }

  private static func attribution(_ answer: JSONObject) -> Result<String?, Wire.Broken> {
    switch answer["attribution"] {
    case nil, .null?: .success(nil)
    case .string(let text)?: .success(text)
    default:
      .failure(
        Wire.Broken(
          "answered with an \"attribution\" that is not a string", at: "/attribution", expected: "a string"))
    }
  }

  /// An `error` answer, read leniently; `broken` is the first rule it breaks: a known `kind`, a
  /// string `message`, a whole-number `status` and `retryAfter`.
  private static func error(_ answer: JSONObject) -> Wire.ErrorAnswer {
    var error = Wire.ErrorAnswer(
      kind: answer["kind"]?.stringValue, kindText: answer["kind"]?.compactText, message: answer["message"]?.stringValue,
      status: answer["status"]?.intValue, retryAfter: answer["retryAfter"]?.intValue,
      parameter: answer["parameter"]?.stringValue)
    if !(error.kind.map(Wire.ErrorAnswer.kinds.contains) ?? false) {
      error.broken = Wire.Broken(
        "answered an error of unknown kind \(ProtocolRules.clip(error.kindText ?? "(none)")); the kinds are "
          + Wire.ErrorAnswer.kinds.map { "'\($0)'" }.joined(separator: ", "), at: "/kind", expected: "a known kind")
    } else if error.message == nil {
      error.broken = Wire.Broken("answered an error without a \"message\" string", at: "/message", expected: "a string")
    } else if let key = ["status", "retryAfter"].first(where: {
      answer[$0] != nil && answer[$0] != .null && answer[$0]?.intValue == nil
    }) {
      error.broken = Wire.Broken(
        "answered an error whose \"\(key)\" is not a whole number", at: "/" + key, expected: "a whole number")
    }
    return error
  }

  /// An answer's `status`, each member read only when it has its type.
  private static func status(_ status: JSONObject) -> Wire.Status {
    func count(_ key: String) -> Int? { status[key]?.intValue.flatMap { $0 >= 0 ? $0 : nil } }
    return Wire.Status(
      data: status["data"]?.stringValue.flatMap(PluginContext.DataMode.init(rawValue:)),
      local: status["data"]?.stringValue == SourceStatus.localData, cached: status["cached"]?.boolValue,
      rateLimitRemaining: count("rateLimitRemaining"),
      rateLimitLimit: count("rateLimitLimit"),
      rateLimitReset: count("rateLimitReset").flatMap { $0 <= 253_402_300_799 ? $0 : nil },
      token: status["token"]?.boolValue)
  }
}
