import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One URLSession transfer, watched by two clocks: the connect timeout ends it if no response
/// head has arrived in time, the overall timeout ends it in any case.
///
/// URLSession alone cannot do this here: on Linux, FoundationNetworking ignores
/// `timeoutIntervalForResource` and rounds the request timeout down to whole seconds.
final class Transfer: NSObject, URLSessionDataDelegate, Sendable {
  /// Why a transfer ended without an answer.
  enum Failure: Error, Sendable {
    case connectTimeout
    case timeout
    case cancelled
    case tooLarge(Int)
    case failed(URLError.Code, String)
  }

  struct Answer: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    var url: URL?
  }

  private struct State {
    var continuation: CheckedContinuation<Result<Answer, Failure>, Never>?
    var task: URLSessionDataTask?
    var response: HTTPURLResponse?
    var body: [UInt8] = []
    /// Set when this side ended the transfer, so the `cancelled` error that follows is read right.
    var endedBecause: Failure?
    var finished = false
  }

  private let state = Mutex(State())
  private let maximumBodySize: Int

  init(maximumBodySize: Int) {
    self.maximumBodySize = maximumBodySize
  }

  /// Runs `request` to its end: an answer, or why there is none. Cancelling the calling task
  /// cancels the transfer.
  static func run(
    _ request: URLRequest, configuration: HTTPConfiguration
  ) async -> Result<Answer, Failure> {
    let transfer = Transfer(maximumBodySize: configuration.maximumBodySize)
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.urlCache = nil
    sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
    sessionConfiguration.httpCookieStorage = nil
    // Our clocks decide; URLSession's own timer (whole seconds on Linux) only backs them up.
    let backstop = Double(configuration.timeout.components.seconds) + 5
    sessionConfiguration.timeoutIntervalForRequest = backstop
    sessionConfiguration.timeoutIntervalForResource = backstop
    let session = URLSession(configuration: sessionConfiguration, delegate: transfer, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: request)

    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        transfer.start(task, continuation: continuation, configuration: configuration)
      }
    } onCancel: {
      transfer.end(because: .cancelled)
    }
  }

  private func start(
    _ task: URLSessionDataTask, continuation: CheckedContinuation<Result<Answer, Failure>, Never>,
    configuration: HTTPConfiguration
  ) {
    let early = state.withLock { state -> Failure? in
      if let reason = state.endedBecause {
        state.finished = true
        return reason
      }
      state.continuation = continuation
      state.task = task
      return nil
    }
    if let early {
      continuation.resume(returning: .failure(early))
      return
    }
    let queue = DispatchQueue.global()
    queue.asyncAfter(deadline: .now() + configuration.connectTimeout.timeInterval) { [weak self] in
      self?.end(because: .connectTimeout, onlyBeforeResponse: true)
    }
    queue.asyncAfter(deadline: .now() + configuration.timeout.timeInterval) { [weak self] in
      self?.end(because: .timeout)
    }
    task.resume()
  }

  /// Ends the transfer from this side; its task then completes with `cancelled`.
  private func end(because reason: Failure, onlyBeforeResponse: Bool = false) {
    let task = state.withLock { state -> URLSessionDataTask? in
      guard !state.finished, state.endedBecause == nil else { return nil }
      if onlyBeforeResponse, state.response != nil { return nil }
      state.endedBecause = reason
      return state.task
    }
    task?.cancel()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    state.withLock { $0.response = response as? HTTPURLResponse }
    completionHandler(.allow)
  }

  /// Follows a redirect on the same scheme, host and port only: a token in the headers must not
  /// go to another server. Any other redirect comes back as the 3xx answer it is.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let from = task.originalRequest?.url
    let to = request.url
    completionHandler(from.flatMap(Origin.init) == to.flatMap(Origin.init) ? request : nil)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge = state.withLock { state -> Bool in
      state.body.append(contentsOf: data)
      return state.body.count > maximumBodySize
    }
    if tooLarge { end(because: .tooLarge(maximumBodySize)) }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let (continuation, result) = state.withLock {
      state -> (CheckedContinuation<Result<Answer, Failure>, Never>?, Result<Answer, Failure>) in
      let result: Result<Answer, Failure>
      if let reason = state.endedBecause {
        result = .failure(reason)
      } else if let error {
        let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code) ?? .unknown
        result = .failure(.failed(code, error.localizedDescription))
      } else if let response = state.response {
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields {
          if let name = name as? String, let value = value as? String { headers.add(name, value) }
        }
        result = .success(Answer(status: response.statusCode, headers: headers, body: state.body, url: response.url))
      } else {
        result = .failure(.failed(.badServerResponse, "the server sent no response"))
      }
      state.finished = true
      defer { state.continuation = nil }
      return (state.continuation, result)
    }
    continuation?.resume(returning: result)
  }
}

/// The scheme, host and port of a URL: what decides whether a request stays on one server.
package struct Origin: Equatable, Sendable {
  let scheme: String
  let host: String
  let port: Int

  package init?(_ url: URL) {
    guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
    self.scheme = scheme
    self.host = host
    port = url.port ?? (scheme == "https" ? 443 : 80)
  }
}

extension Duration {
  /// Seconds, as the Dispatch and Foundation clocks take them.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
