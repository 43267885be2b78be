import Foundation
import ScreenKit

/// What was wrong with a run.
struct Finding: Sendable {
  enum Kind: String, CaseIterable, Sendable {
    case crash, hang, leak, raw, width, exit
    /// The driver could not set the probe up: a fault of the suite, counted as a failure.
    case setup
  }

  var kind: Kind
  var detail: String
  var excerpt: String

  init(_ kind: Kind, _ detail: String, excerpt: String = "") {
    self.kind = kind
    self.detail = detail
    self.excerpt = excerpt
  }
}

/// A probe and what its runs showed.
struct Outcome: Sendable {
  var probe: Probe
  var findings: [Finding]
  var seconds: Double

  var isOK: Bool { findings.isEmpty }
  func has(_ kind: Finding.Kind) -> Bool { findings.contains { $0.kind == kind } }
}

/// The checks every run must pass.
enum Checks {
  static func all(_ run: Driver.Run, width: Int, secrets: [String]) -> [Finding] {
    var findings: [Finding] = []
    if run.timedOut {
      findings.append(
        Finding(
          .hang, "still running after \(Int(Driver.hangSeconds)) s or \(Driver.cpuSeconds) s of CPU; killed"))
    } else if let signal = run.signal {
      findings.append(Finding(.crash, "died by signal \(signal)", excerpt: excerpt(run.stderr, around: nil)))
    } else if ![0, 1, 2].contains(run.exitCode) {
      findings.append(
        Finding(.exit, "exit code \(run.exitCode), not 0, 1 or 2", excerpt: excerpt(run.stderr, around: nil)))
    }
    for (name, stream) in [("stdout", run.stdout), ("stderr", run.stderr)] {
      if let at = crashText(stream) {
        findings.append(Finding(.crash, "crash text on \(name)", excerpt: excerpt(stream, around: at)))
      }
      if let (at, what) = rawControl(stream) {
        findings.append(Finding(.raw, "\(what) on \(name)", excerpt: excerpt(stream, around: at)))
      }
      if let (at, secret) = secret(in: stream, secrets) {
        findings.append(Finding(.leak, "\(secretName(secret)) on \(name)", excerpt: excerpt(stream, around: at)))
      }
    }
    if let (line, columns, text) = tooWide(run.stdout, width: width) {
      findings.append(
        Finding(
          .width, "stdout line \(line) takes \(columns) columns, over \(width)", excerpt: escaped(text, limit: 80)))
    }
    return findings
  }

  /// Secrets in the cache folder's file names or in its regular files.
  static func cache(_ folder: URL, secrets: [String]) -> [Finding] {
    var findings: [Finding] = []
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    while let name = enumerator.nextObject() as? String {
      if let (_, secret) = secret(in: Array(name.utf8), secrets) {
        findings.append(
          Finding(.leak, "\(secretName(secret)) in the cache file name", excerpt: escaped(name, limit: 80)))
      }
      let path = folder.appendingPathComponent(name).path
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size < 64 << 20,
        let handle = FileHandle(forReadingAtPath: path)
      else { continue }
      let bytes = Array((try? handle.readToEnd()) ?? Data())
      try? handle.close()
      if let (at, secret) = secret(in: bytes, secrets) {
        findings.append(
          Finding(.leak, "\(secretName(secret)) inside the cache file \(name)", excerpt: excerpt(bytes, around: at)))
      }
    }
    return findings
  }

  // MARK: - The checks

  /// Words the Swift runtime, the backtracer or a shell print when a process dies.
  static let crashWords = [
    "Fatal error", "Illegal instruction", "Segmentation fault", "Program crashed", "Current stack trace",
    "Stack dump", "core dumped", "Thread 0 crashed", "Trace/breakpoint trap", "Bus error", "Aborted",
  ]

