import FoundationEssentials
import ScreenKit

/// The HTTP the live data sources share: a GET with headers, two timeouts, cancellation, the
/// ETag cache, and transport failures as `DataSourceError.transport` in words a person can act on.
///
///     let response = try await service.client.get(HTTPRequest(url: url))   // a LiveService's client
///
/// Any status comes back as a response: this is the layer below `LiveService.get(_:)`, which
/// throws the `HTTPErrorMapping` error for a status outside 2xx. Every URL and message in an
/// error passes through the redactor first.
public struct HTTPClient: Sendable {
  package let configuration: HTTPConfiguration
  package let redactor: Redactor
  /// The libcurl file loaded for the first request: `libcurl.so.4`, from Debian's `libcurl4`.
  package var libcurl = Curl.defaultFile
  private let cache: ResponseCache?

  package init(configuration: HTTPConfiguration, redactor: Redactor = Redactor()) {
    self.configuration = configuration
    self.redactor = redactor
    cache = configuration.cacheDirectory.map(ResponseCache.init(directory:))
  }

  /// Sends a GET. With a cached copy it asks `If-None-Match`, and a 304 is answered from the
  /// cache (status 200). A 200 with an ETag is stored for next time.
  public func get(_ request: HTTPRequest) async throws(DataSourceError) -> HTTPResponse {
    let cache = request.usesCache ? self.cache : nil
    let key = CacheKey(request, redactor: redactor)
    let cached = cache?.entry(for: key)

    var headers = request.headers
    if let cached { headers["If-None-Match"] = cached.etag }

    let answer: Transfer.Answer
    // A made-up host under `.invalid` that a test registered answers from its table (`LocalAnswers`).
    let result: Result<Transfer.Answer, Transfer.Failure>
    if let local = LocalAnswers.answer(request.url, headers: headers, maximumBodySize: configuration.maximumBodySize) {
      result = local
    } else {
      result = await Transfer.run(url: request.url, headers: headers, configuration: configuration, library: libcurl)
    }
    switch result {
    case .success(let success): answer = success
    case .failure(let failure): throw transportError(failure, url: request.url)
    }
    let url = answer.url

    if answer.status == 304 {
      guard let cached else {
        throw .server(
          status: 304,
          "\(host(url)) answered 304 Not Modified to a request that had no cached copy; run again with --no-cache")
      }
      // The 304's own headers (a fresh rate-limit count) with the stored ones that describe the body.
      var headers = answer.headers
      for name in Set(cached.headers.map { $0.name.lowercased() }) { headers[name] = nil }
      for (name, value) in cached.headers { headers.add(name, value) }
      return HTTPResponse(status: 200, headers: headers, body: cached.body, fromCache: true, url: url)
    }
    if let cache, answer.status == 200 {
      let kept = request.cachedHeaders.flatMap { name in answer.headers.values(name).map { (name: name, value: $0) } }
      if let etag = answer.headers["ETag"], !etag.isEmpty,
        !Self.holdsSecret(etag: etag, headers: kept, body: answer.body)
      {
        cache.store(CacheEntry(key: key.text, etag: etag, headers: kept, body: answer.body), for: key)
      } else if cached != nil {
        cache.remove(key)
      }
    }
    return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body, url: url)
  }

  /// Whether an answer echoes a secret (a server that repeats the token or the request's hash):
  /// such an answer is used once but never written to the cache, where it would sit on disk.
  private static func holdsSecret(etag: String, headers: [(name: String, value: String)], body: [UInt8]) -> Bool {
    let secrets = SecretRegistry.shared
    return secrets.contains(etag) || headers.contains { secrets.contains($0.value) } || secrets.contains(bytes: body)
  }

  /// Where the request went, as a person would name it: `host:port`.
  package func host(_ url: URL) -> String {
    guard let host = url.host else { return redactor(url.absoluteString) }
    return url.port.map { "\(host):\($0)" } ?? host
  }

  /// `scheme://host:port` of `url`, with no path, query or user: what a person checks.
  private func origin(_ url: URL) -> String {
    "\(url.scheme ?? "http")://\(host(url))"
  }

  private func transportError(_ failure: Transfer.Failure, url: URL) -> DataSourceError {
    let host = host(url)
    let message: String
    switch failure {
    case .connectTimeout:
      message =
        "could not connect to \(host) within \(Self.seconds(configuration.connectTimeout)) (connect timeout); "
        + "is the server up? SCREENRUN_HTTP_CONNECT_TIMEOUT sets how long to wait"
    case .timeout:
      message =
        "the answer from \(host) took longer than \(Self.seconds(configuration.timeout)) (overall timeout); "
        + "SCREENRUN_HTTP_TIMEOUT sets how long to wait"
    case .cancelled:
      message = "the request to \(host) was cancelled"
    case .tooLarge(let limit):
      let size = limit >= 1 << 20 ? "\(limit >> 20) MB" : "\(limit) bytes"
      message = "the answer from \(host) is larger than \(size); screenrun stopped reading it"
    case .libraryMissing(let file, let reason):
      message =
        "live mode needs libcurl (\(file)), which could not be loaded: \(reason); "
        + "install it (Debian and Ubuntu: apt install libcurl4)"
    case .failed(let problem, let text):
      let detail = redactor(text)
      switch problem {
      case .cannotConnect:
        message = "could not connect to \(host) (connection refused); is a server running at \(origin(url))?"
      case .cannotFindHost:
        message = "could not find the host '\(url.host ?? host)' (DNS lookup failed); check the address and the network"
      case .connectionLost:
        message = "the connection to \(host) was lost (\(detail)); check the network and try again"
      case .secureConnection:
        message = "the secure connection to \(host) failed (\(detail))"
      case .badURL:
        message = "cannot request '\(redactor(url.absoluteString))': \(detail)"
      case .badResponse:
        message = "the answer from \(host) is not HTTP that screenrun can read (\(detail))"
      case .tooManyRedirects:
        message = "\(host) redirected \(detail); screenrun stopped following"
      case .other:
        message = "the connection to \(host) broke off before the whole answer arrived (\(detail)); try again"
      }
    }
    return .transport(message)
  }

  /// `30 s`, or `2.5 s` with one decimal when the duration is not whole seconds. A negative
  /// duration shows its sign only when it rounds to something other than zero (`0.0 s`, not
  /// `-0.0 s`).
  package static func seconds(_ duration: Duration) -> String {
    let seconds = duration.timeInterval
    let tenths = (seconds.magnitude * 10).rounded()
    guard tenths < 1e15 else { return "\(seconds) s" }
    let sign = seconds < 0 && tenths > 0 ? "-" : ""
    if seconds == seconds.rounded() { return "\(sign)\(Int(tenths) / 10) s" }
    return "\(sign)\(Int(tenths) / 10).\(Int(tenths) % 10) s"
  }
}
