import Synchronization

/// What was made of the last few long texts, by a key (a width) and by how many secrets were
/// registered then: laying out a detail view again (every key scrolls it) finds a megabyte
/// description's redacted text and lines here instead of working them out again. A text is found
/// by its bytes, so an equal text built anew (a template filled again) is found too.
///
///     let lines = memo.value(of: text, key: columns, generation: registry.generation) {
///       wrapLines(text, columns)
///     }
package final class LongTextMemo<Value: Sendable>: Sendable {
  /// The shortest text, in UTF-8 bytes, that is kept: shorter ones are worked out in less time
  /// than the comparison with a kept one takes.
  package static var threshold: Int { 16 * 1024 }

  /// How many texts are kept; the one used longest ago goes first.
  package let capacity: Int

  private struct Entry {
    var text: String
    var key: Int
    var generation: Int
    var value: Value
  }

  /// Most recently used last.
  private let entries = Mutex<[Entry]>([])

  package init(capacity: Int = 4) {
    self.capacity = max(1, capacity)
  }

  /// What `make` gives for `text` under `key` and `generation`: kept from an earlier call when
  /// one had them, made (and kept) now when none did. A text shorter than `threshold` is never
  /// kept. `make` runs outside the lock.
  package func value(of text: String, key: Int, generation: Int, _ make: () -> Value) -> Value {
    guard text.utf8.count >= Self.threshold else { return make() }
    let kept = entries.withLock { entries -> Value? in
      guard
        let index = entries.lastIndex(where: {
          $0.key == key && $0.generation == generation && Self.sameBytes($0.text, text)
        })
      else { return nil }
      let entry = entries.remove(at: index)
      entries.append(entry)
      return entry.value
    }
    if let kept { return kept }
    let value = make()
    entries.withLock { entries in
      if entries.count >= capacity { entries.removeFirst(entries.count - capacity + 1) }
      entries.append(Entry(text: text, key: key, generation: generation, value: value))
    }
    return value
  }

  /// Whether two texts hold the same bytes, eight at a time: linear, and never normalized
  /// (canonically equal texts of other bytes are other texts here).
  package static func sameBytes(_ first: String, _ second: String) -> Bool {
    guard first.utf8.count == second.utf8.count else { return false }
    var first = first
    var second = second
    return first.withUTF8 { one in
      second.withUTF8 { other in
        guard let a = one.baseAddress, let b = other.baseAddress, a != b else { return true }
        let count = one.count
        var offset = 0
        while offset + 8 <= count {
          guard
            UnsafeRawPointer(a).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
              == UnsafeRawPointer(b).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          else { return false }
          offset += 8
        }
        while offset < count {
          guard a[offset] == b[offset] else { return false }
          offset += 1
        }
        return true
      }
    }
  }
}
