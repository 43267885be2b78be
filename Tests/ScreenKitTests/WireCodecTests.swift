import Testing

@testable import PluginHost
@testable import ScreenKit

/// The codec of the external plugin protocol: every message both ways, the bytes docs/plugins/external.md
/// shows, and lines that cannot be messages, each refused with what was expected and where.
@Suite("Wire codec: the messages of the plugin protocol")
struct WireCodecTests {
  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// A reply read back as screenrun reads it.
  static func reply(_ text: String, greeted: Bool = true) -> Result<Wire.Reply, Wire.Broken>? {
    WireCodec.decodeReply(bytes(text), greeted: greeted)
  }

  @Test("the requests are the bytes of docs/plugins/external.md's exchange, and read back as the same messages")
  func requests() throws {
    let page = Wire.PageRequest(
      resource: "commits", parameters: ["query": "fix"], cursor: nil, pageSize: 2, members: ["subject", "sha"])
    let cases: [(Wire.Outgoing, String)] = [
      (.hello(Wire.Hello(mode: .sample)), #"{"type":"hello","protocol":1,"mode":"sample"}"#),
      (.hello(Wire.Hello(mode: .live)), #"{"type":"hello","protocol":1,"mode":"live"}"#),
      (
        .request(id: 1, .page(page)),
        #"{"type":"page","resource":"commits","params":{"query":"fix"},"cursor":null,"pageSize":2,"members":["sha","subject"],"id":1}"#
      ),
      (
        .request(
          id: 4,
          .page(
            Wire.PageRequest(
              resource: "commits", parameters: ["query": "fix", "a": "é\n"], cursor: "2", pageSize: 2, members: nil))),
        #"{"type":"page","resource":"commits","params":{"a":"é\n","query":"fix"},"cursor":"2","pageSize":2,"id":4}"#
      ),
      (
        .request(id: 2, .record(Wire.RecordRequest(resource: "commit", parameters: ["sha": "nope"]))),
        #"{"type":"record","resource":"commit","params":{"sha":"nope"},"id":2}"#
      ),
      (.cancel(id: 3), #"{"type":"cancel","id":3}"#),
    ]
    for (message, text) in cases {
      #expect(WireCodec.text(message) == text)
      #expect(WireCodec.encode(message) == Self.bytes(text + "\n"))
      #expect(try WireCodec.decodeOutgoing(Self.bytes(text)).get() == message)
    }
    // What --trace and --explain show: the request without its id.
    #expect(
      WireCodec.summary(.record(Wire.RecordRequest(resource: "commit", parameters: ["sha": "x"])))
        == #"{"type":"record","resource":"commit","params":{"sha":"x"}}"#)
  }

  @Test("every reply goes to bytes and back to the same message")
  func replies() throws {
    let status = Wire.Status(
      data: .live, cached: true, rateLimitRemaining: 12, rateLimitLimit: 60, rateLimitReset: 1_767_225_600, token: true)
    let replies: [Wire.Reply] = [
      .answer(
        id: 1,
        .page(
          Wire.PageAnswer(
            records: [["sha": "4d1e", "n": .bigInteger("123456789012345678901234567890")]], total: 7, reachable: 7,
            next: "2", attribution: "git log")), status: status),
      .answer(
        id: 3, .page(Wire.PageAnswer(records: [], total: 0, reachable: nil, next: nil, attribution: nil)), status: nil),
      .answer(id: 2, .record(Wire.RecordAnswer(record: ["sha": "4d1e"], attribution: "…")), status: Wire.Status()),
    ]
    for reply in replies {
      #expect(try Self.reply(WireCodec.text(reply))?.get() == reply)
    }
    #expect(
      try Self.reply(WireCodec.text(.hello(Wire.PluginHello(protocolVersion: 1))), greeted: false)?.get()
        == .hello(Wire.PluginHello(protocolVersion: 1)))
    let error = #"{"type":"error","id":2,"kind":"not found","message":"fatal: bad revision 'nope'","status":404}"#
    let decoded = try #require(try Self.reply(error)?.get())
    guard case .answer(2, .error(let answer), nil) = decoded else {
      Issue.record("not an error answer: \(decoded)")
      return
    }
    #expect(answer.kind == "not found" && answer.status == 404 && answer.broken == nil)
    #expect(WireCodec.text(decoded) == error)
  }

  @Test("a status whose data is local says so, and goes to bytes and back; another data is ignored")
  func localData() throws {
    func status(_ text: String) throws -> Wire.Status? {
      try WireCodec.answer(try #require(WireCodec.decode(Self.bytes(text))).get()).get().status
    }
    let local = try status(#"{"type":"page","id":1,"records":[],"status":{"data":"local"}}"#)
    #expect(local == Wire.Status(local: true))
    let reply = Wire.Reply.answer(
      id: 2, .record(Wire.RecordAnswer(record: ["sha": "4d1e"], attribution: nil)), status: Wire.Status(local: true))
    #expect(WireCodec.text(reply).contains(#""status":{"data":"local"}"#), "\(WireCodec.text(reply))")
    #expect(try Self.reply(WireCodec.text(reply))?.get() == reply)
    #expect(try status(#"{"type":"page","id":1,"records":[],"status":{"data":"Local"}}"#) == Wire.Status())
    #expect(
      try status(#"{"type":"page","id":1,"records":[],"status":{"data":"sample"}}"#) == Wire.Status(data: .sample))
  }

  @Test("an answer's body is read only as deep as it must be: members a page does not know are ignored")
  func lenient() throws {
    let text = #"{"type":"page","id":1,"records":[],"extra":{"x":[1,2]},"status":{"data":"other","cached":"yes"}}"#
    let answer = try WireCodec.answer(try #require(WireCodec.decode(Self.bytes(text))).get()).get()
    #expect(answer.status == Wire.Status())
    #expect(
      try answer.body.get()
        == .page(Wire.PageAnswer(records: [], total: nil, reachable: nil, next: nil, attribution: nil)))
  }

  /// A line that breaks a rule, the reason (as the error says it after "plugin 'x' "), and the
  /// pointer and expectation the codec names.
  static let broken: [(line: String, greeted: Bool, reason: String, pointer: String)] = [
    ("{\"type\":\"page\"", true, "wrote a line that is not JSON", ""),
    ("[1,2]", true, "wrote a message without a \"type\"", "/type"),
    (#"{"type":7}"#, true, "wrote a message without a \"type\"", "/type"),
    (#"{"type":"page","id":1}"#, false, "wrote \"page\" before its \"hello\"", "/type"),
    (#"{"type":"hello","protocol":2}"#, false, "speaks protocol 2; this screenrun speaks 1", "/protocol"),
    (#"{"type":"hello"}"#, false, "speaks protocol (none); this screenrun speaks 1", "/protocol"),
    (#"{"type":"hello","protocol":1}"#, true, "wrote a message of unknown type \"hello\"", "/type"),
    (#"{"type":"page","records":[]}"#, true, "wrote a \"page\" answer without an id", "/id"),
    (
      #"{"type":"page","id":123456789012345678901234567890,"records":[]}"#, true,
      "wrote a \"page\" answer whose \"id\" is an integer too big for 64 bits, not a whole number of 64 bits", "/id"
    ),
    (#"{"type":"page","id":"1","records":[]}"#, true, "whose \"id\" is a string", "/id"),
    (#"{"type":"page","id":1,"records":{}}"#, true, "answered a page without a \"records\" array", "/records"),
    (
      #"{"type":"page","id":1,"records":[],"total":99999999999999999999999}"#, true,
      "answered a page whose \"total\" is not a whole number", "/total"
    ),
    (
      #"{"type":"page","id":1,"records":[],"reachable":-1}"#, true, "whose \"reachable\" is not a whole number",
      "/reachable"
    ),
    (#"{"type":"page","id":1,"records":[],"next":5}"#, true, "whose \"next\" is not a string or null", "/next"),
    (
      #"{"type":"page","id":1,"records":[],"attribution":[]}"#, true, "\"attribution\" that is not a string",
      "/attribution"
    ),
    (#"{"type":"record","id":1}"#, true, "answered a record without \"record\"", "/record"),
  ]

  @Test("a line that breaks a rule is refused with the reason, the JSON pointer and what was expected")
  func refused() throws {
    for (line, greeted, reason, pointer) in Self.broken {
      guard case .failure(let broken)? = Self.reply(line, greeted: greeted) else {
        Issue.record("\(line): accepted")
        continue
      }
      #expect(broken.reason.contains(reason), "\(line): \(broken.reason)")
      #expect(broken.pointer == pointer, "\(line)")
      #expect(broken.expected != nil, "\(line)")
    }
  }

  @Test("an error answer is read leniently, and `broken` says what plugin check reports")
  func errorAnswers() throws {
    let cases: [(String, String?)] = [
      (#"{"type":"error","id":1,"kind":"not found","message":"x"}"#, nil),
      (#"{"type":"error","id":1,"kind":"gone","message":"x"}"#, "answered an error of unknown kind 'gone'"),
      (#"{"type":"error","id":1,"message":"x"}"#, "answered an error of unknown kind (none)"),
      (#"{"type":"error","id":1,"kind":"forbidden"}"#, "answered an error without a \"message\" string"),
      (#"{"type":"error","id":1,"kind":"rate limited","message":"x","retryAfter":"soon"}"#, "\"retryAfter\" is not"),
    ]
    for (line, reason) in cases {
      let answer = try WireCodec.answer(try #require(WireCodec.decode(Self.bytes(line))).get()).get()
      guard case .success(.error(let error)) = answer.body else {
        Issue.record("\(line): not an error")
        continue
      }
      if let reason {
        #expect(error.broken?.reason.contains(reason) == true, "\(line): \(String(describing: error.broken))")
      } else {
        #expect(error.broken == nil, "\(line)")
      }
    }
  }

  @Test("NUL, invalid UTF-8 and an overflowing real are not JSON; a blank line is skipped")
  func hostileBytes() throws {
    let lines: [[UInt8]] = [
      Self.bytes(#"{"type":"page","id":1,"records":["a"#) + [0] + Self.bytes(#"b"]}"#),
      Self.bytes(#"{"type":"page","id":1,"records":[""#) + [0xC3, 0x28] + Self.bytes(#""]}"#),
      Self.bytes(#"{"type":"page","id":1,"records":[""#) + [0xFF, 0xFE] + Self.bytes(#""]}"#),
      Self.bytes(#"{"type":"page","id":1e400,"records":[]}"#),
      [0],
    ]
    for line in lines {
      guard case .failure(let broken)? = WireCodec.decode(line) else {
        Issue.record("\(line.prefix(40)): read as a message")
        continue
      }
      #expect(broken.reason.hasPrefix("wrote a line that is not JSON ("), "\(broken.reason)")
    }
    for blank in ["", " ", "\r", " \t\r"] { #expect(WireCodec.decode(Self.bytes(blank)) == nil) }
  }

  @Test("the records of a page are read with the members the waiting page requests read together")
  func recordsReading() {
    func page(_ members: RecordMembers?) -> Wire.Request {
      .page(Wire.PageRequest(resource: "r", parameters: [:], cursor: nil, pageSize: 1, members: members))
    }
    let record = Wire.Request.record(Wire.RecordRequest(resource: "r", parameters: [:]))
    #expect(WireCodec.recordsReading([record]) == nil)
    #expect(WireCodec.recordsReading([page(["a"]), record, page(["b"])]) == ["a", "b"])
    #expect(WireCodec.recordsReading([page(["a"]), page(nil)]) == nil)
  }
}
