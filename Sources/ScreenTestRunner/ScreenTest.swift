import FoundationEssentials
import ScreenKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A screen test: one `.screentest` file, a transcript a person reads in a diff. Its settings
/// come first, then each script command verbatim after `$ `, each followed by what it printed:
///
///     # Searching narrows the list.
///     screen: ../../Screens/characters.json
///     width: 60
///     $ start
///     | Marvel Characters
///     | …
///     $ search iron
///     | …
///     $ open 99
///     ! error: cannot open: there is no row 99; the list has 20
///     ? exit 2
///
/// A frame line is `| ` and the line (`|` alone for an empty one), so no frame line is ever read
/// as anything else; a frame that does not end with a newline is followed by
/// `\ no newline at end of frame`. A `!` line is what the run wrote to stderr, and `? exit N` the
/// status it ended with, when not 0. Every other line (a setting, a comment, a blank line) is kept
/// as written when the file is rewritten.
struct ScreenTest: Equatable, Sendable {
  /// The settings: which screen, and how it runs.
  struct Settings: Equatable, Sendable {
    /// The screen file, relative to the test file's folder.
    var screen = ""
    /// Navigation parameters, in the order given.
    var parameters: [Parameter] = []
    var width = 80
    /// The room a `key` command's screen has (the frame itself shows every row).
    var height: Int?
    /// Frames drawn with ASCII glyphs only, as `--ascii` draws them (`ascii: true`).
    var ascii = false
    /// Frames recorded with their styles as markup (`Frame.markup`: `[title]…[/title]`), not as
    /// plain text (`styles: true`).
    var styles = false
    /// Live data over HTTP, instead of the plugins' bundled samples.
    var live = false
    /// Folders of external plugins, relative to the test file's folder. User plugins are never
    /// looked for: a test runs the same on every machine.
    var pluginPaths: [String] = []
    /// The time the templates read (`ago`), in Unix seconds, when the test fixes it: the clock
    /// starts there and moves with the test's virtual clock (`wait`); nil for the machine's.
    var now: Double?
    /// The lines of the settings, for locating a problem with what they name.
    var screenLine = 1
    var pluginPathLines: [Int] = []

    struct Parameter: Equatable, Sendable {
      var name: String
      var value: String
    }
  }

  /// What a command printed: its frame, its stderr lines, and the status the run ended with when
  /// it ended there.
  struct Output: Equatable, Sendable {
    var frame: String?
    /// What the run wrote to stderr, a line each.
    var errors: [String] = []
    var exit: Int32?
    /// The frame as a value, kept only for `--pictures`; no part of what is compared.
    var picture: Frame? = nil

    var isEmpty: Bool { frame == nil && errors.isEmpty && exit == nil }

    /// Equal byte for byte (not only canonically equivalent, as `String`'s `==` has it).
    static func == (a: Output, b: Output) -> Bool {
      guard a.exit == b.exit, a.errors.count == b.errors.count, (a.frame == nil) == (b.frame == nil) else {
        return false
      }
      if let x = a.frame, let y = b.frame, !sameBytes(x, y) { return false }
      return zip(a.errors, b.errors).allSatisfy { sameBytes($0, $1) }
    }

    /// Whether two texts are the same UTF-8, compared as memory (a frame is kilobytes, and every
    /// test compares all of its frames).
    private static func sameBytes(_ x: String, _ y: String) -> Bool {
      guard x.utf8.count == y.utf8.count else { return false }
      var (x, y) = (x, y)
      return x.withUTF8 { a in
        y.withUTF8 { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
      }
    }
  }

  /// A command and what followed it.
  struct Block: Equatable, Sendable {
    /// The lines before it that are no command (comments, blank lines), as written.
    var leading: [String] = []
    /// The command as written after `$ `: `start` for the first frame, else a script line.
    var command: String
    /// Its line in the file (from 1); 0 for a `start` the file leaves out.
    var line: Int
    var output = Output()
  }

  /// The lines before the first command, as written: settings, comments and blank lines.
  var head: [String] = []
  var settings = Settings()
  /// `start` first, then the script's commands.
  var blocks: [Block] = []
  /// Comments and blank lines after the last output.
  var trailing: [String] = []