  /// The byte offset of crash text: a runtime's words, or a backtrace line (`0 0x0000…`, `#1 0x…`).
  /// Read as bytes (the words and the line shapes are ASCII): Foundation's search over a
  /// megabyte of combining marks took seconds in a debug build, beside probes on a timer.
  static func crashText(_ bytes: [UInt8]) -> Int? {
    for word in crashWords {
      if let at = find(Array(word.utf8), in: bytes) { return at }
    }
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    func isHex(_ byte: UInt8) -> Bool {
      isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      var rest = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "#") }
      let digits = rest.prefix(while: isDigit)
      rest = rest.dropFirst(digits.count).drop { $0 == UInt8(ascii: " ") }
      if !digits.isEmpty, rest.starts(with: Array("0x".utf8)), rest.dropFirst(2).prefix(6).count == 6,
        rest.dropFirst(2).prefix(6).allSatisfy(isHex)
      {
        return line.startIndex
      }
    }
    return nil
  }

  /// The byte offset and name of the first raw control character, or nil.
  static func rawControl(_ bytes: [UInt8]) -> (Int, String)? {
    // Plain printable ASCII and newlines, the bulk of any output, need no decoding.
    let start = bytes.withUnsafeBufferPointer { buffer in
      buffer.firstIndex { $0 >= 0x7F || ($0 < 0x20 && $0 != 0x0A) } ?? buffer.count
    }
    guard start < bytes.count else { return nil }
    return decodedControl(bytes[start...]).map { ($0.0 + start, $0.1) }
  }

  private static func decodedControl(_ bytes: ArraySlice<UInt8>) -> (Int, String)? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .emptyInput:
        return nil
      case .error:
        return (offset, "bytes that are not UTF-8")
      case .scalarValue(let scalar):
        let value = scalar.value
        switch value {
        case 0x1B: return (offset, "ESC")
        case 0x07: return (offset, "BEL")
        case 0x00: return (offset, "NUL")
        case 0x0A: break
        case 0x01..<0x20, 0x7F: return (offset, String(format: "control 0x%02X", value))
        case 0x80...0x9F: return (offset, String(format: "C1 control U+%04X", value))
        case 0x202A...0x202E, 0x2066...0x2069: return (offset, String(format: "bidi control U+%04X", value))
        default: break
        }
        offset += UTF8.width(scalar)
      }
    }
  }

  /// A secret in `bytes`, in any case.
  static func secret(in bytes: [UInt8], _ secrets: [String]) -> (Int, String)? {
    let folded = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    for secret in secrets {
      let needle = Array(secret.lowercased().utf8)
      if let at = find(needle, in: folded) { return (at, secret) }
    }
    return nil
  }

  /// The first line of stdout wider than `width` (by the project's own count), leaving out a
  /// line that is one URL.
  static func tooWide(_ bytes: [UInt8], width: Int) -> (Int, Int, String)? {
    for (index, slice) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      guard slice.count > width else { continue }
      let line = String(decoding: slice, as: UTF8.self)
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if (trimmed.hasPrefix("http://") || trimmed.hasPrefix("https://")) && !trimmed.contains(" ") { continue }
      let columns = TextWidth.width(of: line)
      if columns > width { return (index + 1, columns, line) }
    }
    return nil
  }

  // MARK: - Helpers

  private static func secretName(_ secret: String) -> String {
    switch secret {
    case Hostile.marvelPrivateKey: "the Marvel private key"
    case Hostile.githubToken: "the GitHub token"
    default: "a request hash"
    }
  }

  /// Where `needle` starts in `haystack` (`memchr` and `memcmp`: the suite reads megabytes of
  /// output in a debug build).
  private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard let first = needle.first, needle.count <= haystack.count else { return nil }
    return haystack.withUnsafeBytes { hay in
      needle.withUnsafeBytes { pin in
        guard let base = hay.baseAddress, let wanted = pin.baseAddress else { return nil }
        var offset = 0
        let last = hay.count - pin.count
        while offset <= last {
          guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
          let at = UnsafeRawPointer(hit) - base
          if memcmp(base + at, wanted, pin.count) == 0 { return at }
          offset = at + 1
        }
        return nil
      }
    }
  }

  /// Up to 80 characters of `bytes` around `offset`, escaped.
  static func excerpt(_ bytes: [UInt8], around offset: Int?) -> String {
    let start = max(0, (offset ?? 0) - 30)
    let slice = Array(bytes[min(start, bytes.count)..<min(bytes.count, start + 160)])
    return escaped(String(decoding: slice, as: UTF8.self), limit: 80)
  }

  /// `text` with every control, bidi and non-ASCII scalar written as `\u{…}`, cut to `limit`.
  static func escaped(_ text: String, limit: Int) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if result.count >= limit {
        result += "…"
        break
      }
      switch scalar.value {
      case 0x0A: result += "\\n"
      case 0x20..<0x7F: result.unicodeScalars.append(scalar)
      default: result += "\\u{\(String(scalar.value, radix: 16))}"
      }
    }
    return result
  }
}
