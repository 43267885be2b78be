import Synchronization

/// The secrets of this process: values no output may show, in any letter case, wherever they
/// stand (a frame, an error, a heading, a server's message, a record's field).
///
///     SecretRegistry.shared.register(privateKey)   // a plugin, when it reads its keys
///     SecretRegistry.shared.redact("key MARVEL-private-… echoed")   // "key REDACTED echoed"
///
/// Plugins add what they hold (a private key, a token, each request's signature); the terminal
/// writer redacts every registered value from everything it writes, so a secret that a server
/// echoes back anywhere is caught at the one door out. Case is folded for ASCII letters, so a
/// hex hash is found in upper case too.
package final class SecretRegistry: Sendable {
  /// The registry the writer consults.
  package static let shared = SecretRegistry()

  /// What a removed secret is replaced with.
  package static let mask = "REDACTED"

  /// Values shorter than this are not registered: a one-letter key would mangle every word.
  package static let minimumLength = 4

  private struct Table: Sendable {
    /// Folded secrets by their first two folded bytes, longest first.
    var byPrefix: [UInt16: [[UInt8]]] = [:]
    /// One bit per two-byte prefix in `byPrefix`: most positions are ruled out with one load.
    var prefixBits = [UInt64](repeating: 0, count: 1024)
    var known: Set<[UInt8]> = []
  }

  private let table = Mutex(Table())
  /// Whether any secret is registered, read without the lock: most runs have none, and every
  /// text that a frame lays out asks.
  private let active = Atomic<Bool>(false)
  /// The length in bytes of the longest secret registered, read without the lock.
  private let longest = Atomic<Int>(0)
  /// How many secrets are registered: a text redacted at one count is redacted alike while the
  /// count stays (secrets are only ever added).
  private let count = Atomic<Int>(0)

  package init() {}

  /// Adds a secret; a value shorter than `minimumLength`, or already known, changes nothing.
  package func register(_ secret: String) {
    let folded = secret.utf8.map(Self.fold)
    guard folded.count >= Self.minimumLength else { return }
    table.withLock { table in
      guard table.known.insert(folded).inserted else { return }
      let key = Self.prefix(folded[0], folded[1])
      var list = table.byPrefix[key, default: []]
      list.append(folded)
      list.sort { $0.count > $1.count }
      table.byPrefix[key] = list
      table.prefixBits[Int(key >> 6)] |= 1 << UInt64(key & 63)
      if folded.count > longest.load(ordering: .relaxed) { longest.store(folded.count, ordering: .relaxed) }
      count.add(1, ordering: .releasing)
      active.store(true, ordering: .releasing)
    }
  }

  /// How many secrets are registered so far: what `redact` does changes only when this does.
  package var generation: Int {
    count.load(ordering: .acquiring)
  }

  /// The length in bytes of the longest secret registered (0 when none is): a text cut this far
  /// past where it is shown holds whole every secret that starts in what is shown.
  package var longestLength: Int {
    longest.load(ordering: .relaxed)
  }

  /// Whether any secret is registered: when none is, nothing needs redacting.
  package var isActive: Bool {
    active.load(ordering: .acquiring)
  }

  /// Whether `text` holds a registered secret.
  package func contains(_ text: String) -> Bool {
    redact(text) != text
  }

  /// Whether `bytes` hold a registered secret, in any case.
  package func contains(bytes: [UInt8]) -> Bool {
    let table = table.withLock { $0 }
    guard !table.known.isEmpty else { return false }
    return bytes.withUnsafeBufferPointer { Self.masked($0, table) } != nil
  }

  /// `text` with every registered secret replaced by `REDACTED`, in one pass over its bytes. A
  /// text of `LongTextMemo.threshold` bytes or more is found again by its bytes the next time.
  package func redact(_ text: String) -> String {
    guard isActive else { return text }
    return redactions.value(of: text, key: 0, generation: generation) { masking(text) }
  }

  private let redactions = LongTextMemo<String>()

  private func masking(_ text: String) -> String {
    let table = table.withLock { $0 }
    guard !table.known.isEmpty else { return text }
    let masked =
      text.utf8.withContiguousStorageIfAvailable { Self.masked($0, table) }
      ?? Array(text.utf8).withUnsafeBufferPointer { Self.masked($0, table) }
    return masked.map { String(decoding: $0, as: UTF8.self) } ?? text
  }

  /// `bytes` with secrets masked, or nil when there was nothing to mask.
  private static func masked(_ bytes: UnsafeBufferPointer<UInt8>, _ table: Table) -> [UInt8]? {
    var output: [UInt8]?
    var copied = 0
    var index = 0
    let count = bytes.count
    while index + 1 < count {
      let key = prefix(fold(bytes[index]), fold(bytes[index + 1]))
      guard table.prefixBits[Int(key >> 6)] & (1 << UInt64(key & 63)) != 0,
        let secret = table.byPrefix[key]?.first(where: { matches($0, bytes, at: index) })
      else {
        index += 1
        continue
      }
      if output == nil {
        output = []
        output!.reserveCapacity(count)
      }
      output!.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
      output!.append(contentsOf: mask.utf8)
      index += secret.count
      copied = index
    }
    output?.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<count]))
    return output
  }

  private static func matches(_ secret: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
    guard start + secret.count <= bytes.count else { return false }
    for offset in 2..<secret.count where fold(bytes[start + offset]) != secret[offset] { return false }
    return true
  }

  private static func prefix(_ first: UInt8, _ second: UInt8) -> UInt16 {
    UInt16(first) << 8 | UInt16(second)
  }

  /// ASCII upper case to lower case; every other byte (UTF-8 sequences included) as it is.
  private static func fold(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }
}
