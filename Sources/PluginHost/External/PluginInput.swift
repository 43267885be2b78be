import FoundationEssentials
import ScreenSystem

/// A plugin's stdin, written on a thread of its own: a request is queued and the caller goes on,
/// so a plugin that stops reading blocks no task and no lock, and the request's deadline (armed
/// when it is queued) runs while its line is still being written. Closing the input abandons what
/// is not written yet and closes the descriptor at once, or, when a line is being written, the
/// thread closes it as the write gives up: it is never closed under a write, and the input of a
/// plugin that failed is closed before its failure is told (a reload then leaves no pipe behind).
final class PluginInput: @unchecked Sendable {
  private let descriptor: Int32
  /// Guards everything below; the thread waits on it for lines.
  private let condition = Condition()
  private var queue: [(request: Int?, bytes: [UInt8])] = []
  /// The request whose line is being written, if one is.
  private var writing: Int?
  /// Whether a line (a request's or another) is being written.
  private var isWriting = false
  private var closed = false
  private var descriptorOpen = true

  /// Takes over `descriptor` (made non-blocking here) and starts the thread that writes to it.
  init(_ descriptor: Int32, name: String) {
    self.descriptor = descriptor
    PluginSpawn.nonBlocking(descriptor)
    // Without a thread to write, the plugin's stdin is closed: it sees its end and exits, and
    // its reader says so.
    if !SystemThread.start(name: "plugin \(name) stdin", { [self] in serve() }) {
      closed = true
      closeDescriptor()
    }
  }

  /// Queues a line (`request` is its id, for `isUnread`); after `close`, it is dropped.
  package func send(_ bytes: [UInt8], request: Int? = nil) {
    condition.lock()
    defer { condition.unlock() }
    guard !closed else { return }
    queue.append((request, bytes))
    condition.signal()
  }

  /// Whether request `id`'s line is still queued or being written: the plugin has not read it.
  func isUnread(_ id: Int) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    return writing == id || queue.contains { $0.request == id }
  }

  /// Closes the input (the plugin reads its end): what is not written yet is abandoned, and the
  /// descriptor is closed now, or within 50 ms when a line is being written.
  package func close() {
    condition.lock()
    defer { condition.unlock() }
    closed = true
    queue.removeAll()
    if !isWriting { closeDescriptor() }
    condition.signal()
  }

  /// Closes the descriptor, once; the lock is held.
  private func closeDescriptor() {
    guard descriptorOpen else { return }
    descriptorOpen = false
    _ = SystemIO.close(descriptor)
  }

  private var isClosed: Bool {
    condition.lock()
    defer { condition.unlock() }
    return closed
  }

  private func serve() {
    defer {
      condition.lock()
      closeDescriptor()
      condition.unlock()
    }
    while true {
      condition.lock()
      while queue.isEmpty, !closed { condition.wait() }
      guard !closed else {
        condition.unlock()
        return
      }
      let line = queue.removeFirst()
      writing = line.request
      isWriting = true
      condition.unlock()
      let written = PluginSpawn.write(line.bytes, to: descriptor, giveUp: { isClosed })
      condition.lock()
      writing = nil
      isWriting = false
      condition.unlock()
      // A closed pipe means the plugin is gone: its reader says so. Nothing more can be written.
      if written != .all {
        condition.lock()
        queue.removeAll()
        condition.unlock()
        return
      }
    }
  }
}
