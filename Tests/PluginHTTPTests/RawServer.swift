import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// An HTTP server on 127.0.0.1 that answers every request with the same bytes, exactly as given,
/// then closes: for what the replay server does not send (a compressed body, a 1xx head before
/// the answer, plain HTTP to a TLS hello). It stops after `stop()` or 60 seconds.
final class RawServer: Sendable {
  let port: Int
  private let listener: Int32
  private let heads = Mutex<[String]>([])

  var baseURL: String { "http://127.0.0.1:\(port)" }

  /// The request heads received, in order.
  var requests: [String] { heads.withLock { $0 } }

  init(answer: [UInt8]) throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0
      }
    }
    guard bound else {
      close(listener)
      throw ServerError()
    }
    self.listener = listener
    port = Int(UInt16(bigEndian: address.sin_port))
    let thread = Thread { [self] in serve(answer, until: .now + .seconds(60)) }
    thread.start()
  }

  struct ServerError: Error {}

  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
  }

  private func serve(_ answer: [UInt8], until deadline: ContinuousClock.Instant) {
    defer { close(listener) }
    while ContinuousClock.now < deadline {
      var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 100) > 0 else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      var head: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !head.suffix(4).elementsEqual([13, 10, 13, 10]), head.count < 65536 {
        var readable = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        guard poll(&readable, 1, 5000) > 0 else { break }
        let count = recv(connection, &buffer, buffer.count, 0)
        guard count > 0 else { break }
        head += buffer[..<count]
        // Not a request line (a TLS hello): answer at once, as a plain HTTP server would.
        if let first = head.first, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) { break }
      }
      heads.withLock { $0.append(String(decoding: head, as: UTF8.self)) }
      _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      shutdown(connection, Int32(SHUT_WR))
      close(connection)
    }
  }
}
