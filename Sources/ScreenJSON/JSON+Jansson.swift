import CJansson

/// Where and why a document failed to parse. Line and column count from 1.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The line of the error, from 1.
  public var line: Int
  /// The column of the error, from 1.
  public var column: Int
  /// Byte offset into the document.
  public var offset: Int
  /// What is wrong there, in jansson's words ("end of file expected").
  public var message: String
  /// Whether the text was refused for holding more values than its options allow
  /// (`JSON.maximumValues`), not for its syntax.
  package var exceedsValueLimit = false

  public var description: String { "\(line):\(column): \(message)" }
}

extension JSON {
  /// How strictly a document is read.
  public struct ParseOptions: Sendable {
    /// Reject an object that names the same key twice (screen files); APIs get the last one.
    package var rejectDuplicateKeys: Bool
    /// Text longer than this is read in pieces of at most this many bytes (see
    /// `JSONPieceReader`); nil reads it in one `json_loadb`, with jansson's own messages.
    package var pieceSize: Int?
    /// Text holding more values than this is refused before it is parsed (`JSON.maximumValues`);
    /// nil reads any number.
    package var maximumValues: Int? = nil

    /// Screen files: small, shown to their authors, so read whole with jansson's messages.
    public static let document = ParseOptions(rejectDuplicateKeys: true, pieceSize: nil)
    /// Responses: any size, so read in pieces that keep jansson's tree small, and at most
    /// `JSON.maximumValues` values, so that memory is bounded as well as bytes.
    public static let response = ParseOptions(
      rejectDuplicateKeys: false, pieceSize: 32 << 10, maximumValues: JSON.maximumValues)
  }

  /// Parses UTF-8 JSON text. Any value may stand at the top; `\u0000` inside strings is kept.
  public static func parse(
    _ bytes: some Collection<UInt8>, options: ParseOptions = .document
  ) throws(JSONSyntaxError) -> JSON {
    let result =
      bytes.withContiguousStorageIfAvailable { parse(buffer: $0, options: options) }
      ?? Array(bytes).withUnsafeBufferPointer { parse(buffer: $0, options: options) }
    return try result.get()
  }

  /// Parses UTF-8 JSON text held in an array: what `parse(_:options:)` above does, without
  /// going through `Collection`'s witnesses (across modules that generic call is not specialized,
  /// and its first call at start-up costs more than parsing a screen file).
  package static func parse(_ bytes: [UInt8], options: ParseOptions = .document) throws(JSONSyntaxError) -> JSON {
    try bytes.withUnsafeBufferPointer { parse(buffer: $0, options: options) }.get()
  }

  /// Parses a Swift string as JSON text.
  public static func parse(_ text: String, options: ParseOptions = .document) throws(JSONSyntaxError)
    -> JSON
  {
    var text = text
    return try text.withUTF8 { parse(buffer: $0, options: options) }.get()
  }

  /// Parses only the named members of the object at the top of `text`, for a large document of
  /// which a caller needs a part first: the other members are stepped over, neither converted
  /// nor checked beyond where they end. Any other value at the top is parsed whole.
  ///
  ///     let head = try JSON.parse(bundled, onlyMembers: ["attribution", "characters"], options: .response)
  ///
  /// A member read in part (`RecordMembers(paths: [["comics", "available"]])`) keeps, when it is
  /// an object, only its members read, and steps over the rest in the same way.
  package static func parse(_ text: String, onlyMembers members: RecordMembers, options: ParseOptions)
    throws(JSONSyntaxError) -> JSON
  {
    var text = text
    return try text.withUTF8 { parse(buffer: $0, onlyMembers: members, options: options) }.get()
  }

