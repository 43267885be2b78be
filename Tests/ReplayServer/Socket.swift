import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The few POSIX socket calls the replay server needs, each with a bound on how long it waits.
enum Socket {
  /// A listening socket on 127.0.0.1 and its port.
  static func listen(port: Int, backlog: Int32 = 64) throws(ReplayServerError) -> (Int32, Int) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else {
      throw ReplayServerError(description: "socket() failed: \(String(cString: strerror(errno)))")
    }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    do {
      try bind(descriptor, port: port)
    } catch {
      close(descriptor)
      throw error
    }
    guard Glibc.listen(descriptor, backlog) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw ReplayServerError(description: "listen() failed: \(reason)")
    }
    return (descriptor, boundPort(descriptor))
  }

  /// A port that was free a moment ago and has no listener now.
  /// A socket bound to a free port on 127.0.0.1 and not listening: connecting to it is refused.
  static func boundWithoutListening() throws(ReplayServerError) -> (descriptor: Int32, port: Int) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw ReplayServerError(description: "socket() failed") }
    do {
      try bind(descriptor, port: 0)
    } catch {
      close(descriptor)
      throw error
    }
    return (descriptor, boundPort(descriptor))
  }

  private static func bind(_ descriptor: Int32, port: Int) throws(ReplayServerError) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      throw ReplayServerError(description: "cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
    }
  }

  private static func boundPort(_ descriptor: Int32) -> Int {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// Whether `descriptor` has something to read (or has hung up) within the time given.
  static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) > 0
  }

  /// The request head (up to the blank line), or nil when it does not come whole by `deadline`
  /// or grows past 64 KB.
  static func readHead(_ descriptor: Int32, deadline: ContinuousClock.Instant) -> [UInt8]? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while ContinuousClock.now < deadline, bytes.count < 64 << 10 {
      guard waitReadable(descriptor, milliseconds: 100) else { continue }
      let count = recv(descriptor, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      bytes += buffer[..<count]
      if let end = headEnd(bytes) { return Array(bytes[..<end]) }
    }
    return nil
  }

  /// Reads and drops a request body of `length` bytes (a GET has none; this keeps the socket sane).
  static func discardBody(_ descriptor: Int32, length: Int) {
    var remaining = min(length, 1 << 20)
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = ContinuousClock.now + .seconds(5)
    while remaining > 0, ContinuousClock.now < deadline {
      guard waitReadable(descriptor, milliseconds: 100) else { continue }
      let count = recv(descriptor, &buffer, min(buffer.count, remaining), 0)
      guard count > 0 else { return }
      remaining -= count
    }
  }

  /// Waits until `deadline`, or until the client hangs up (true) or `stopWhen` says so.
  static func waitForHangUp(
    _ descriptor: Int32, until deadline: ContinuousClock.Instant, stopWhen: () -> Bool
  ) -> Bool {
    var buffer = [UInt8](repeating: 0, count: 512)
    while ContinuousClock.now < deadline, !stopWhen() {
      guard waitReadable(descriptor, milliseconds: 50) else { continue }
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count <= 0 { return true }
    }
    return false
  }

  /// Sends every byte, or gives up when the client is gone. `MSG_NOSIGNAL`: a client that hung
  /// up must not kill the test process with SIGPIPE.
  static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
      offset += count
    }
  }

  private static func headEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
      return index
    }
    return nil
  }
}

/// The request line and header fields of a request.
struct RequestHead {
  var method: String
  var target: String
  var path: String
  var query: [QueryItem]
  var headers: [(name: String, value: String)]

  init?(_ bytes: [UInt8]) {
    let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ")
    guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return nil }
    method = String(requestLine[0]).uppercased()
    target = String(requestLine[1])
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    path = String(parts[0])
    query = parts.count > 1 ? QueryText.items(String(parts[1])) : []
    headers = lines.dropFirst().compactMap { line in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
  }

  func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  var contentLength: Int {
    header("Content-Length").flatMap { Int($0) } ?? 0
  }
}
