import FoundationEssentials
import Synchronization

/// Answers for made-up hosts under `.invalid`, which no name server ever resolves (RFC 6761): the
/// HTTP client asks them in place of the network. ScreenRunTesting's `HTTPStub` registers one, so
/// a plugin's tests run its live source through the whole client (headers, the error mapping,
/// redaction, what `--explain` shows) with no server and no port. Outside tests it is empty, and a
/// real host can never be answered here.
package enum LocalAnswers {
  /// One answer: the status, the header fields and the body.
  package struct Answer: Sendable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: [UInt8]

    package init(status: Int, headers: HTTPHeaders, body: [UInt8]) {
      self.status = status
      self.headers = headers
      self.body = body
    }
  }

  /// Answers a GET of a URL with its header fields.
  package typealias Answerer = @Sendable (_ url: URL, _ headers: HTTPHeaders) -> Answer

  private static let answerers = Mutex<[String: Answerer]>([:])

  /// Whether `host` is one that may be answered here: a name under `.invalid`.
  package static func accepts(_ host: String) -> Bool {
    let host = host.lowercased()
    return host.hasSuffix(".invalid") && host.count > ".invalid".count
  }

  /// Makes `answerer` answer every request to `host`; false (and nothing registered) when the host
  /// is not under `.invalid` or another answerer has it.
  package static func register(host: String, _ answerer: @escaping Answerer) -> Bool {
    guard accepts(host) else { return false }
    return answerers.withLock { answerers in
      guard answerers[host.lowercased()] == nil else { return false }
      answerers[host.lowercased()] = answerer
      return true
    }
  }

  /// Stops answering for `host`.
  package static func remove(host: String) {
    _ = answerers.withLock { $0.removeValue(forKey: host.lowercased()) }
  }

  /// The local answer to a GET of `url`, or nil when no answerer has its host: the network's turn.
  /// A body over `maximumBodySize` fails as the network's would.
  static func answer(_ url: URL, headers: HTTPHeaders, maximumBodySize: Int) -> Result<
    Transfer.Answer, Transfer.Failure
  >? {
    guard let host = url.host?.lowercased(), accepts(host),
      let answerer = answerers.withLock({ $0[host] })
    else { return nil }
    let answer = answerer(url, headers)
    guard answer.body.count <= maximumBodySize else { return .failure(.tooLarge(maximumBodySize)) }
    return .success(Transfer.Answer(status: answer.status, headers: answer.headers, body: answer.body, url: url))
  }
}
