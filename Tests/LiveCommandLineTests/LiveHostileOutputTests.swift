import Foundation
import ReplayServer
import Synchronization
import TestSupport
import Testing

/// Hostile servers, through the built binary: what they send reaches neither stream raw
/// (escapes, OSC 52, BEL, C1 controls, U+202E), and a secret they echo back is redacted
/// wherever it stands: in a message outside a `hash=` pair, in record data, in any letter case.
@Suite("Hostile answers: no raw escape and no echoed secret on either stream")
struct LiveHostileOutputTests {
  static let publicKey = LiveSecretTests.marvelPublicKey
  static let privateKey = LiveSecretTests.marvelPrivateKey
  static let token = LiveSecretTests.githubToken

  /// OSC 52 (a write to the clipboard), a colour, BEL, a C1 CSI and U+202E, as JSON escapes.
  static let hostileJSON = #"\u001b]52;c;SGVsbG8=\u0007x\u001b[31mred\u009b2J\u202eevil"#

  static let characters = "/v1/public/characters"
  static let commits = "/repos/octo/cat/commits"

  static func charactersPage(name: String, description: String = "") -> String {
    #"{"code": 200, "attributionText": "Data provided by Marvel.", "data": {"offset": 0, "limit": 20, "total": 1, "count": 1, "results": [{"id": 1, "name": "\#(name)", "description": "\#(description)", "comics": {"available": 1}}]}}"#
  }

  static func environment(_ server: ReplayServer, _ cache: TemporaryDirectory) -> [String: String] {
    [
      "MARVEL_BASE_URL": server.baseURL, "MARVEL_PUBLIC_KEY": publicKey, "MARVEL_PRIVATE_KEY": privateKey,
      "GITHUB_API_URL": server.baseURL, "GITHUB_TOKEN": token, "XDG_CACHE_HOME": cache.path,
    ]
  }

  static func run(
    _ exchanges: [RecordedExchange], _ arguments: [String], script: String? = nil,
    onRequest: (@Sendable (SeenRequest) -> Void)? = nil, server configure: ((ReplayServer) -> Void)? = nil
  ) async throws -> (Screenrun.Result, [SeenRequest]) {
    let server = try ReplayServer(exchanges: exchanges, onRequest: onRequest)
    defer { server.stop() }
    configure?(server)
    let cache = try TemporaryDirectory("hostile")
    defer { cache.remove() }
    var arguments = arguments + ["--live", "--width", "200"]
    if let script {
      let file = cache.url.appendingPathComponent("session.script")
      try script.write(to: file, atomically: true, encoding: .utf8)
      arguments += ["--script", file.path]
    } else {
      arguments.append("--once")
    }
    let result = try await Screenrun.run(arguments, environment: environment(server, cache))
    #expect(!result.crashed && !result.timedOut, "\(result)")
    return (result, server.requests)
  }