  static let fileExtension = "screentest"
  static let pendingExtension = "pending"
  static let noNewline = "\\ no newline at end of frame"
  static let settingNames = [
    "screen", "param", "width", "height", "ascii", "styles", "data", "plugin-path", "now",
  ]

  /// How much output the test expects, in bytes of its frames and errors: how long it takes to
  /// run, roughly, as drawing and reading them is most of a test's work.
  var expectedSize: Int {
    blocks.reduce(0) { size, block in
      size + 1 + (block.output.frame?.utf8.count ?? 0) + block.output.errors.reduce(0) { $0 + $1.utf8.count }
    }
  }

  /// Whether the file holds no expected output at all: a test written but never recorded.
  var isUnrecorded: Bool { blocks.allSatisfy(\.output.isEmpty) }

  /// The same test with `outputs` in place of its own: the commands after the last of them are
  /// dropped, as they did not run.
  func replacingOutputs(_ outputs: [Output]) -> ScreenTest {
    var copy = self
    copy.blocks = Array(blocks.prefix(outputs.count))
    for index in copy.blocks.indices { copy.blocks[index].output = outputs[index] }
    return copy
  }
}

/// A problem with a test file, at its line and column (from 1).
struct ScreenTestError: Error, Equatable, Sendable {
  var line: Int
  var column: Int
  var message: String
}

// MARK: - Reading

extension ScreenTest {
  /// Reads a test file's text.
  init(parsing text: String) throws(ScreenTestError) {
    try self.init(parsing: Array(text.utf8))
  }

  /// Reads a test file's bytes (invalid UTF-8 is read as U+FFFD, as `String(decoding:as:)` reads it).
  ///
  /// A frame line is most of a file: its bytes go straight into its frame, which becomes text
  /// once, when the frame ends; every other line is read as text.
  init(parsing bytes: [UInt8]) throws(ScreenTestError) {
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    var leading: [String] = []
    var inHead = true
    var sawScreen = false
    /// The current block's frame lines read so far, each with its newline, when its `frame` is nil.
    var frame: [UInt8] = []
    func endFrame() {
      guard !frame.isEmpty, let last = blocks.indices.last else { return }
      blocks[last].output.frame = String(decoding: frame, as: UTF8.self)
      frame.removeAll(keepingCapacity: true)
    }
    for (index, bytes) in lines.enumerated() {
      let number = index + 1
      // A frame line, `| TEXT` or `|`, under its command with nothing before it but frame lines.
      if !inHead, bytes.first == 0x7C, bytes.count == 1 || bytes[bytes.startIndex + 1] == 0x20, leading.isEmpty,
        let last = blocks.indices.last, blocks[last].output.frame == nil, blocks[last].output.errors.isEmpty,
        blocks[last].output.exit == nil
      {
        frame.append(contentsOf: bytes.dropFirst(2))
        frame.append(0x0A)
        continue
      }
      endFrame()
      let line = String(decoding: bytes, as: UTF8.self)
      // Only a frame line keeps a carriage return: it may be part of what was drawn.
      let plain = line.unicodeScalars.last == "\r" && !line.startsWith("|") ? line.droppingScalars(last: 1) : line
      if plain.startsWith("$ ") || plain == "$" {
        if inHead {
          // Comments after the last setting belong to the first command, after a `start` left out.
          let settingsEnd =
            command(plain) == "start" ? leading.count : (leading.lastIndex { Self.isSetting($0) } ?? -1) + 1
          head = Array(leading[..<settingsEnd])
          leading = Array(leading[settingsEnd...])
          inHead = false
          guard sawScreen else {
            throw ScreenTestError(
              line: number, column: 1, message: "the test names no screen; start it with a line 'screen: PATH.json'")
          }
        }
        let command = command(plain)
        if blocks.isEmpty && command != "start" {
          blocks.append(Block(command: "start", line: 0))
        }
        blocks.append(Block(leading: leading, command: command, line: number))
        leading = []
        continue
      }
      if inHead {
        if plain.isBlank || plain.hasPrefix("#") {
          leading.append(plain)
          continue
        }
        try settings.read(plain, line: number)
        if plain.hasPrefix("screen:") { sawScreen = true }
        leading.append(plain)
        continue
      }
      if !line.startsWith("|"), plain.isBlank || plain.hasPrefix("#") {
        leading.append(plain)
        continue
      }
      guard let last = blocks.indices.last else { continue }
      guard leading.isEmpty else {
        throw ScreenTestError(
          line: number, column: 1,
          message: "output after a comment or a blank line; put it right under its '$ COMMAND' line")
      }
      try blocks[last].output.read(line, line: number)
    }
    endFrame()
    if inHead {
      guard sawScreen else {
        throw ScreenTestError(
          line: max(1, lines.count), column: 1,
          message: "the test names no screen; start it with a line 'screen: PATH.json'")
      }
      head = leading
      blocks = [Block(command: "start", line: 0)]
    } else {
      trailing = leading
    }
  }

