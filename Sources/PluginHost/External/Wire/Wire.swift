import ScreenJSON
import ScreenKit

/// The messages of the external plugin protocol, version 1 (PLUGINS.md), one type each: what
/// screenrun sends a plugin's program and what the program answers. `WireCodec` is the one place
/// that turns them into bytes and back; `LineFraming` cuts the bytes into lines.
enum Wire {
  /// The protocol version this screenrun speaks.
  static let version = PluginManifest.protocolVersion

  // MARK: - screenrun to the plugin

  /// The first line screenrun writes: `{"type":"hello","protocol":1,"mode":"sample"}`.
  struct Hello: Sendable, Equatable {
    var mode: PluginContext.DataMode
  }

  /// A request for a page of a list resource. `members` names what the screen reads of each
  /// record (the wire carries its first keys, sorted); nil when it reads whole records.
  struct PageRequest: Sendable, Equatable {
    var resource: String
    var parameters: [String: String]
    var cursor: String?
    var pageSize: Int
    var members: RecordMembers?
  }

  /// A request for one record of a record resource.
  struct RecordRequest: Sendable, Equatable {
    var resource: String
    var parameters: [String: String]
  }

  /// A request, before the transport gives it an id.
  enum Request: Sendable, Equatable {
    case page(PageRequest)
    case record(RecordRequest)

    /// The type of answer it asks for.
    var answerType: AnswerType {
      switch self {
      case .page: .page
      case .record: .record
      }
    }
  }

  /// A line screenrun writes to the program's stdin.
  enum Outgoing: Sendable, Equatable {
    case hello(Hello)
    /// A request with its id (a whole number, never reused).
    case request(id: Int, Request)
    /// `{"type":"cancel","id":1}`: the answer to `id` is no longer wanted.
    case cancel(id: Int)
  }

  // MARK: - The plugin to screenrun

  /// The program's first line: `{"type":"hello","protocol":1}` (other members are ignored).
  struct PluginHello: Sendable, Equatable {
    var protocolVersion: Int
  }

  /// The types of answer.
  enum AnswerType: String, Sendable, Equatable, CaseIterable {
    case page, record, error
  }

  /// A line of the program's stdout, as far as every line is read before its meaning is known:
  /// a JSON object with a string `type`.
  struct Incoming: Sendable {
    var type: String
    var object: JSONObject
    /// A hash of the text of its `records` array, when their objects were read in part.
    var recordsDigest: Int? = nil
  }

  /// An answer to request `id`. Its `body` is decoded apart: an answer to a request that was never
  /// sent is told as that, whatever its shape.
  struct Answer: Sendable {
    var id: Int
    var type: AnswerType
    /// The optional `status`, each member kept only when it has its type.
    var status: Status?
    var body: Result<Body, Broken>
  }

  /// What an answer holds, by its type.
  enum Body: Sendable, Equatable {
    case page(PageAnswer)
    case record(RecordAnswer)
    case error(ErrorAnswer)

    /// The answer type it is the body of.
    var type: AnswerType {
      switch self {
      case .page: .page
      case .record: .record
      case .error: .error
      }
    }
  }

  /// `{"type":"page","id":1,"records":[…],"total":120,"reachable":120,"next":"30","attribution":"…"}`.
  struct PageAnswer: Sendable, Equatable {
    var records: [JSON]
    var total: Int?
    var reachable: Int?
    var next: String?
    var attribution: String?
    /// What the records were before screenrun cut them to the members read (`Page.digest`).
    var digest: PageDigest? = nil
  }

  /// `{"type":"record","id":2,"record":{…},"attribution":"…"}`.
  struct RecordAnswer: Sendable, Equatable {
    var record: JSON
    var attribution: String?
  }

  /// `{"type":"error","id":2,"kind":"not found","message":"…","status":404}`. screenrun reads
  /// an error leniently (an unknown kind is told as one, a missing message as "no message"), and
  /// `broken` says the first rule it breaks, for `plugin check`.
  struct ErrorAnswer: Sendable, Equatable {
    /// The kinds an error may name.
    static let kinds = ["bad request", "not found", "unauthorized", "forbidden", "rate limited", "unavailable"]

    /// `kind` as written, when it is a string; one of `kinds` in a conforming answer.
    var kind: String?
    /// `kind` as compact JSON, when it is there (to quote one that is not a string).
    var kindText: String?
    var message: String?
    var status: Int?
    var retryAfter: Int?
    var parameter: String?
    /// The first rule of PLUGINS.md the error breaks, if any.
    var broken: Broken?
  }

  /// An answer's optional `status` (PLUGINS.md): what the status line shows.
  struct Status: Sendable, Equatable {
    var data: PluginContext.DataMode?
    /// `"data": "local"`: the program reads local data live (a repository on disk), whatever the
    /// mode.
    var local = false
    var cached: Bool?
    var rateLimitRemaining: Int?
    var rateLimitLimit: Int?
    var rateLimitReset: Int?
    var token: Bool?
  }

  /// A broken rule of the protocol: why, worded to follow "plugin 'NAME' ", and where in the
  /// message (a JSON pointer) with what was expected there, when one member broke it.
  struct Broken: Error, Equatable {
    var reason: String
    var pointer: String?
    var expected: String?

    init(_ reason: String, at pointer: String? = nil, expected: String? = nil) {
      self.reason = reason
      self.pointer = pointer
      self.expected = expected
    }
  }
}

extension Wire {
  /// A line a plugin's program writes: what `WireCodec` reads, and writes for a program in Swift
  /// (a test's stand-in plugin).
  enum Reply: Sendable, Equatable {
    case hello(PluginHello)
    case answer(id: Int, Body, status: Status?)
  }
}
