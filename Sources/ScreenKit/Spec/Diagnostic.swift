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

  public var description: String {
    let place = location.map { "\(file):\($0.line):\($0.column)" } ?? file
    if let pointer { return "\(place): error at \(pointer): \(message)" }
    return "\(place): error: \(message)"
  }
}

/// A screen file that could not be loaded, with every problem found in it (and in the screens it
/// opens).
public struct ScreenLoadError: Error, Sendable, CustomStringConvertible {
  public var diagnostics: [Diagnostic]

  public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

  public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
