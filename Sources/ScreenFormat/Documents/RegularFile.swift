#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads files that are named on the command line or in a screen (screens, select targets,
/// scripts): only regular files, found with `stat` before anything is opened. A FIFO, a device
/// or a socket is named for what it is and never opened, so nothing blocks on a pipe with no
/// writer or reads `/dev/zero` forever; a symlink loop is called one.
///
///     RegularFile.contents(of: "/dev/zero", limit: 4 << 20)  // .failure(.device)
package enum RegularFile {
  /// What stands at a path when it is not a regular file that can be read.
  package enum Problem: Error, Equatable, Sendable {
    case missing
    case directory
    case fifo
    case device
    case socket
    case symlinkLoop
    /// Cannot be read: permissions, or the system's own words for another failure.
    case unreadable(String)
    /// Larger than the limit given: the size and the limit, in bytes.
    case tooLarge(Int, limit: Int)

    /// What to tell a person, as the rest of a sentence after the file's name: "is a FIFO, not a
    /// screen file". `what` names the file expected ("a screen file").
    package func message(expecting what: String) -> String {
      switch self {
      case .missing: "no such file"
      case .directory: "is a folder; expected \(what)"
      case .fifo: "is a FIFO (a named pipe), not \(what)"
      case .device: "is a device, not \(what)"
      case .socket: "is a socket, not \(what)"
      case .symlinkLoop: "is a symlink loop (a link that leads back to itself), not \(what)"
      case .unreadable(let reason): "cannot be read (\(reason))"
      case .tooLarge(let size, let limit): "is \(size) bytes; \(what) is at most \(limit)"
      }
    }
  }

  /// The names in the folder at `path` (not `.` and `..`), in the order the system lists them;
  /// none when it cannot be read.
  package static func names(inFolder path: String) -> [String] {
    guard let folder = opendir(path) else { return [] }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// What is at `path`, following symlinks: nil for a regular file, else the problem.
  package static func problem(at path: String) -> Problem? {
    var status = stat()
    guard stat(path, &status) == 0 else { return problem(errno: errno) }
    return problem(mode: status.st_mode)
  }

  /// The whole of the regular file at `path`, at most `limit` bytes.
  package static func contents(of path: String, limit: Int) -> Result<[UInt8], Problem> {
    if let problem = problem(at: path) { return .failure(problem) }
    // O_NONBLOCK: should the path have become a FIFO since the stat, the open still returns.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(problem(errno: errno)) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(problem(errno: errno)) }
    if let problem = problem(mode: status.st_mode) { return .failure(problem) }
    guard status.st_size <= limit else { return .failure(.tooLarge(Int(status.st_size), limit: limit)) }
    var bytes: [UInt8] = []
    // Room for the size `fstat` gave and a byte more, which the last read finds empty.
    bytes.reserveCapacity(Int(status.st_size) + 1)
    // The chunk on the stack: a zeroed array on the heap costs a screen file's read more than
    // its parse (the heap grows by its pages, each of them faulted in and cleared).
    return withUnsafeTemporaryAllocation(byteCount: 16 << 10, alignment: 16) { chunk in
      while true {
        let count = read(descriptor, chunk.baseAddress, chunk.count)
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else { return .failure(problem(errno: errno)) }
        if count == 0 { return .success(bytes) }
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
        // A file that grows while it is read is still held to the limit.
        guard bytes.count <= limit else { return .failure(.tooLarge(bytes.count, limit: limit)) }
      }
    }
  }

  private static func problem(mode: mode_t) -> Problem? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: .directory
    case S_IFIFO: .fifo
    case S_IFCHR, S_IFBLK: .device
    case S_IFSOCK: .socket
    default: .unreadable("not a regular file")
    }
  }

  private static func problem(errno code: Int32) -> Problem {
    switch code {
    case ENOENT, ENOTDIR: .missing
    case ELOOP: .symlinkLoop
    case EACCES, EPERM: .unreadable("check its permissions")
    default: .unreadable(String(cString: strerror(code)).lowercased())
    }
  }
}
