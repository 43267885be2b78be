import Foundation

/// A screen file's text and parsed JSON, able to place a problem at a line and column.
struct ScreenDocument {
  let path: String
  let bytes: [UInt8]
  let root: JSON
  private let locator: JSONLocator

  /// Largest screen file read; a screen is a page of JSON, so anything bigger is a mistake.
  static let maximumSize = 4 << 20

  init(path: String) throws(Diagnostic) {
    self.path = path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw Diagnostic(file: path, message: "no such file")
    }
    guard !isDirectory.boolValue else {
      throw Diagnostic(file: path, message: "is a folder; expected a screen file (.json)")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Diagnostic(file: path, message: "cannot be read (check its permissions)")
    }
    guard data.count <= Self.maximumSize else {
      throw Diagnostic(file: path, message: "is \(data.count) bytes; a screen file is at most \(Self.maximumSize)")
    }
    bytes = [UInt8](data)
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      throw Diagnostic(
        file: path, location: TextLocation(line: 1, column: 1),
        message: "the file is empty; a screen is a JSON object such as {\"kind\": \"list\", …}")
    }
    do {
      root = try JSON.parse(bytes, options: .document)
    } catch {
      throw Diagnostic(
        file: path, location: TextLocation(line: error.line, column: error.column),
        message: "invalid JSON: \(error.message)")
    }
    locator = JSONLocator(bytes)
  }

  func diagnostic(_ problem: SpecProblem) -> Diagnostic {
    var location: TextLocation?
    switch problem.anchor {
    case .key:
      location = locator.keyLocation(of: problem.pointer)
    case .value(let offset):
      location = locator.valueLocation(of: problem.pointer)
      if let start = location, offset > 0, case .string = root[path: problem.pointer.tokens] {
        location = TextLocation(line: start.line, column: start.column + 1 + offset)
      }
    }
    return Diagnostic(file: path, location: location, pointer: problem.pointer, message: problem.message)
  }
}