  /// No ESC, BEL or other C0 control but the newline, no DEL, C1 control or bidi override.
  static func expectClean(_ result: Screenrun.Result, sourceLocation: SourceLocation = #_sourceLocation) {
    for (name, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
      let bad = text.unicodeScalars.filter {
        ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
          || (0x2066...0x2069).contains($0.value)
      }
      #expect(
        bad.isEmpty, "\(name) holds raw \(bad.map { String($0.value, radix: 16) })\n\(result)",
        sourceLocation: sourceLocation)
    }
  }

  /// None of `secrets` in either stream, in any letter case.
  static func expectNoSecret(
    _ result: Screenrun.Result, _ secrets: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let output = (result.stdout + result.stderr).lowercased()
    for secret in secrets {
      #expect(
        !output.contains(secret.lowercased()), "'\(secret)' was printed\n\(result)", sourceLocation: sourceLocation)
    }
  }

  // MARK: - Raw escapes

  @Test("a Marvel 409 whose status text carries escapes: the error on stderr and in the frame")
  func marvelMessage() async throws {
    let body = #"{"code": 409, "status": "limit \#(Self.hostileJSON)"}"#
    let (result, _) = try await Self.run(
      [RecordedExchange(path: Self.characters, response: .json(409, body))], ["Screens/characters.json"])
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("Marvel refused the request (409)"), "\(result)")
    Self.expectClean(result)
  }

  @Test("a GitHub 422 whose errors[].resource and field carry escapes")
  func githubValidation() async throws {
    let body =
      #"{"message": "Validation \#(Self.hostileJSON)", "errors": [{"resource": "Repo\#(Self.hostileJSON)", "field": "q\#(Self.hostileJSON)", "code": "invalid"}]}"#
    let (result, _) = try await Self.run(
      [RecordedExchange(path: Self.commits, response: .json(422, body))],
      ["Screens/commits.json", "--param", "repo=octo/cat"])
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("422"), "\(result)")
    Self.expectClean(result)
  }

  @Test("a record whose name and description carry escapes: the frame")
  func recordData() async throws {
    let page = Self.charactersPage(name: "Name \(Self.hostileJSON)", description: Self.hostileJSON)
    let (result, _) = try await Self.run(
      [RecordedExchange(path: Self.characters, response: .json(200, page))], ["Screens/characters.json"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("Name"), "\(result)")
    Self.expectClean(result)
  }

  // MARK: - Echoed secrets

  @Test("the private key echoed in record data, in another case, and in a message: redacted")
  func privateKeyEchoed() async throws {
    let page = Self.charactersPage(name: "Key \(Self.privateKey.uppercased())", description: Self.privateKey)
    let (result, requests) = try await Self.run(
      [RecordedExchange(path: Self.characters, response: .json(200, page))], ["Screens/characters.json"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("Key REDACTED"), "\(result)")
    Self.expectNoSecret(result, [Self.privateKey] + requests.compactMap { $0.queryValue("hash") })

    let message = #"{"code": "InvalidCredentials", "message": "your key (\#(Self.privateKey.lowercased())) is wrong"}"#
    let (failed, _) = try await Self.run(
      [RecordedExchange(path: Self.characters, response: .json(401, message))], ["Screens/characters.json"])
    #expect(failed.exitCode == 1, "\(failed)")
    Self.expectNoSecret(failed, [Self.privateKey])
  }

  @Test("the GitHub token echoed in a commit message and in an error message: redacted")
  func tokenEchoed() async throws {
    let commits =
      #"[{"sha": "0123456789abcdef", "commit": {"message": "leak \#(Self.token.uppercased())", "author": {"name": "x", "date": "2020-01-01T00:00:00Z"}}}]"#
    let (result, _) = try await Self.run(
      [RecordedExchange(path: Self.commits, response: .json(200, commits))],
      ["Screens/commits.json", "--param", "repo=octo/cat"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("leak REDACTED"), "\(result)")
    Self.expectNoSecret(result, [Self.token])

    let message = #"{"message": "token \#(Self.token) is not allowed here"}"#
    let (failed, _) = try await Self.run(
      [RecordedExchange(path: Self.commits, response: .json(500, message))],
      ["Screens/commits.json", "--param", "repo=octo/cat"])
    #expect(failed.exitCode == 1, "\(failed)")
    Self.expectNoSecret(failed, [Self.token])
  }

  /// The server learns the first request's hash and, from then on, echoes it back in upper case
  /// and bare (no `hash=` before it) inside `body(hash)`. The script reloads three times, so the
  /// echo is served whatever the timing of the server's log.
  func echoingHash(_ body: @escaping @Sendable (String) -> ReplayResponse) async throws -> (
    Screenrun.Result, [SeenRequest]
  ) {
    let target = Mutex<ReplayServer?>(nil)
    let learned = Mutex(false)
    return try await Self.run(
      [RecordedExchange(path: Self.characters, response: .json(200, Self.charactersPage(name: "First")))],
      ["Screens/characters.json"], script: "reload\nreload\nreload\n",
      onRequest: { request in
        guard let hash = request.queryValue("hash"),
          learned.withLock({ old in
            defer { old = true }
            return !old
          })
        else { return }
        let server = target.withLock { $0 }
        server?.add([RecordedExchange(path: Self.characters, response: body(hash))])
      },
      server: { server in target.withLock { $0 = server } })
  }

  @Test("a request's hash echoed in a message, upper case and outside a hash= pair: redacted")
  func hashInMessage() async throws {
    let (result, requests) = try await echoingHash { hash in
      .json(409, #"{"code": 409, "status": "signature \#(hash.uppercased()) (\#(hash)) was refused"}"#)
    }
    #expect(result.stderr.contains("signature REDACTED (REDACTED)"), "\(result)")
    let hashes = requests.compactMap { $0.queryValue("hash") }
    #expect(hashes.count >= 3, "\(requests.count) requests")
    Self.expectNoSecret(result, hashes)
  }

  @Test("a request's hash echoed in record data: redacted in the frame")
  func hashInRecord() async throws {
    let (result, requests) = try await echoingHash { hash in
      .json(200, Self.charactersPage(name: "Hash \(hash.uppercased())", description: hash))
    }
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("Hash REDACTED"), "\(result)")
    Self.expectNoSecret(result, requests.compactMap { $0.queryValue("hash") })
  }
}
