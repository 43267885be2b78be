import CCurl
import FoundationEssentials
import Synchronization

/// libcurl, opened with `dlopen` the first time live mode makes a request, so that sample mode,
/// `--version` and `--check` never load it and the thirty libraries behind it.
///
///     let curl = try Curl.open(Curl.defaultFile).get()
///     let outcome = curl.get(url: "https://api.github.com/", headers: [], connectMilliseconds: 10_000,
///                            milliseconds: 30_000, into: reception)
///
/// One easy handle per request, used on one thread; libcurl allows that on any number of threads.
struct Curl: Sendable {
  /// The soname Debian's `libcurl4` package installs.
  static let defaultFile = "libcurl.so.4"

  /// What one request came to: libcurl's result code, its words for it, and where a 3xx points.
  struct Outcome {
    var code: Int32
    var message: String
    var redirect: String?
    /// Whether the connection was made (its TLS handshake included) and the request went out;
    /// nil when this libcurl cannot say (before 7.61).
    var connected: Bool? = nil

    var succeeded: Bool { code == CCURL_OK }

    /// libcurl's own timeout (connect or overall) ended it: `connected` says which.
    var timedOut: Bool { code == CCURL_OPERATION_TIMEDOUT }

    /// The result code, grouped by what a person does about it.
    var problem: Transfer.Problem {
      switch code {
      case CCURL_COULDNT_CONNECT: .cannotConnect
      case CCURL_COULDNT_RESOLVE_HOST, CCURL_COULDNT_RESOLVE_PROXY: .cannotFindHost
      case CCURL_SEND_ERROR, CCURL_RECV_ERROR: .connectionLost
      case CCURL_SSL_CONNECT_ERROR, CCURL_SSL_CERTPROBLEM, CCURL_SSL_CIPHER, CCURL_PEER_FAILED_VERIFICATION,
        CCURL_USE_SSL_FAILED, CCURL_SSL_ENGINE_INITFAILED, CCURL_SSL_CACERT_BADFILE, CCURL_SSL_SHUTDOWN_FAILED,
        CCURL_SSL_CRL_BADFILE, CCURL_SSL_ISSUER_ERROR, CCURL_SSL_PINNEDPUBKEYNOTMATCH, CCURL_SSL_INVALIDCERTSTATUS,
        CCURL_SSL_CLIENTCERT:
        .secureConnection
      case CCURL_UNSUPPORTED_PROTOCOL, CCURL_URL_MALFORMAT: .badURL
      case CCURL_WEIRD_SERVER_REPLY, CCURL_HTTP2, CCURL_HTTP2_STREAM, CCURL_BAD_CONTENT_ENCODING: .badResponse
      // PARTIAL_FILE, GOT_NOTHING and the rest: the answer broke off.
      default: .other
      }
    }
  }

  /// The opened library: function pointers that never change once found.
  private nonisolated(unsafe) let library: OpaquePointer

  private static let opened = Mutex<[String: Curl]>([:])

  /// libcurl from `file`, opened once per process; why not, when it cannot be. A failure is not
  /// remembered, so a library installed while screenrun runs is found on the next request.
  static func open(_ file: String) -> Result<Curl, Transfer.Failure> {
    opened.withLock { opened in
      if let curl = opened[file] { return .success(curl) }
      var message = [CChar](repeating: 0, count: 512)
      let library = message.withUnsafeMutableBufferPointer { buffer in
        ccurl_open(file, buffer.baseAddress, buffer.count)
      }
      guard let library else {
        let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return .failure(.libraryMissing(file: file, reason: reason))
      }
      let curl = Curl(library: library)
      opened[file] = curl
      return .success(curl)
    }
  }

  /// libcurl's version text, such as `libcurl/7.88.1 OpenSSL/3.0.17 zlib/1.2.13`.
  var version: String {
    String(cString: ccurl_version(library))
  }

