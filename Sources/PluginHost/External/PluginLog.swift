import FoundationEssentials
import ScreenSystem
import ScreenText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plugin's log: what its program writes to stderr, kept in a file the user can read, at
/// `$XDG_STATE_HOME/screenrun/plugins/NAME.log` (or `~/.local/state/screenrun/plugins/NAME.log`).
///
/// The file is safe to `cat` and keeps no secret: each line is written with every registered
/// secret masked (`SecretRegistry`, in any letter case), and its control characters and
/// bidirectional controls escaped (ESC as `\u001b`, U+202E as `\u202e`); a line is cut at
/// `lineLimit` bytes, never inside a secret shorter than `secretMargin`. It is bounded: past `sizeLimit` bytes it is
/// moved to `NAME.log.1` (the one before is dropped) and begun anew. Each start of the program
/// adds a heading line, so one file holds the runs one after the other. Nothing here is drawn in a
/// frame; the error state names the file instead (`see ~/.local/state/…`).
///
/// It is made before the program's stderr is read, then used by the thread that reads it only.
package final class PluginLog: @unchecked Sendable {
  /// The largest a log file grows before it is moved aside.
  static let sizeLimit = 1 << 20
  /// The longest line kept: a longer one (or a flood without a newline) is cut into lines this long.
  package static let lineLimit = 16 << 10
  /// A line longer than `lineLimit` is cut only once this much more of it has come, and after
  /// its secrets are masked: a secret up to this long is never split between two lines.
  static let secretMargin = 4 << 10

  package let path: String
  private var descriptor: Int32 = -1
  private var size = 0
  private var line: [UInt8] = []

  /// The log file of plugin `name`, from the environment the plugin runs in: nil when neither
  /// `XDG_STATE_HOME` (an absolute path) nor `HOME` says where.
  package static func path(of name: String, environment: [String: String]) -> String? {
    let state: String
    if let folder = environment["XDG_STATE_HOME"], folder.hasPrefix("/") {
      state = folder
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      state = home + "/.local/state"
    } else {
      return nil
    }
    return state + "/screenrun/plugins/" + name + ".log"
  }

  /// The path as a person writes it: `~/…` when it is under `home`.
  package static func shown(_ path: String, home: String?) -> String {
    guard let home, home.count > 1, path.hasPrefix(home + "/") else { return path }
    return "~" + path.dropFirst(home.count)
  }

  /// Opens (and makes) the log file, and writes `heading` as its first line for this start. A
  /// log that cannot be opened is not kept; the plugin runs all the same.
  package init(path: String, heading: String) {
    self.path = path
    let folder = path.deletingLastPathComponent
    try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    open()
    append(Array(heading.utf8))
  }

  var isOpen: Bool { descriptor >= 0 }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  private func open() {
    descriptor = SystemIO.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    var status = stat()
    size = descriptor >= 0 && fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
  }

  /// Takes what the plugin wrote to stderr: each whole line is written, escaped.
  package func take(_ bytes: ArraySlice<UInt8>) {
    var rest = bytes
    while let newline = rest.firstIndex(of: 0x0A) {
      line.append(contentsOf: rest[rest.startIndex..<newline])
      append(line)
      line.removeAll(keepingCapacity: true)
      rest = rest[(newline + 1)...]
    }
    line.append(contentsOf: rest)
    guard line.count >= Self.lineLimit + Self.secretMargin else { return }
    // Masked before it is cut (the end may hold the start of a secret still to come: it is masked
    // when the rest comes, as masking twice changes nothing).
    line = Array(SecretRegistry.shared.redact(String(decoding: line, as: UTF8.self)).utf8)
    while line.count >= Self.lineLimit + Self.secretMargin {
      var cut = Self.lineLimit
      while cut > 0, line[cut] & 0xC0 == 0x80 { cut -= 1 }  // not inside a character
      append(Array(line[..<cut]))
      line.removeFirst(cut)
    }
  }

  /// Writes what is left of a line without its newline (stderr has ended).
  package func finish() {
    if !line.isEmpty { append(line) }
    line.removeAll()
  }

  private func append(_ raw: [UInt8]) {
    guard descriptor >= 0 else { return }
    var text = String(decoding: raw, as: UTF8.self)
    if text.hasSuffix("\r") { text.removeLast() }
    let bytes = Array((Self.escaped(SecretRegistry.shared.redact(text)) + "\n").utf8)
    if size > 0, size + bytes.count > Self.sizeLimit {
      close(descriptor)
      _ = rename(path, path + ".1")
      open()
    }
    // A plugin's log file, escaped, not the terminal.
    if bytes.withUnsafeBytes({ SystemIO.writeAll(descriptor, $0) }) == .all { size += bytes.count }
  }

  /// `text` with the characters of `TerminalSafe.isUnsafe` (controls, bidirectional controls,
  /// line separators) written as `\uXXXX`, not replaced: what a plugin wrote, safe to `cat` and to
  /// quote, and still readable.
  package static func escaped(_ text: String) -> String {
    ScalarEscape.escaped(text, where: TerminalSafe.isUnsafe)
  }
}
