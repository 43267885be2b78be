/// Bytes that stay put for the life of the process, such as data linked into the binary or a
/// file mapped into memory: what a plugin's bundled sample is read from in place. Every read is
/// checked against the end, so a damaged or foreign file gives nil, never a read out of bounds.
package struct ResidentBytes: @unchecked Sendable {
  // @unchecked: the memory is read-only and is never freed or unmapped.
  private let base: UnsafeRawPointer
  package let count: Int

  /// `count` bytes at `base`, which must stay valid and unchanged as long as the process runs.
  package init(base: UnsafeRawPointer, count: Int) {
    self.base = base
    self.count = max(0, count)
  }

  /// The little-endian 64-bit number at `offset`, or nil past the end or above `Int.max`.
  package func number(at offset: Int) -> Int? {
    guard offset >= 0, offset <= count - 8 else { return nil }
    let value = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    return value <= UInt64(Int.max) ? Int(value) : nil
  }

  /// `length` bytes from `offset`, or nil when they are not all inside.
  package func span(_ offset: Int, _ length: Int) -> UnsafeBufferPointer<UInt8>? {
    guard offset >= 0, length >= 0, offset <= count, length <= count - offset else { return nil }
    return UnsafeBufferPointer(start: (base + offset).assumingMemoryBound(to: UInt8.self), count: length)
  }
}
