import CJansson

/// Where and why a document failed to parse. Line and column count from 1.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  /// Byte offset into the document.
  public var offset: Int
  public var message: String

  public var description: String { "\(line):\(column): \(message)" }
}

extension JSON {
  /// How strictly a document is read.
  public struct ParseOptions: Sendable {
    /// Reject an object that names the same key twice (screen files); APIs get the last one.
    public var rejectDuplicateKeys: Bool

    public static let document = ParseOptions(rejectDuplicateKeys: true)
    public static let response = ParseOptions(rejectDuplicateKeys: false)
  }

  /// Parses UTF-8 JSON text. Any value may stand at the top; `\u0000` inside strings is kept.
  public static func parse(
    _ bytes: some Collection<UInt8>, options: ParseOptions = .document
  ) throws(JSONSyntaxError) -> JSON {
    var flags = Int(JSON_DECODE_ANY | JSON_ALLOW_NUL)
    if options.rejectDuplicateKeys { flags |= Int(JSON_REJECT_DUPLICATES) }
    var error = json_error_t()
    let root: UnsafeMutablePointer<json_t>? =
      bytes.withContiguousStorageIfAvailable { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
          json_loadb(chars.baseAddress, chars.count, flags, &error)
        }
      }
      ?? Array(bytes).withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
          json_loadb(chars.baseAddress, chars.count, flags, &error)
        }
      }
    guard let root else { throw JSONSyntaxError(error) }
    defer { json_decref(root) }
    return JSON(borrowing: root)
  }

  /// Parses a Swift string as JSON text.
  public static func parse(_ text: String, options: ParseOptions = .document) throws(JSONSyntaxError)
    -> JSON
  {
    try parse(Array(text.utf8), options: options)
  }

  /// Converts a jansson value without taking ownership of it.
  private init(borrowing value: UnsafeMutablePointer<json_t>) {
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
          object.appendNew(key, JSON(borrowing: member))
        }
        iterator = json_object_iter_next(value, current)
      }
      self = .object(object)
    case JSON_ARRAY:
      let count = json_array_size(value)
      var array: [JSON] = []
      array.reserveCapacity(count)
      for index in 0..<count {
        if let element = json_array_get(value, index) { array.append(JSON(borrowing: element)) }
      }
      self = .array(array)
    case JSON_STRING:
      let length = json_string_length(value)
      if let characters = json_string_value(value) {
        self = characters.withMemoryRebound(to: UInt8.self, capacity: length) {
          .string(String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self))
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
  fileprivate init(_ error: json_error_t) {
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
