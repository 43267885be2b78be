import FoundationEssentials
import MarvelSampleData
import ScreenKit
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the Marvel sample's bytes come from: linked into the binary by Sample/data.S, or a file
/// of the same format mapped into memory.
extension ResidentBytes {
  /// The dataset in the binary.
  static let marvelSampleJSON = ResidentBytes(
    base: UnsafeRawPointer(screenrun_marvel_sample_json()), count: screenrun_marvel_sample_json_size())
  /// Its index.
  static let marvelSampleIndex = ResidentBytes(
    base: UnsafeRawPointer(screenrun_marvel_sample_index()), count: screenrun_marvel_sample_index_size())

  /// A file mapped read-only into memory, kept mapped for the life of the process; the same
  /// file is mapped once however often it is asked for.
  static func mappedMarvelSample(_ path: String) throws(DataSourceError) -> ResidentBytes {
    let result = mappedMarvelFiles.withLock { files -> Result<ResidentBytes, DataSourceError> in
      if let bytes = files[path] { return .success(bytes) }
      let mapped = mapMarvelSample(path)
      if case .success(let bytes) = mapped { files[path] = bytes }
      return mapped
    }
    return try result.get()
  }

  private static let mappedMarvelFiles = Mutex<[String: ResidentBytes]>([:])

  private static func mapMarvelSample(_ path: String) -> Result<ResidentBytes, DataSourceError> {
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
    return .success(ResidentBytes(base: UnsafeRawPointer(address), count: size))
  }
}
