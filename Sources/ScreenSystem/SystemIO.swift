#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The read, write, close and open of the C library, named apart from the methods of the types
/// that call them, from Glibc on Linux and Darwin on macOS: the one place that names either.
package enum SystemIO {
  package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }

  package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, buffer, count)  // one-door-out: the C library's write, for SystemIO's callers
    #else
      Darwin.write(descriptor, buffer, count)  // one-door-out: macOS's write, for SystemIO's callers
    #endif
  }

  /// How a whole write went.
  package enum Written: Equatable, Sendable {
    case all
    /// The descriptor is closed (for a pipe: its reader is gone; SIGPIPE is ignored) or the
    /// write failed.
    case closed
    /// A non-blocking descriptor stayed full and `whenFull` gave up, with bytes still unwritten.
    case blocked
  }

  /// Writes all of `buffer`, again where a signal interrupted it. When a non-blocking descriptor
  /// is full, `whenFull` waits for room and says whether to go on (the default gives up).
  package static func writeAll(
    _ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, whenFull: () -> Bool = { false }
  ) -> Written {
    var offset = 0
    while offset < buffer.count {
      // A plugin's stdin, its log file or the response cache's file: never the terminal.
      let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)  // one-door-out: writeAll
      if count > 0 {
        offset += count
        continue
      }
      guard count < 0 else { return .closed }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: if !whenFull() { return .blocked }
      default: return .closed
      }
    }
    return .all
  }

  /// Reads at most `buffer.count` bytes, again where a signal interrupted it: how many were
  /// read, 0 at the end, or -1 on an error (`errno` says which).
  package static func readRetrying(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    while true {
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      if count < 0, errno == EINTR { continue }
      return count
    }
  }

  package static func close(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.close(descriptor)
    #else
      Darwin.close(descriptor)
    #endif
  }

  package static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Glibc)
      Glibc.open(path, flags, mode)
    #else
      Darwin.open(path, flags, mode)
    #endif
  }
}
