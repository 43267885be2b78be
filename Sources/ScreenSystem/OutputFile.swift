import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that screenrun writes for the user (`--junit`, `--trace`): never a device or a FIFO
/// replaced by a regular file, and never a wait for a reader that is not there.
///
/// - A path that does not exist, or is a regular file, is written whole or not at all: into a
///   temporary file beside it, renamed over it (`write`), or created and truncated (`open`).
/// - A path that exists and is not a regular file (`/dev/null`, a FIFO), or any path under
///   `/dev/` or `/proc/` (`/dev/stdout`, whatever it leads to), is written in place and appended
///   to, opened with `O_NONBLOCK` so that a FIFO with no reader is an error at once, and then set
///   back to blocking writes.
/// - A symbolic link is followed: its target is what is written, by the same rules, and the link
///   stays. A link to nothing is refused.
/// - A folder, or a socket, is refused.
package enum OutputFile {
  /// Why a path cannot be written: a sentence to follow `cannot write '…':`.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  /// Writes `bytes` to `path`, as the rules above say.
  package static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
    SignalEnding.holdIfEnding()  // no report of a run that a signal cut short
    if let status = try existing(path), isStream(path) || status.st_mode & S_IFMT != S_IFREG {
      let descriptor = try openInPlace(path, status: status)
      defer { close(descriptor) }
      try writeAll(bytes, to: descriptor)
      return
    }
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: try regularTarget(path)), options: .atomic)
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure(description: SystemError.describe(error))
    }
  }

  /// A descriptor open for writing at `path`, as the rules above say: a regular or missing file
  /// is created and truncated, anything else written in place.
  package static func open(forWriting path: String) throws(Failure) -> Int32 {
    if let status = try existing(path), isStream(path) || status.st_mode & S_IFMT != S_IFREG {
      return try openInPlace(path, status: status)
    }
    // O_NONBLOCK as well: a FIFO put in the file's place since the stat is not waited on either.
    let descriptor = openFile(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0o644)
    guard descriptor >= 0 else { throw Failure(description: reason(errno)) }
    return try blocking(descriptor)
  }

  /// Whether `path` names a stream of this process or a device (`/dev/stdout`, `/dev/fd/3`,
  /// `/proc/self/fd/1`): written in place and appended to, whatever it leads to, so that
  /// `--junit /dev/stdout > out.txt` adds the report to the run's output, never replaces it.
  private static func isStream(_ path: String) -> Bool {
    path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
  }

  /// What `path` is, links followed (`/dev/stdout` to the pipe or terminal it stands for); nil
  /// when nothing is there. A link to nothing is refused.
  private static func existing(_ path: String) throws(Failure) -> stat? {
    var status = stat()
    if stat(path, &status) == 0 { return status }
    let code = errno
    var link = stat()
    if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
      throw Failure(description: "it is a symbolic link to nothing (\(reason(code)))")
    }
    return nil
  }

  /// The file a regular file's path names: through a link, the file it leads to, which is
  /// replaced while the link stays.
  private static func regularTarget(_ path: String) throws(Failure) -> String {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return path }
    guard let resolved = realpath(path, nil) else {
      throw Failure(description: "it is a symbolic link that cannot be followed (\(reason(errno)))")
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Opens a path that is not a regular file, without creating, truncating or waiting.
  private static func openInPlace(_ path: String, status: stat) throws(Failure) -> Int32 {
    switch status.st_mode & S_IFMT {
    case S_IFDIR: throw Failure(description: "it is a folder")
    case S_IFSOCK: throw Failure(description: "it is a socket")
    default: break
    }
    let descriptor = openFile(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENXIO, status.st_mode & S_IFMT == S_IFIFO {
        throw Failure(description: "it is a FIFO that no process is reading")
      }
      throw Failure(description: reason(code))
    }
    return try blocking(descriptor)
  }

  /// `descriptor` with `O_NONBLOCK` cleared, so that a slow reader is waited for, not an error.
  private static func blocking(_ descriptor: Int32) throws(Failure) -> Int32 {
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
      let failure = Failure(description: reason(errno))
      close(descriptor)
      throw failure
    }
    return descriptor
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBufferPointer { buffer in
        writeBytes(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { throw Failure(description: "a write failed (\(reason(errno)))") }
      offset += written
    }
  }

  private static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}

/// `open(2)` and `write(2)`, named apart from `OutputFile`'s own `open` and `write`, which hide
/// them inside the type.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}

private func writeBytes(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
  write(descriptor, bytes, count)  // one-door-out: a report file
}
