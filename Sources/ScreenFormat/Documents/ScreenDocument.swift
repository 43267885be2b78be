import FoundationEssentials
import ScreenJSON

/// A screen file's text and parsed JSON, able to place a problem at a line and column.
package struct ScreenDocument {
  package let path: String
  package let bytes: [UInt8]
  package let root: JSON

  /// Largest screen file read; a screen is a page of JSON, so anything bigger is a mistake.
  static let maximumSize = 4 << 20

  package init(path: String, what: String = "a screen file (.json)") throws(Diagnostic) {
    self.path = path
    switch RegularFile.contents(of: path, limit: Self.maximumSize) {
    case .success(let read): bytes = read
    case .failure(.missing):
      throw Diagnostic(kind: .file, file: path, explanation: Self.missing(path))
    case .failure(let problem):
      throw Diagnostic(kind: .file, file: path, message: problem.message(expecting: what))
    }
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      throw Diagnostic(
        kind: .syntax, file: path, location: TextLocation(line: 1, column: 1),
        message: what.hasPrefix("a screen")
          ? "the file is empty; a screen is a JSON object such as {\"kind\": \"list\", …}"
          : "the file is empty; \(what) is a JSON object")
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw Diagnostic(
        kind: .syntax, file: path, location: TextLocation(line: 1, column: 1),
        message: "the file starts with a UTF-8 byte order mark (BOM); save it as UTF-8 without one")
    }
    do {
      root = try JSON.parse(bytes, options: .document)
    } catch {
      throw Self.syntaxDiagnostic(error, in: bytes, file: path)
    }
  }

  /// "no such file", with the near name of a `.json` file in the same folder, spelled as the path
  /// was: `Screens/charcters.json` suggests `Screens/characters.json`.
  static func missing(_ path: String) -> Diagnostic.Message {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let siblings = RegularFile.names(inFolder: folder.isEmpty ? "." : folder).filter {
      $0.hasSuffix(".json") && $0 != name
    }
    return .unknown("no such file", name: name, among: siblings, spelled: { folder + $0 })
  }

  /// Places a jansson syntax error at the start of the token it names (jansson counts to the
  /// token's last character), and says plainly what the common mistakes are.
  static func syntaxDiagnostic(_ error: JSONSyntaxError, in bytes: [UInt8], file: String) -> Diagnostic {
    var message = error.message
    var offset = error.offset  // just past the token jansson stopped at
    if message.hasPrefix("unable to decode byte") {
      if let near = message.firstRange(of: " near ") { message = String(message[..<near.lowerBound]) }
      return Diagnostic(
        kind: .syntax, file: file, location: location(ofByte: offset, in: bytes),
        message: "invalid JSON: the file is not UTF-8 here (\(message)); save it as UTF-8")
    }
    if let near = message.firstRange(of: " near '"), message.hasSuffix("'") {
      let token = message[near.upperBound...].dropLast()
      offset = max(0, offset - token.utf8.count)
      if token == "}" || token == "]" {
        var before = offset - 1
        while before >= 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[before]) { before -= 1 }
        if before >= 0, bytes[before] == UInt8(ascii: ",") {
          return Diagnostic(
            kind: .syntax, file: file, location: location(ofByte: before, in: bytes),
            message:
              "invalid JSON: a comma before '\(token)'; JSON allows no comma after the last \(token == "}" ? "member" : "element")"
          )
        }
      }
      if message.hasPrefix("duplicate object key") {
        message =
          "duplicate key \(String(token).replacingOccurrences("\"", with: "'")); each key may appear once in an object"
        return Diagnostic(kind: .syntax, file: file, location: location(ofByte: offset, in: bytes), message: message)
      }
    } else if message.hasSuffix("near end of file") {
      offset = bytes.count
    }
    return Diagnostic(
      kind: .syntax, file: file, location: location(ofByte: offset, in: bytes), message: "invalid JSON: \(message)")
  }

  /// The line and column (in characters, from 1) of the character at a byte offset.
  package static func location(ofByte offset: Int, in bytes: [UInt8]) -> TextLocation {
    let (line, before) = TextLocation.count(upTo: offset, in: bytes)
    return TextLocation(line: line, column: before + 1)
  }

  /// The problems placed at their lines and columns. The text is scanned for places only when
  /// there is a problem to place: a valid screen never pays for it.
  package func diagnostics(_ problems: [SpecProblem]) -> [Diagnostic] {
    guard !problems.isEmpty else { return [] }
    let locator = JSONLocator(bytes)
    return problems.map { diagnostic($0, locator: locator) }
  }

  private func diagnostic(_ problem: SpecProblem, locator: JSONLocator) -> Diagnostic {
    var location: TextLocation?
    switch problem.anchor {
    case .key:
      location = locator.keyLocation(of: problem.pointer)
    case .value(let offset):
      location = locator.valueLocation(of: problem.pointer)
      if offset > 0, let inside = locator.location(ofCharacter: offset, inStringAt: problem.pointer) {
        location = inside
      }
    }
    return Diagnostic(
      kind: problem.kind, file: path, location: location, pointer: problem.pointer, explanation: problem.message)
  }
}