  /// A GET of `url` that blocks the calling thread until it ends, redirects not followed.
  /// `reception` receives the head and body as they arrive, and can stop the transfer.
  func get(
    url: String, headers: [String], connectMilliseconds: Int, milliseconds: Int, into reception: Reception
  ) -> Outcome {
    guard let handle = ccurl_easy_init(library) else {
      return Outcome(code: CCURL_FAILED_INIT, message: "libcurl could not make a handle (curl_easy_init)")
    }
    defer { ccurl_easy_cleanup(library, handle) }
    var list: OpaquePointer?
    defer { if let list { ccurl_list_free(library, list) } }
    for line in headers {
      guard let longer = ccurl_list_append(library, list, line) else {
        return Outcome(code: CCURL_OUT_OF_MEMORY, message: "out of memory")
      }
      list = longer
    }
    var errorText = [CChar](repeating: 0, count: Int(CCURL_ERROR_SIZE))
    return withExtendedLifetime(reception) {
      errorText.withUnsafeMutableBufferPointer { errorBuffer in
        let context = Unmanaged.passUnretained(reception).toOpaque()
        var code = CCURL_OK
        func set(_ result: Int32) { if code == CCURL_OK { code = result } }
        set(ccurl_setopt_pointer(library, handle, CCURL_OPT_ERRORBUFFER, errorBuffer.baseAddress))
        set(ccurl_setopt_string(library, handle, CCURL_OPT_URL, url))
        set(ccurl_setopt_long(library, handle, CCURL_OPT_HTTPGET, 1))
        // Timeouts must not raise SIGALRM in a multithreaded program.
        set(ccurl_setopt_long(library, handle, CCURL_OPT_NOSIGNAL, 1))
        // Redirects are followed by Transfer, and only on one server.
        set(ccurl_setopt_long(library, handle, CCURL_OPT_FOLLOWLOCATION, 0))
        // http and https only: never file:// or anything else a URL could name.
        if ccurl_setopt_string(library, handle, CCURL_OPT_PROTOCOLS_STR, "http,https") != CCURL_OK {
          set(ccurl_setopt_long(library, handle, CCURL_OPT_PROTOCOLS, 3))  // before libcurl 7.85
        }
        // Every encoding this libcurl can decode is asked for, and decoded (gzip at least).
        set(ccurl_setopt_string(library, handle, CCURL_OPT_ACCEPT_ENCODING, ""))
        set(ccurl_setopt_long(library, handle, CCURL_OPT_CONNECTTIMEOUT_MS, connectMilliseconds))
        set(ccurl_setopt_long(library, handle, CCURL_OPT_TIMEOUT_MS, milliseconds))
        if let list { set(ccurl_setopt_list(library, handle, CCURL_OPT_HTTPHEADER, list)) }
        set(ccurl_setopt_data_function(library, handle, CCURL_OPT_HEADERFUNCTION, receiveHead))
        set(ccurl_setopt_pointer(library, handle, CCURL_OPT_HEADERDATA, context))
        set(ccurl_setopt_data_function(library, handle, CCURL_OPT_WRITEFUNCTION, receiveBody))
        set(ccurl_setopt_pointer(library, handle, CCURL_OPT_WRITEDATA, context))
        set(ccurl_setopt_long(library, handle, CCURL_OPT_NOPROGRESS, 0))
        set(ccurl_setopt_progress_function(library, handle, CCURL_OPT_XFERINFOFUNCTION, checkStop))
        set(ccurl_setopt_pointer(library, handle, CCURL_OPT_XFERINFODATA, context))
        if code == CCURL_OK { code = ccurl_easy_perform(library, handle) }

        var redirect: UnsafePointer<CChar>?
        if code == CCURL_OK, ccurl_getinfo_string(library, handle, CCURL_INFO_REDIRECT_URL, &redirect) != 0 {
          redirect = nil
        }
        var pretransfer: Int64 = 0
        let known = ccurl_getinfo_off(library, handle, CCURL_INFO_PRETRANSFER_TIME_T, &pretransfer) == CCURL_OK
        let message =
          errorBuffer[0] != 0
          ? String(cString: errorBuffer.baseAddress!) : String(cString: ccurl_easy_strerror(library, code))
        return Outcome(
          code: code, message: message, redirect: redirect.map { String(cString: $0) },
          connected: known ? pretransfer > 0 : nil)
      }
    }
  }

  /// What the callbacks of one request fill in, on the thread that runs it.
  final class Reception {
    let maximumBodySize: Int
    /// Asked during the transfer: true ends it (cancelled).
    let shouldStop: () -> Bool

    private(set) var status = 0
    private(set) var fields: [(String, String)] = []
    private(set) var body: [UInt8] = []
    private(set) var bodyTooLarge = false

    init(maximumBodySize: Int, shouldStop: @escaping () -> Bool) {
      self.maximumBodySize = maximumBodySize
      self.shouldStop = shouldStop
    }

    /// One line of a response head, CRLF included. A status line starts a new head: the fields
    /// of a 100 Continue before it are not this response's.
    fileprivate func headLine(_ bytes: UnsafeRawBufferPointer) {
      var end = bytes.count
      while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
      let line = String(decoding: bytes[..<end], as: UTF8.self)
      if line.hasPrefix("HTTP/") {
        let parts = line.split(separator: " ", maxSplits: 2)
        status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        fields = []
      } else if line.isEmpty {
        // The head's end.
      } else if line.first == " " || line.first == "\t" {
        // An obsolete folded line continues the field before it.
        if !fields.isEmpty { fields[fields.count - 1].1 += " " + line.trimmingSpaces() }
      } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].trimmingSpaces()
        let value = line[line.index(after: colon)...].trimmingSpaces()
        if !name.isEmpty { fields.append((name, value)) }
      }
    }

    /// Body bytes, decoded; false once they pass the limit, which ends the transfer.
    fileprivate func bodyBytes(_ bytes: UnsafeRawBufferPointer) -> Bool {
      guard body.count + bytes.count <= maximumBodySize else {
        bodyTooLarge = true
        return false
      }
      body.append(contentsOf: bytes)
      return true
    }
  }
}

private func reception(_ context: UnsafeMutableRawPointer?) -> Curl.Reception? {
  context.map { Unmanaged<Curl.Reception>.fromOpaque($0).takeUnretainedValue() }
}

private let receiveHead: ccurl_data_function = { data, size, count, context in
  let length = size * count
  if let data, let reception = reception(context) {
    reception.headLine(UnsafeRawBufferPointer(start: data, count: length))
  }
  return length
}

/// Returning fewer bytes than given ends the transfer with CURLE_WRITE_ERROR.
private let receiveBody: ccurl_data_function = { data, size, count, context in
  let length = size * count
  guard let data, let reception = reception(context) else { return length }
  return reception.bodyBytes(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// libcurl calls this at least once a second, and whenever data moves.
private let checkStop: ccurl_progress_function = { context, _, _, _, _ in
  guard let reception = reception(context) else { return 0 }
  return reception.shouldStop() ? 1 : 0
}
