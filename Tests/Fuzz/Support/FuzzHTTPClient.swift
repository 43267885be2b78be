// The fuzzers' stand-in for Sources/PluginHTTP/HTTPClient.swift. `Tests/Fuzz/run` compiles the
// PluginHTTP module from its own sources with this file in place of that one, so a live data
// source runs its real `page` and `record` code on an answer made from the fuzzer's bytes, with
// no network: every GET is answered by `FuzzHTTP.answer`.

import Foundation
import ScreenKit
import Synchronization

/// The same surface as the real client, as the plugins use it.
public struct HTTPClient: Sendable {
  package let configuration: HTTPConfiguration
  package let redactor: Redactor

  package init(configuration: HTTPConfiguration, redactor: Redactor = Redactor()) {
    self.configuration = configuration
    self.redactor = redactor
  }

  /// The fuzzer's answer, at the URL asked for.
  public func get(_ request: HTTPRequest) async throws(DataSourceError) -> HTTPResponse {
    let answer = FuzzHTTP.answer
    return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body, url: request.url)
  }

  package func host(_ url: URL) -> String {
    guard let host = url.host else { return redactor(url.absoluteString) }
    return url.port.map { "\(host):\($0)" } ?? host
  }
}

/// An HTTP answer read from fuzzer bytes, laid out as a person would write one (the seeds are
/// written this way from the recorded exchanges):
///
///     403
///     X-RateLimit-Remaining: 0
///     X-RateLimit-Reset: 1372700873
///
///     {"message": "API rate limit exceeded"}
///
/// The first line is the status (200 when it is not a number), then header lines up to a blank
/// line, then the body. Any bytes at all make an answer.
package struct FuzzAnswer: Sendable {
  package var status: Int
  package var headers: HTTPHeaders
  package var body: [UInt8]

  package init(_ bytes: [UInt8]) {
    var lines: [[UInt8]] = []
    var start = 0
    var bodyStart = bytes.count
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0A {
        let line = Array(bytes[start..<index])
        start = index + 1
        if line.isEmpty || line == [0x0D] {
          bodyStart = start
          break
        }
        lines.append(line)
      }
      index += 1
    }
    if bodyStart == bytes.count, start < bytes.count { lines.append(Array(bytes[start...])) }
    let statusText = lines.first.map { String(decoding: $0, as: UTF8.self) } ?? ""
    status = Int(statusText.trimmingCharacters(in: .whitespaces)) ?? 200
    headers = HTTPHeaders()
    for line in lines.dropFirst() {
      let text = String(decoding: line, as: UTF8.self)
      guard let colon = text.firstIndex(of: ":") else { continue }
      headers.add(
        String(text[..<colon]), String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
    }
    body = Array(bytes[bodyStart...])
  }
}

/// What the stand-in client answers, set by a fuzz target before it calls a data source.
package enum FuzzHTTP {
  private static let current = Mutex(FuzzAnswer([]))

  package static var answer: FuzzAnswer {
    get { current.withLock { $0 } }
    set { current.withLock { $0 = newValue } }
  }

  /// Runs one call of a data source. Its error may say anything except `secret`: the plugins
  /// redact what a server echoes before a person can read it.
  package static func call(hiding secret: String, _ work: () async throws(DataSourceError) -> Void) async {
    do {
      try await work()
    } catch {
      if error.message.contains(secret) { fatalError("a secret reached an error message: \(error.message)") }
    }
  }

  /// Runs `work` to its end from the fuzzer's synchronous entry point. The stand-in client never
  /// suspends for long, so this only hops to the cooperative pool and back.
  package static func wait(_ work: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task {
      await work()
      done.signal()
    }
    done.wait()
  }
}