  /// The command of a `$ COMMAND` line.
  private func command(_ line: String) -> String { line.droppingScalars(first: 2) }

  /// Whether a line of the head is a setting (not a comment or a blank line).
  private static func isSetting(_ line: String) -> Bool {
    !line.isBlank && !line.hasPrefix("#")
  }

  /// The lines of `text`, split at each newline only (a carriage return stays where it is).
  static func lines(of text: String) -> [String] {
    // Splitting UTF-8 at a newline byte keeps every piece valid UTF-8.
    text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
  }
}

extension ScreenTest.Settings {
  /// Reads one `name: value` line of the head.
  mutating func read(_ text: String, line: Int) throws(ScreenTestError) {
    guard let colon = text.firstIndex(of: ":") else {
      throw ScreenTestError(
        line: line, column: 1,
        message: "expected a setting 'NAME: VALUE' (\(ScreenTest.settingNames.joined(separator: ", "))), "
          + "a '# comment', or a '$ COMMAND' line; got '\(text)'")
    }
    let name = String(text[..<colon])
    let value = text[text.index(after: colon)...].trimmingSpaces()
    let column = text.distance(from: text.startIndex, to: colon) + 3
    func fail(_ message: String) -> ScreenTestError { ScreenTestError(line: line, column: column, message: message) }
    switch name {
    case "screen":
      guard !value.isEmpty else { throw fail("'screen' needs the path of a screen file, relative to the test") }
      screen = value
      screenLine = line
    case "param":
      guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
        throw fail("'param' takes KEY=VALUE, as in 'param: id=1009368', not '\(value)'")
      }
      parameters.append(.init(name: String(value[..<equals]), value: String(value[value.index(after: equals)...])))
    case "width":
      guard let number = Int(value), (20...1000).contains(number) else {
        throw fail("'width' takes a number of columns from 20 to 1000, not '\(value)'")
      }
      width = number
    case "height":
      guard let number = Int(value), (8...1000).contains(number) else {
        throw fail("'height' takes a number of lines from 8 to 1000, not '\(value)'")
      }
      height = number
    case "ascii":
      switch value {
      case "true": ascii = true
      case "false": ascii = false
      default:
        throw fail("'ascii' is 'true' (ASCII glyphs only, as --ascii draws) or 'false' (the default), not '\(value)'")
      }
    case "styles":
      switch value {
      case "true": styles = true
      case "false": styles = false
      default:
        throw fail(
          "'styles' is 'true' (each frame's roles as markup, [title]…[/title]) or 'false' (plain text, the default), not '\(value)'"
        )
      }
    case "data":
      switch value {
      case "sample": live = false
      case "live": live = true
      default: throw fail("'data' is 'sample' (the default) or 'live', not '\(value)'")
      }
    case "plugin-path":
      guard !value.isEmpty else { throw fail("'plugin-path' needs a folder, relative to the test") }
      pluginPaths.append(value)
      pluginPathLines.append(line)
    case "now":
      guard let seconds = TemplateFilter.unixSeconds(of: .text(value)) else {
        throw fail(
          "'now' takes an ISO 8601 time, as in 'now: 2025-12-01T00:00:00Z', or Unix seconds, not '\(value)'")
      }
      now = seconds
    default:
      let message = Diagnostic.Message.unknown(
        "unknown setting '\(name)'", name: name, among: ScreenTest.settingNames,
        expected: "settings are " + ScreenTest.settingNames.joined(separator: ", "))
      throw ScreenTestError(line: line, column: 1, message: message.description)
    }
  }
}

