#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The framing of the protocol: a program's stdout cut into lines, each ending in `\n`, at most
/// `limit` bytes. It knows nothing of JSON (that is `WireCodec`): a line's bytes are handed on as
/// they came, NUL and invalid UTF-8 included, and the codec refuses them.
///
/// - A line longer than `limit`, ended or not, breaks the stream: `next()` says `.tooLong` from
///   then on, with the line's start (to quote).
/// - At the end of the stream, what follows the last newline is no line: it stays in `partial`.
/// - A long line is scanned once (memchr), however many pieces it comes in.
struct LineFraming {
  /// What the stream holds next.
  enum Frame: Equatable {
    /// A line, without its newline.
    case line([UInt8])
    /// A line over the limit: the first `quoted` bytes of it. The stream can be read no further.
    case tooLong(start: [UInt8])
  }

  /// How many bytes of a line that is too long `Frame.tooLong` keeps.
  static let quoted = 4096

  let limit: Int
  private var buffer: [UInt8] = []
  /// Where the next line starts in `buffer`.
  private var start = 0
  /// How far from `start` the buffer is known to hold no newline.
  private var scanned = 0
  private var broken = false

  init(limit: Int) {
    self.limit = limit
  }

  /// Adds bytes read from the stream.
  mutating func append(_ bytes: some Collection<UInt8>) {
    guard !broken else { return }
    if start > 0, start >= buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next frame, or nil when the bytes so far hold no whole line (more must be read).
  mutating func next() -> Frame? {
    if broken { return .tooLong(start: Array(buffer.prefix(Self.quoted))) }
    let from = start + scanned
    if let newline = Self.newline(in: buffer, from: from, to: min(buffer.count, start + limit + 1)) {
      let line = Array(buffer[start..<newline])
      start = newline + 1
      scanned = 0
      return .line(line)
    }
    scanned = buffer.count - start
    guard scanned > limit else { return nil }
    broken = true
    buffer = Array(buffer[start..<min(buffer.count, start + Self.quoted)])
    start = 0
    return .tooLong(start: buffer)
  }

  /// What follows the last whole line: at the stream's end, a line that was never ended.
  var partial: ArraySlice<UInt8> { broken ? [] : buffer[start...] }

  /// The index of the first newline in `bytes[from..<to]` (memchr: a long line is scanned fast).
  private static func newline(in bytes: [UInt8], from: Int, to: Int) -> Int? {
    guard from < to else { return nil }
    return bytes.withUnsafeBytes { buffer -> Int? in
      guard let base = buffer.baseAddress, let found = memchr(base + from, 0x0A, to - from) else { return nil }
      return base.distance(to: UnsafeRawPointer(found))
    }
  }
}
