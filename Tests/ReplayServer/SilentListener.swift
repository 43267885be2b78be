import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A socket on 127.0.0.1 that listens and never takes a connection: its backlog of none is full
/// with a connection of its own, so the kernel drops every other one's SYN, and a client waits to
/// connect until its connect timeout ends the wait (a server that is down behind a firewall).
public final class SilentListener: Sendable {
  public let port: Int
  private let descriptors: [Int32]

  public init() throws(ReplayServerError) {
    let (listener, port) = try Socket.listen(port: 0, backlog: 0)
    self.port = port
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    // Fill the queue: one connection, waited for until it is made, and one more whose SYN may be
    // dropped already.
    var fillers: [Int32] = []
    for _ in 0..<2 {
      let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
      _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      fillers.append(filler)
    }
    var first = pollfd(fd: fillers[0], events: Int16(POLLOUT), revents: 0)
    _ = poll(&first, 1, 10_000)
    descriptors = [listener] + fillers
  }

  public func close() {
    for descriptor in descriptors { Glibc.close(descriptor) }
  }
}