extension ScreenTest.Output {
  /// Reads one line of output under a command.
  mutating func read(_ text: String, line: Int) throws(ScreenTestError) {
    func fail(_ message: String) -> ScreenTestError { ScreenTestError(line: line, column: 1, message: message) }
    if text == "|" || text.startsWith("| ") {
      guard errors.isEmpty, exit == nil else { throw fail("a frame line after an error line; the frame comes first") }
      if let frame, frame.unicodeScalars.last != "\n" { throw fail("a frame line after '\(ScreenTest.noNewline)'") }
      // Appended in place: a frame of many lines is read in linear time.
      if frame == nil { frame = "" }
      frame?.append(text.droppingScalars(first: 2))
      frame?.append("\n")
    } else if text == ScreenTest.noNewline {
      guard let current = frame, current.unicodeScalars.last == "\n", errors.isEmpty else {
        throw fail("'\(ScreenTest.noNewline)' belongs right after a frame's last line")
      }
      frame = current.droppingScalars(last: 1)
    } else if text == "!" || text.startsWith("! ") {
      guard exit == nil else { throw fail("an error line after '? exit'; the status comes last") }
      errors.append(text.droppingScalars(first: 2))
    } else if text.startsWith("? exit ") {
      guard exit == nil else { throw fail("a second '? exit' line") }
      let value = text.dropFirst(7)
      guard let status = Int32(value), status > 0 else {
        throw fail("'? exit' takes the status the run ended with, 1 or 2, not '\(value)'")
      }
      exit = status
    } else {
      throw fail(
        "expected a frame line ('| TEXT'), an error line ('! TEXT'), '? exit N', a '$ COMMAND', "
          + "a '# comment' or a blank line; got '\(text)'")
    }
  }
}

// MARK: - Writing

extension ScreenTest {
  /// The file's text: what it read back is this test.
  var text: String {
    var lines = head
    for block in blocks {
      lines += block.leading
      lines.append("$ " + block.command)
      lines += block.output.lines
    }
    lines += trailing
    return lines.map { $0 + "\n" }.joined()
  }
}

extension ScreenTest.Output {
  /// The lines that stand for this output in a test file.
  var lines: [String] {
    var lines: [String] = []
    if let frame {
      var body = ScreenTest.lines(of: frame)
      let ended = frame.unicodeScalars.last == "\n"
      if ended { body.removeLast() }
      lines += body.map { $0.isEmpty ? "|" : "| " + $0 }
      if !ended { lines.append(ScreenTest.noNewline) }
    }
    for error in errors {
      for line in ScreenTest.lines(of: error) { lines.append(line.isEmpty ? "!" : "! " + line) }
    }
    if let exit { lines.append("? exit \(exit)") }
    return lines
  }
}

extension String {
  /// Whether the text starts with `prefix`, scalar for scalar (a combining mark after it does not
  /// hide it, as it would from `hasPrefix`, which compares characters).
  func startsWith(_ prefix: String) -> Bool { utf8.starts(with: prefix.utf8) }

  /// Whether the text is empty or only spaces and tabs.
  var isBlank: Bool { utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } }

  func droppingScalars(first count: Int) -> String {
    // The prefixes dropped are ASCII, a byte a scalar: the bytes after them are the rest, as they are.
    let bytes = utf8.prefix(count)
    if bytes.count == count, bytes.allSatisfy({ $0 < 0x80 }) {
      return String(decoding: utf8.dropFirst(count), as: UTF8.self)
    }
    return String(String.UnicodeScalarView(unicodeScalars.dropFirst(count)))
  }

  func droppingScalars(last count: Int) -> String { String(String.UnicodeScalarView(unicodeScalars.dropLast(count))) }
}
