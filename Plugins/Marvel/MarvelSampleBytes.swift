import Foundation
import MarvelSampleData
import ScreenKit
import Synchronization

/// Bytes that stay put for the life of the process: the sample linked into the binary, or a
/// generated file mapped into memory. Every read is checked against the end, so a damaged or
/// foreign file gives nil, never a read out of bounds.
struct MarvelSampleBytes: @unchecked Sendable {
  // @unchecked: the memory is read-only and never unmapped or freed.
  private let base: UnsafeRawPointer
  let count: Int

  init(base: UnsafeRawPointer, count: Int) {
    self.base = base
    self.count = count
  }

  /// The dataset in the binary.
  static let bundledJSON = MarvelSampleBytes(
    base: UnsafeRawPointer(screenrun_marvel_sample_json()), count: screenrun_marvel_sample_json_size())
  /// Its index.
  static let bundledIndex = MarvelSampleBytes(
    base: UnsafeRawPointer(screenrun_marvel_sample_index()), count: screenrun_marvel_sample_index_size())

  /// The little-endian 64-bit number at `offset`, or nil past the end or above `Int.max`.
  func number(at offset: Int) -> Int? {
    guard offset >= 0, offset <= count - 8 else { return nil }
    let value = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    return value <= UInt64(Int.max) ? Int(value) : nil
  }

  /// `length` bytes from `offset`, or nil when they are not all inside.
  func span(_ offset: Int, _ length: Int) -> UnsafeBufferPointer<UInt8>? {
    guard offset >= 0, length >= 0, offset <= count, length <= count - offset else { return nil }
    return UnsafeBufferPointer(start: (base + offset).assumingMemoryBound(to: UInt8.self), count: length)
  }

  /// A file mapped read-only into memory, kept mapped for the life of the process; the same
  /// file is mapped once however often it is asked for.
  static func mapped(_ path: String) throws(DataSourceError) -> MarvelSampleBytes {
    let result = mappedFiles.withLock { files -> Result<MarvelSampleBytes, DataSourceError> in
      if let bytes = files[path] { return .success(bytes) }
      let mapped = map(path)
      if case .success(let bytes) = mapped { files[path] = bytes }
      return mapped
    }
    return try result.get()
  }

  private static let mappedFiles = Mutex<[String: MarvelSampleBytes]>([:])

  private static func map(_ path: String) -> Result<MarvelSampleBytes, DataSourceError> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      return .failure(.decoding("cannot open \(path): \(String(cString: strerror(errno)))"))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size > 0 else {
      return .failure(.decoding("\(path) is empty or unreadable"))
    }
    let size = Int(status.st_size)
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
      return .failure(.decoding("cannot map \(path): \(String(cString: strerror(errno)))"))
    }
    return .success(MarvelSampleBytes(base: UnsafeRawPointer(address), count: size))
  }
}