  /// Parses only the members read of the object at the top of `bytes` (see above).
  package static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, onlyMembers members: RecordMembers, options: ParseOptions
  ) throws(JSONSyntaxError) -> JSON {
    try parse(buffer: bytes, onlyMembers: members, options: options).get()
  }

  /// Parses the object at the top of `bytes` whole, except the array at its member `member`: of
  /// each object element there, only the members read are kept, and the rest are stepped over as
  /// above. A page of records, say, of which a screen reads a few members:
  ///
  ///     let answer = try JSON.parse(line, onlyMembers: ["name", "id"], ofElementsOf: "records", options: .response)
  package static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, onlyMembers members: RecordMembers, ofElementsOf member: String,
    options: ParseOptions
  ) throws(JSONSyntaxError) -> JSON {
    try parseDigesting(bytes, onlyMembers: members, ofElementsOf: member, options: options).value
  }

  /// Parses as `parse(_:onlyMembers:ofElementsOf:options:)` does, and hashes the text of the
  /// array at `member` (nil when there is none): what its elements were before they were cut.
  package static func parseDigesting(
    _ bytes: UnsafeBufferPointer<UInt8>, onlyMembers members: RecordMembers, ofElementsOf member: String,
    options: ParseOptions
  ) throws(JSONSyntaxError) -> (value: JSON, digest: Int?) {
    try checkValueCount(bytes, limit: options.maximumValues)
    var reader = pieceReader(bytes, options, elementsOf: (member, members))
    let value = try reader.document()
    return (value, reader.elementsDigest)
  }

  /// Parses the array at the top of `bytes`: of each object element, only the members read are
  /// kept, and the rest are stepped over as above. Any other value at the top is parsed whole.
  ///
  ///     let records = try JSON.parse(table, onlyMembersOfEachElement: ["name", "id"], options: .response)
  package static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, onlyMembersOfEachElement members: RecordMembers, options: ParseOptions
  ) throws(JSONSyntaxError) -> JSON {
    try checkValueCount(bytes, limit: options.maximumValues)
    var reader = pieceReader(bytes, options, elementsOf: (nil, members))
    return try reader.document()
  }

  private static func parse(
    buffer: UnsafeBufferPointer<UInt8>, onlyMembers members: RecordMembers, options: ParseOptions
  ) -> Result<JSON, JSONSyntaxError> {
    var reader = pieceReader(buffer, options, onlyMembers: members)
    return Result { () throws(JSONSyntaxError) in
      try checkValueCount(buffer, limit: options.maximumValues)
      return try reader.document()
    }
  }

  /// A piece reader of `bytes` with `options`, keeping only the members given (see above).
  private static func pieceReader(
    _ bytes: UnsafeBufferPointer<UInt8>, _ options: ParseOptions, onlyMembers: RecordMembers? = nil,
    elementsOf: (member: String?, members: RecordMembers)? = nil
  ) -> JSONPieceReader {
    JSONPieceReader(
      bytes, flags: flags(options), rejectDuplicateKeys: options.rejectDuplicateKeys,
      pieceSize: options.pieceSize ?? bytes.count, onlyMembers: onlyMembers, elementsOf: elementsOf)
  }

  private static func flags(_ options: ParseOptions) -> Int {
    var flags = Int(JSON_DECODE_ANY | JSON_ALLOW_NUL)
    if options.rejectDuplicateKeys { flags |= Int(JSON_REJECT_DUPLICATES) }
    return flags
  }

  private static func parse(buffer: UnsafeBufferPointer<UInt8>, options: ParseOptions) -> Result<JSON, JSONSyntaxError>
  {
    let flags = flags(options)
    do {
      try checkValueCount(buffer, limit: options.maximumValues)
    } catch {
      return .failure(error)
    }
    if let pieceSize = options.pieceSize, buffer.count > pieceSize {
      var reader = pieceReader(buffer, options)
      return Result { () throws(JSONSyntaxError) in try reader.document() }
    }
    return jansson(buffer, flags: flags)
  }

  /// Converts a jansson value without taking ownership of it. A string that starts with
  /// `bigIntegerMarker` is a big integer that was rewritten for jansson (`JSON.jansson`).
  package init(borrowing value: UnsafeMutablePointer<json_t>, bigIntegerMarker: String? = nil) {
    switch screenrun_json_typeof(value) {
    case JSON_OBJECT:
      var object = JSONObject()
      object.reserveCapacity(json_object_size(value))
      var iterator = json_object_iter(value)
      while let current = iterator {
        let keyLength = json_object_iter_key_len(current)
        let key = json_object_iter_key(current).withMemoryRebound(to: UInt8.self, capacity: keyLength) {
          String(decoding: UnsafeBufferPointer(start: $0, count: keyLength), as: UTF8.self)
        }
        if let member = json_object_iter_value(current) {
          object.appendNew(key, JSON(borrowing: member, bigIntegerMarker: bigIntegerMarker))
        }
        iterator = json_object_iter_next(value, current)
      }
      self = .object(object)
    case JSON_ARRAY:
      let count = json_array_size(value)
      var array: [JSON] = []
      array.reserveCapacity(count)
      for index in 0..<count {
        if let element = json_array_get(value, index) {
          array.append(JSON(borrowing: element, bigIntegerMarker: bigIntegerMarker))
        }
      }
      self = .array(array)
    case JSON_STRING:
      let length = json_string_length(value)
      if let characters = json_string_value(value) {
        let text = characters.withMemoryRebound(to: UInt8.self, capacity: length) {
          String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
        if bigIntegerMarker != nil, let digits = BigIntegers.digits(in: text) {
          self = .bigInteger(digits)
        } else {
          self = .string(text)
        }
      } else {
        self = .string("")
      }
    case JSON_INTEGER:
      self = .int(Int(json_integer_value(value)))
    case JSON_REAL:
      self = .double(json_real_value(value))
    case JSON_TRUE:
      self = .bool(true)
    case JSON_FALSE:
      self = .bool(false)
    default:
      self = .null
    }
  }
}

extension JSONSyntaxError {
  package init(_ error: json_error_t) {
    var error = error
    let text = withUnsafeBytes(of: &error.text) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    self.init(
      line: max(1, Int(error.line)),
      column: max(1, Int(error.column)),
      offset: max(0, Int(error.position)),
      message: text.isEmpty ? "invalid JSON" : text
    )
  }
}
