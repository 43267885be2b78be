/// A problem in a screen file, located by line and column where the text is known, and by JSON
/// pointer where it is about a value.
///
///     Screens/characters.json:14:5: error at /paging/pageSze: unknown key 'pageSze'; did you mean 'pageSize'?
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
  public var file: String
  public var location: TextLocation?
  public var pointer: JSONPointer?
  public var message: String

  public init(file: String, location: TextLocation? = nil, pointer: JSONPointer? = nil, message: String) {
    self.file = file
    self.location = location
    self.pointer = pointer
    self.message = message
  }

  /// The problem as one line of text. Control characters (a screen file can hold an escape
  /// sequence inside a string) are written as `\u001b`, so printing a problem is always safe.
  public var description: String {
    let place = location.map { "\(file):\($0.line):\($0.column)" } ?? file
    let line = pointer.map { "\(place): error at \($0): \(message)" } ?? "\(place): error: \(message)"
    return Self.escapingControls(line)
  }

  static func escapingControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: Self.isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if Self.isControl(scalar) {
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
  }
}

/// A screen file that could not be loaded, with every problem found in it (and in the screens it
/// opens).
public struct ScreenLoadError: Error, Sendable, CustomStringConvertible {
  public var diagnostics: [Diagnostic]

  public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

  public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
