import Foundation
import ReplayServer

/// Probes that a hostile server plays: one line a probe, or one line a family of them.
enum ServerProbes {
  static var all: [Probe] { escapes + numbers + size + transport + secrets + shapes + links + DeclaredProbes.all }

  private typealias H = Hostile
  private static func q(_ text: String) -> String { Hostile.q(text) }

  // MARK: - Escapes in every field, header and status line

  static var escapes: [Probe] {
    var probes: [Probe] = []
    for (name, text) in H.escapes {
      probes += [
        Probe(
          .escapes, "Marvel name: \(name)", Marvel.list,
          answer: json(Marvel.body(results: "[\(Marvel.character(name: q(text)))]"))),
        Probe(
          .escapes, "Marvel description: \(name)", Marvel.detail,
          answer: json(Marvel.body(results: "[\(Marvel.character(description: q(text)))]"))),
        Probe(
          .escapes, "Marvel 409 status: \(name)", Marvel.list,
          answer: json(#"{"code": 409, "status": \#(q(text))}"#, status: "409 Conflict")),
        Probe(
          .escapes, "GitHub 500 message: \(name)", GitHub.commits,
          answer: json(#"{"message": \#(q(text))}"#, status: "500 Internal Server Error")),
      ]
    }
    let all = q(H.everything)
    probes += [
      Probe(.escapes, "Marvel attribution", Marvel.list, answer: json(Marvel.body(attribution: all))),
      Probe(
        .escapes, "Marvel thumbnail path", Marvel.detail,
        answer: json(Marvel.body(results: "[\(Marvel.character(thumbnailPath: all))]"))),
      Probe(
        .escapes, "Marvel comic name", Marvel.detail,
        answer: json(
          Marvel.body(results: "[\(Marvel.character(comics: "{\"available\": 1, \"items\": [{\"name\": \(all)}]}"))]"))),
      Probe(
        .escapes, "Marvel modified", Marvel.detail,
        answer: json(Marvel.body(results: "[\(Marvel.character(modified: all))]"))),
      Probe(
        .escapes, "Marvel id as text", Marvel.detail,
        answer: json(Marvel.body(results: "[\(Marvel.character(id: all))]"))),
      Probe(
        .escapes, "Marvel available as text", Marvel.list,
        answer: json(Marvel.body(results: "[\(Marvel.character(comics: "{\"available\": \(all)}"))]"))),
      Probe(
        .escapes, "Marvel error code field", Marvel.list,
        answer: json(#"{"code": \#(all), "message": "x"}"#, status: "401 Unauthorized")),
      Probe(
        .escapes, "Marvel 404 message, detail", Marvel.detail,
        answer: json(#"{"code": 404, "status": \#(all)}"#, status: "404 Not Found")),
      Probe(
        .escapes, "Marvel 429 message", Marvel.list,
        answer: json(#"{"code": "RequestThrottled", "message": \#(all)}"#, status: "429 Too Many Requests")),
      Probe(.escapes, "GitHub full_name", GitHub.commit, answer: json(GitHub.commit(message: all))),
      Probe(
        .escapes, "GitHub search row", GitHub.search, stdin: GitHub.searchScript,
        answer: json(GitHub.searchBody(items: "[\(GitHub.repository(fullName: all, description: all, language: all))]"))
      ),
      Probe(
        .escapes, "GitHub repository detail", GitHub.repository,
        answer: json(
          GitHub.repository(
            description: all, language: all, license: "{\"name\": \(all)}", topics: "[\(all)]", htmlURL: all))),
      Probe(
        .escapes, "GitHub commit row", GitHub.commits,
        answer: json("[\(GitHub.commit(message: all, login: all, date: all))]")),
      Probe(
        .escapes, "GitHub commit detail", GitHub.commit,
        answer: json(GitHub.commit(sha: all, login: all, name: all, parents: "[{\"sha\": \(all)}]", htmlURL: all))),
      Probe(
        .escapes, "GitHub 422 errors[]", GitHub.commits,
        answer: json(
          #"{"message": \#(all), "errors": [{"resource": \#(all), "field": \#(all), "code": \#(all), "message": \#(all)}]}"#,
          status: "422 Unprocessable Entity")),
      Probe(
        .escapes, "GitHub 401 message", GitHub.commits,
        answer: json(#"{"message": \#(all)}"#, status: "401 Unauthorized")),
      Probe(
        .escapes, "GitHub 429 message", GitHub.commits,
        answer: json(#"{"message": \#(all)}"#, status: "429 Too Many Requests")),
      Probe(
        .escapes, "GitHub 418 message", GitHub.commits, answer: json(#"{"message": \#(all)}"#, status: "418 Teapot")),
    ]
    let header = H.headerEverything
    probes += [
      Probe(.escapes, "status line reason, Marvel", Marvel.list, answer: json("{}", status: "500 \(header)")),
      Probe(.escapes, "status line reason, GitHub", GitHub.commits, answer: json("{}", status: "503 \(header)")),
      Probe(.escapes, "status line reason, GitHub 418", GitHub.commits, answer: json("{}", status: "418 \(header)")),
      Probe(
        .escapes, "Content-Type", GitHub.commits,
        answer: always(.http(headers: [("Content-Type", header)], body: Array("[]".utf8)))),
      Probe(
        .escapes, "Retry-After", GitHub.commits,
        answer: json(#"{"message": "slow"}"#, status: "403 Forbidden", headers: [("Retry-After", header)])),
      Probe(
        .escapes, "X-RateLimit-Limit", GitHub.commits,
        answer: json(
          #"{"message": "used"}"#, status: "403 Forbidden",
          headers: [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Limit", header), ("X-RateLimit-Reset", "1893456000")])
      ),
      Probe(
        .escapes, "X-RateLimit-Reset", GitHub.commits,
        answer: json(
          #"{"message": "used"}"#, status: "403 Forbidden",
          headers: [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", header)])),
      Probe(
        .escapes, "Link header", GitHub.commits,
        answer: json("[\(GitHub.commit())]", headers: [("Link", "<\(header)>; rel=\"next\"")])),
      Probe(
        .escapes, "ETag", GitHub.commits, answer: json("[\(GitHub.commit())]", headers: [("ETag", "\"\(header)\"")])),
      Probe(
        .escapes, "Location on a 301", GitHub.commits,
        answer: always(.http("301 Moved", headers: [("Location", header)], body: []))),
      Probe(.escapes, "header name", GitHub.commits, answer: json("[\(GitHub.commit())]", headers: [(header, "x")])),
      Probe(.escapes, "Marvel header value", Marvel.list, answer: json(Marvel.body(), headers: [("X-Note", header)])),
      Probe(
        .escapes, "raw ESC in a JSON string", Marvel.list,
        answer: always(.http(body: Array(Marvel.body(results: "[\(Marvel.character(name: "\"a\u{1B}[2Jb\""))]").utf8)))),
      Probe(
        .escapes, "raw C1 bytes, not UTF-8", Marvel.list,
        answer: always(
          .http(
            body: Array(#"{"data": {"results": [{"name": ""#.utf8) + [0x9B, 0x33, 0x31, 0x6D] + Array(#""}]}}"#.utf8)))),
    ]
    return probes
  }

  // MARK: - Numbers

  static var numbers: [Probe] {
    var probes: [Probe] = []
    for value in H.jsonNumbers {
      probes += [
        Probe(
          .numbers, "Marvel offset \(value)", Marvel.list,
          answer: json(Marvel.body(offset: value, total: "100", count: "1"))),
        Probe(
          .numbers, "Marvel count \(value)", Marvel.list,
          answer: json(Marvel.body(offset: "100", total: "1000", count: value))),
        Probe(.numbers, "Marvel total \(value)", Marvel.list, answer: json(Marvel.body(total: value))),
        Probe(
          .numbers, "GitHub total_count \(value)", GitHub.search, stdin: GitHub.searchScript,
          answer: json(GitHub.searchBody(totalCount: value))),
      ]
    }
    for value in H.someJSONNumbers {
      probes += [
        Probe(.numbers, "Marvel limit \(value)", Marvel.list, answer: json(Marvel.body(limit: value))),
        Probe(.numbers, "GitHub stars \(value)", GitHub.repository, answer: json(GitHub.repository(stars: value))),
      ]
    }
    for value in H.headerNumbers {
      probes += [
        Probe(
          .numbers, "retry-after \(value.prefix(30)) on a 403", GitHub.commits,
          answer: json(#"{"message": "secondary"}"#, status: "403 Forbidden", headers: [("Retry-After", value)])),
        Probe(
          .numbers, "x-ratelimit-reset \(value.prefix(30))", GitHub.commits,
          answer: json(
            #"{"message": "used"}"#, status: "403 Forbidden",
            headers: [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", value)])),
      ]
    }
    for value in H.someHeaderNumbers {
      probes += [
        Probe(
          .numbers, "retry-after \(value.prefix(30)) on a 429", GitHub.commits,
          answer: json(#"{"message": "slow"}"#, status: "429 Too Many Requests", headers: [("Retry-After", value)])),
        Probe(
          .numbers, "x-ratelimit-remaining \(value.prefix(30))", GitHub.commits,
          answer: json(
            #"{"message": "used"}"#, status: "403 Forbidden",
            headers: [("X-RateLimit-Remaining", value), ("X-RateLimit-Reset", "1893456000")])),
        Probe(
          .numbers, "Marvel 429 retry-after \(value.prefix(30))", Marvel.list,
          answer: json(
            #"{"code": "RequestThrottled"}"#, status: "429 Too Many Requests", headers: [("Retry-After", value)])),
      ]
    }
    // The issue's own examples, and paging on from them.
    let next = "next\nnext\n"
    let max = "9223372036854775807"
    let min = "-9223372036854775808"
    probes += [
      Probe.script(
        .numbers, "offset 100, count Int.max, then next", Marvel.list, next,
        answer: json(Marvel.body(offset: "100", total: max, count: max))),
      Probe.script(
        .numbers, "offset Int.max, count 1, then next", Marvel.list, next,
        answer: json(Marvel.body(offset: max, total: max, count: "1"))),
      Probe.script(
        .numbers, "offset Int.min, count -1, then next", Marvel.list, next,
        answer: json(Marvel.body(offset: min, total: max, count: "-1"))),
      Probe.script(
        .numbers, "offset -5, total 10, then next", Marvel.list, next,
        answer: json(Marvel.body(offset: "-5", total: "10", count: "1"))),
      Probe.script(
        .numbers, "count 0, total huge, then next", Marvel.list, next, answer: json(Marvel.body(total: max, count: "0"))
      ),
      Probe.script(
        .numbers, "offset 1e308, then next", Marvel.list, next,
        answer: json(Marvel.body(offset: "1e308", total: max, count: "1"))),
      Probe.script(
        .numbers, "total_count Int.max, then next", GitHub.search, "search swift\nnext\n",
        answer: json(
          GitHub.searchBody(totalCount: max), headers: [("Link", "</search/repositories?q=swift&page=2>; rel=\"next\"")]
        )),
      Probe(
        .numbers, "a number of 100,000 digits", Marvel.list,
        answer: json(Marvel.body(total: "1" + String(repeating: "0", count: 100_000)))),
      Probe(
        .numbers, "comics.available Int.max", Marvel.list,
        answer: json(Marvel.body(results: "[\(Marvel.character(available: max))]"))),
      Probe(
        .numbers, "comics.available Int.min", Marvel.detail,
        answer: json(Marvel.body(results: "[\(Marvel.character(comics: "{\"available\": \(min)}", available: min))]"))),
    ]
    return probes
  }

  // MARK: - Size and nesting

  static var size: [Probe] {
    let mb = H.megabyte
    func described(_ text: @autoclosure @escaping @Sendable () -> String) -> Probe.Answer {
      json(Marvel.body(results: "[\(Marvel.character(description: text()))]"))
    }
    return [
      Probe(.size, "10k nested arrays as the body", Marvel.list, answer: json(H.nestedArrays(10_000))),
      Probe(.size, "100k nested arrays as the body", Marvel.list, answer: json(H.nestedArrays(100_000))),
      Probe(.size, "10k nested objects as data", Marvel.list, answer: json(Marvel.body(data: H.nestedObjects(10_000)))),
      Probe(
        .size, "10k nested arrays as results", Marvel.list, answer: json(Marvel.body(results: H.nestedArrays(10_000)))),
      Probe(.size, "10k nested objects as a description", Marvel.detail, answer: described(H.nestedObjects(10_000))),
      Probe(
        .size, "10k nested arrays as a name", Marvel.list,
        answer: json(Marvel.body(results: "[\(Marvel.character(name: H.nestedArrays(10_000)))]"))),
      Probe(
        .size, "10k nested objects in a GitHub error", GitHub.commits,
        answer: json(#"{"message": \#(H.nestedObjects(10_000))}"#, status: "500 Oops")),
      Probe(.size, "10k nested arrays as commits", GitHub.commits, answer: json(H.nestedArrays(10_000))),
      Probe(.size, "256 KB word as a description", Marvel.detail, answer: described(q(H.word(mb / 4)))),
      Probe(.size, "1 MB word as a description", Marvel.detail, answer: described(H.megabyteWordJSON)),
      Probe(
        .size, "1 MB word as a name", Marvel.list,
        answer: json(Marvel.body(results: "[\(Marvel.character(name: H.megabyteWordJSON))]"))),
      Probe(
        .size, "1 MB word as the attribution", Marvel.list, answer: json(Marvel.body(attribution: H.megabyteWordJSON))),
      Probe(
        .size, "1 MB word as a comic", Marvel.detail,
        answer: json(
          Marvel.body(
            results:
              "[\(Marvel.character(comics: "{\"available\": 1, \"items\": [{\"name\": \(H.megabyteWordJSON)}]}"))]"))),
      Probe(
        .size, "1 MB word in a Marvel 409", Marvel.list,
        answer: json(#"{"code": 409, "status": \#(H.megabyteWordJSON)}"#, status: "409 Conflict")),
      Probe(
        .size, "1 MB word in a GitHub 500", GitHub.commits,
        answer: json(#"{"message": \#(H.megabyteWordJSON)}"#, status: "500 Oops")),
      Probe(
        .size, "1 MB word in a GitHub 422 field", GitHub.commits,
        answer: json(
          #"{"message": "Validation Failed", "errors": [{"resource": "Search", "field": \#(H.megabyteWordJSON), "code": "missing"}]}"#,
          status: "422 Unprocessable Entity")),
      Probe(
        .size, "1 MB word as a repository description", GitHub.repository,
        answer: json(GitHub.repository(description: H.megabyteWordJSON))),
      Probe(
        .size, "1 MB word as a commit message", GitHub.commit, answer: json(GitHub.commit(message: H.megabyteWordJSON))),
      Probe(
        .size, "1 MB word as a search row", GitHub.search, stdin: GitHub.searchScript,
        answer: json(
          GitHub.searchBody(
            items: "[\(GitHub.repository(fullName: H.megabyteWordJSON, description: H.megabyteWordJSON))]"))),
      Probe(
        .size, "1 MB of combining marks", Marvel.detail,
        answer: described(q("a" + String(repeating: "\u{301}", count: mb / 2)))),
      Probe(
        .size, "1 MB of wide characters", Marvel.detail, answer: described(q(String(repeating: "漢", count: mb / 3)))),
      Probe(.size, "1 MB of emoji", Marvel.detail, answer: described(q(String(repeating: "👩‍👩‍👧", count: mb / 18)))),
      Probe(.size, "1 MB of short words", Marvel.detail, answer: described(q(String(repeating: "ab ", count: mb / 3)))),
      Probe(.size, "1 MB of newlines", Marvel.detail, answer: described(q(String(repeating: "\n", count: mb)))),
      Probe(.size, "1 MB of spaces", Marvel.detail, answer: described(q(String(repeating: " ", count: mb)))),
      Probe(
        .size, "1 MB of soft hyphens", Marvel.detail, answer: described(q(String(repeating: "\u{AD}", count: mb / 2)))),
      Probe(.size, "1 MB of U+0600", Marvel.detail, answer: described(q(String(repeating: "\u{600}", count: mb / 2)))),
      Probe(
        .size, "20k records", Marvel.list,
        answer: json(
          Marvel.body(
            results: "[" + Array(repeating: #"{"id": 1, "name": "a"}"#, count: 20_000).joined(separator: ",") + "]",
            total: "20000", count: "20000"))),
      Probe(
        .size, "20k comics on a detail screen", Marvel.detail,
        answer: json(
          Marvel.body(
            results:
              "[\(Marvel.character(comics: "{\"available\": 20000, \"items\": [" + Array(repeating: #"{"name": "c"}"#, count: 20_000).joined(separator: ",") + "]}"))]"
          ))),
      Probe(
        .size, "a 1 MB key", Marvel.list,
        answer: json(Marvel.body(results: "[{\(H.megabyteWordJSON): 1, \"name\": \"a\"}]"))),
      Probe(.size, "a 1 MB header value", GitHub.commits, answer: json("[]", headers: [("X-Junk", H.word(mb))])),
      Probe(.size, "10k headers", GitHub.commits, answer: json("[]", headers: (0..<10_000).map { ("X-H\($0)", "v") })),
      Probe(.size, "a 64 KB status reason", GitHub.commits, answer: json("{}", status: "500 " + H.word(64 << 10))),
      Probe(
        .size, "a 1 MB Link header", GitHub.commits,
        answer: json("[\(GitHub.commit())]", headers: [("Link", "<http://127.0.0.1/" + H.word(mb) + ">; rel=\"next\"")])
      ),
      Probe(
        .size, "an 8 MB body", Marvel.list,
        answer: json(Marvel.body(results: "[\(Marvel.character(description: q(H.word(8 * mb))))]"))),
    ]
  }

  // MARK: - Transport faults

  static var transport: [Probe] {
    let good = Array(Marvel.body().utf8)
    let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
    func raw(_ text: String, delivery: HostileAnswer.Delivery = .whole) -> Probe.Answer {
      always(HostileAnswer(bytes: Array(text.utf8), delivery: delivery))
    }
    func rawBytes(_ bytes: [UInt8]) -> Probe.Answer { always(HostileAnswer(bytes: bytes)) }
    let body = Marvel.body()
    let list = Marvel.list
    // The probes that outlast the client's timeout shorten it.
    let short = ["SCREENRUN_HTTP_TIMEOUT": "1"]
    return [
      Probe(
        .transport, "slower than the timeout", list, answer: always(.http(body: good, delivery: .delayed(.seconds(6)))),
        environment: short),
      Probe(
        .transport, "slow but in time", list, answer: always(.http(body: good, delivery: .delayed(.milliseconds(800))))),
      Probe(
        .transport, "drip-fed, 4 bytes every 5 ms", list,
        answer: always(.http(body: good, delivery: .drip(bytes: 4, every: .milliseconds(5))))),
      Probe(
        .transport, "drip-fed past the timeout", list,
        answer: always(.http(body: good, delivery: .drip(bytes: 1, every: .milliseconds(400)))), environment: short),
      Probe(
        .transport, "head, then a stall", list,
        answer: always(.http(body: good, delivery: .stall(after: 60, holding: .seconds(8)))), environment: short),
      Probe(
        .transport, "half the body, then a stall", list,
        answer: always(.http(body: good, delivery: .stall(after: good.count / 2 + 80, holding: .seconds(8)))),
        environment: short),
      Probe(.transport, "truncated body", list, answer: always(.http(body: good, contentLength: "\(good.count * 2)"))),
      Probe(.transport, "Content-Length too short", list, answer: always(.http(body: good, contentLength: "10"))),
      Probe(.transport, "Content-Length negative", list, answer: always(.http(body: good, contentLength: "-1"))),
      Probe(
        .transport, "Content-Length huge", list,
        answer: always(.http(body: good, contentLength: "99999999999999999999"))),
      Probe(.transport, "Content-Length not a number", list, answer: always(.http(body: good, contentLength: "ten"))),
      Probe(
        .transport, "two Content-Lengths", list,
        answer: raw(head + "Content-Length: 5\r\nContent-Length: \(good.count)\r\n\r\n" + body)),
      Probe(.transport, "no Content-Length, close", list, answer: always(.http(body: good, contentLength: .some(nil)))),
      Probe(
        .transport, "chunked, bad chunk size", list,
        answer: raw(head + "Transfer-Encoding: chunked\r\n\r\nzz\r\n" + body + "\r\n0\r\n\r\n")),
      Probe(
        .transport, "chunked, huge chunk size", list,
        answer: raw(head + "Transfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\n" + body + "\r\n0\r\n\r\n")),
      Probe(
        .transport, "gzip that is not gzip", list,
        answer: always(
          .http(headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: good))),
      Probe(
        .transport, "closed without an answer", list,
        answer: always(HostileAnswer(bytes: [], delivery: .closeWithoutAnswer))),
      Probe(.transport, "closed after the status line", list, answer: raw("HTTP/1.1 200 OK\r\n")),
      Probe(.transport, "not HTTP at all", list, answer: raw("SSH-2.0-OpenSSH_9.2\r\n")),
      Probe(
        .transport, "binary garbage", list,
        answer: rawBytes((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })),
      Probe(.transport, "HTTP/0.9: a body with no head", list, answer: raw(body)),
      Probe(.transport, "status 999", list, answer: json(body, status: "999 Whatever")),
      Probe(.transport, "status not a number", list, answer: json(body, status: "abc Whatever")),
      Probe(
        .transport, "HTTP/2 status line", list,
        answer: raw("HTTP/2 200\r\nContent-Length: \(good.count)\r\n\r\n" + body)),
      Probe(.transport, "100 Continue, then close", list, answer: raw("HTTP/1.1 100 Continue\r\n\r\n")),
      Probe(
        .transport, "HTML instead of JSON", list,
        answer: always(
          .http(headers: [("Content-Type", "text/html")], body: Array("<html><body>Bad Gateway</body></html>".utf8)))),
      Probe(.transport, "not UTF-8", list, answer: always(.http(body: [0xFF, 0xFE, 0xFD] + good))),
      Probe(
        .transport, "UTF-16 with a BOM", list,
        answer: always(.http(body: [0xFF, 0xFE] + Array(body.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))),
      Probe(.transport, "UTF-8 BOM", list, answer: always(.http(body: [0xEF, 0xBB, 0xBF] + good))),
      Probe(.transport, "empty 200", list, answer: always(.http(body: []))),
      Probe(.transport, "null", list, answer: json("null")),
      Probe(.transport, "two JSON values", list, answer: json(body + body)),
      Probe(.transport, "204 No Content", list, answer: always(.http("204 No Content", body: []))),
      Probe(.transport, "304 with nothing cached", list, answer: always(.http("304 Not Modified", body: []))),
      Probe(
        .transport, "redirect to itself", list,
        answer: always(.http("302 Found", headers: [("Location", "/v1/public/characters")], body: []))),
      Probe(
        .transport, "redirect to another host", GitHub.commits,
        answer: always(.http("302 Found", headers: [("Location", "http://127.0.0.2:9/steal")], body: []))),
      Probe(
        .transport, "redirect to garbage", list,
        answer: always(.http("301 Moved", headers: [("Location", "::::")], body: []))),
      Probe(.transport, "connection refused", list, answer: nil, environment: ["MARVEL_BASE_URL": "http://127.0.0.1:9"])
        .live(),
      Probe(.transport, "base URL garbage", list, answer: nil, environment: ["MARVEL_BASE_URL": "ht!tp://\u{1B}[2J"])
        .live(),
      Probe(
        .transport, "GitHub drip-fed", GitHub.commits,
        answer: always(
          .http(body: Array("[\(GitHub.commit())]".utf8), delivery: .drip(bytes: 7, every: .milliseconds(5))))),
    ]
  }

  // MARK: - Echoed secrets

  static var secrets: [Probe] {
    let hash: @Sendable (HostileRequest) -> String = { $0.queryValue("hash") ?? "no-hash" }
    func marvelEcho(_ make: @escaping @Sendable (String) -> HostileAnswer) -> Probe.Answer { { make(hash($0)) } }
    let key = H.marvelPrivateKey
    let token = H.githubToken
    let bearer: @Sendable (HostileRequest) -> String = { $0.header("Authorization") ?? "no-authorization" }
    return [
      Probe(
        .secrets, "hash in a 401 message", Marvel.list,
        answer: marvelEcho { .json(#"{"code": 401, "message": "bad hash \#($0)"}"#, status: "401 Unauthorized") }),
      Probe(
        .secrets, "hash upper case in a 409", Marvel.list,
        answer: marvelEcho { .json(#"{"code": 409, "status": "\#($0.uppercased())"}"#, status: "409 Conflict") }),
      Probe(
        .secrets, "hash mixed case in a 500", Marvel.list,
        answer: marvelEcho {
          .json(
            #"{"code": 500, "status": "x\#(String($0.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.uppercased()) : $0.element }))x"}"#,
            status: "500 Oops")
        }),
      Probe(
        .secrets, "hash as a character name", Marvel.list,
        answer: marvelEcho { .json(Marvel.body(results: "[\(Marvel.character(name: q($0)))]")) }),
      Probe(
        .secrets, "hash in a description", Marvel.detail,
        answer: marvelEcho { .json(Marvel.body(results: "[\(Marvel.character(description: q("see " + $0)))]")) }),
      Probe(
        .secrets, "hash in the attribution", Marvel.list, answer: marvelEcho { .json(Marvel.body(attribution: q($0))) }),
      Probe(
        .secrets, "hash in a thumbnail URL", Marvel.detail,
        answer: marvelEcho {
          .json(Marvel.body(results: "[\(Marvel.character(thumbnailPath: q("http://i.example/\($0)")))]"))
        }),
      Probe(.secrets, "hash in the status line", Marvel.list, answer: marvelEcho { .json("{}", status: "500 \($0)") }),
      Probe(
        .secrets, "hash in an ETag, cached", Marvel.list,
        answer: marvelEcho { .json(Marvel.body(attribution: q($0)), headers: [("ETag", "\"\($0)\"")]) }),
      Probe(
        .secrets, "request target in a 404", Marvel.list,
        answer: { .json(#"{"code": 404, "status": \#(q("\($0.target) is missing"))}"#, status: "404 Not Found") }),
      Probe(
        .secrets, "request target in a 404, detail", Marvel.detail,
        answer: { .json(#"{"code": 404, "status": \#(q($0.target.uppercased()))}"#, status: "404 Not Found") }),
      Probe(
        .secrets, "private key in a message", Marvel.list,
        answer: json(#"{"code": 401, "message": "key \#(key) refused"}"#, status: "401 Unauthorized")),
      Probe(
        .secrets, "private key upper case in a message", Marvel.list,
        answer: json(#"{"code": 401, "message": "\#(key.uppercased())"}"#, status: "401 Unauthorized")),
      Probe(
        .secrets, "private key as a name", Marvel.list,
        answer: json(Marvel.body(results: "[\(Marvel.character(name: q(key)))]"))),
      Probe(
        .secrets, "private key in a description", Marvel.detail,
        answer: json(Marvel.body(results: "[\(Marvel.character(description: q("the key is \(key)")))]"))),
      Probe(
        .secrets, "token in a GitHub 401", GitHub.commits,
        answer: json(#"{"message": "token \#(token) is bad"}"#, status: "401 Unauthorized")),
      Probe(
        .secrets, "Authorization echoed in a 500", GitHub.commits,
        answer: { .json(#"{"message": \#(q(bearer($0)))}"#, status: "500 Oops") }),
      Probe(
        .secrets, "token lower case in a 422", GitHub.commits,
        answer: json(
          #"{"message": "Validation Failed", "errors": [{"resource": "\#(token.lowercased())", "field": "q", "code": "invalid"}]}"#,
          status: "422 Unprocessable Entity")),
      Probe(
        .secrets, "token as a commit message", GitHub.commits, answer: json("[\(GitHub.commit(message: q(token)))]")),
      Probe(.secrets, "token as a login", GitHub.commit, answer: json(GitHub.commit(login: q(token)))),
      Probe(
        .secrets, "token in a repository description", GitHub.repository,
        answer: json(GitHub.repository(description: q("uses \(token) daily")))),
      Probe(
        .secrets, "token in a search row", GitHub.search, stdin: GitHub.searchScript,
        answer: json(GitHub.searchBody(items: "[\(GitHub.repository(fullName: q(token)))]"))),
      Probe(
        .secrets, "token in a Retry-After", GitHub.commits,
        answer: json(#"{"message": "x"}"#, status: "403 Forbidden", headers: [("Retry-After", token)])),
      Probe(
        .secrets, "token in the reset header", GitHub.commits,
        answer: json(
          #"{"message": "x"}"#, status: "403 Forbidden",
          headers: [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", token)])),
      Probe(.secrets, "token in the status line", GitHub.commits, answer: json("{}", status: "500 \(token)")),
      Probe(
        .secrets, "token in an ETag, cached", GitHub.commits,
        answer: json("[\(GitHub.commit())]", headers: [("ETag", "\"\(token)\"")])),
      Probe(
        .secrets, "token in the cached body", GitHub.commits,
        answer: json("[\(GitHub.commit(message: q(token)))]", headers: [("ETag", "\"v1\"")])),
      Probe(
        .secrets, "private key as the base URL's password", Marvel.list,
        environment: ["MARVEL_BASE_URL": "http://u:\(key)@127.0.0.1:9"]
      ).live(),
      Probe(.secrets, "token as a --param", GitHub.commits + ["--param", "repo=\(token)"], answer: json("[]")),
      Probe(
        .secrets, "private key as a --param id", ["Screens/character.json", "--param", "id=\(key)"],
        answer: json(Marvel.body())),
    ]
  }

  // MARK: - Wrong shapes

  static var shapes: [Probe] {
    let list = Marvel.list
    let detail = Marvel.detail
    return [
      Probe(.shapes, "body an array", list, answer: json("[1, 2, 3]")),
      Probe(.shapes, "body a string", list, answer: json("\"hello\"")),
      Probe(.shapes, "body a number", list, answer: json("42")),
      Probe(.shapes, "data a string", list, answer: json(Marvel.body(data: "\"x\""))),
      Probe(.shapes, "data an array", list, answer: json(Marvel.body(data: "[]"))),
      Probe(.shapes, "results an object", list, answer: json(Marvel.body(results: "{\"a\": 1}"))),
      Probe(.shapes, "results null", list, answer: json(Marvel.body(results: "null"))),
      Probe(
        .shapes, "results of numbers", list, answer: json(Marvel.body(results: "[1, 2, 3]", total: "3", count: "3"))),
      Probe(
        .shapes, "results of strings", list,
        answer: json(Marvel.body(results: "[\"a\", \"b\"]", total: "2", count: "2"))),
      Probe(
        .shapes, "results of arrays", list, answer: json(Marvel.body(results: "[[1], [2]]", total: "2", count: "2"))),
      Probe(
        .shapes, "results of nulls", list, answer: json(Marvel.body(results: "[null, null]", total: "2", count: "2"))),
      Probe(.shapes, "detail: results [1]", detail, answer: json(Marvel.body(results: "[1]"))),
      Probe(.shapes, "detail: results []", detail, answer: json(Marvel.body(results: "[]", total: "0", count: "0"))),
      Probe(
        .shapes, "detail: comics.items an object", detail,
        answer: json(
          Marvel.body(results: "[\(Marvel.character(comics: "{\"available\": 1, \"items\": {\"name\": \"x\"}}"))]"))),
      Probe(
        .shapes, "detail: comics.items of numbers", detail,
        answer: json(Marvel.body(results: "[\(Marvel.character(comics: "{\"available\": 1, \"items\": [1, 2]}"))]"))),
      Probe(
        .shapes, "name an object", list,
        answer: json(Marvel.body(results: "[\(Marvel.character(name: "{\"first\": \"Tony\"}"))]"))),
      Probe(
        .shapes, "name an array", list,
        answer: json(Marvel.body(results: "[\(Marvel.character(name: "[\"Tony\", \"Stark\"]"))]"))),
      Probe(
        .shapes, "thumbnail a string", detail,
        answer: json(Marvel.body(results: #"[{"id": 1, "name": "a", "thumbnail": "x"}]"#))),
      Probe(.shapes, "GitHub commits [1,2,3]", GitHub.commits, answer: json("[1, 2, 3]")),
      Probe(.shapes, "GitHub commits an object", GitHub.commits, answer: json("{\"sha\": \"x\"}")),
      Probe(.shapes, "GitHub commits of strings", GitHub.commits, answer: json("[\"a\", \"b\"]")),
      Probe(.shapes, "GitHub commits of nulls", GitHub.commits, answer: json("[null]")),
      Probe(
        .shapes, "GitHub commit fields of the wrong types", GitHub.commits,
        answer: json("[\(GitHub.commit(sha: "12", message: "[1]", login: "{}", date: "true"))]")),
      Probe(
        .shapes, "GitHub search items an object", GitHub.search, stdin: GitHub.searchScript,
        answer: json(GitHub.searchBody(items: "{}"))),
      Probe(
        .shapes, "GitHub search items of numbers", GitHub.search, stdin: GitHub.searchScript,
        answer: json(GitHub.searchBody(items: "[1, 2]"))),
      Probe(.shapes, "GitHub search an array", GitHub.search, stdin: GitHub.searchScript, answer: json("[]")),
      Probe(.shapes, "GitHub repository an array", GitHub.repository, answer: json("[\(GitHub.repository())]")),
      Probe(
        .shapes, "GitHub repository topics an object", GitHub.repository,
        answer: json(GitHub.repository(topics: "{\"a\": 1}"))),
      Probe(.shapes, "GitHub commit parents a string", GitHub.commit, answer: json(GitHub.commit(parents: "\"abc\""))),
      Probe(
        .shapes, "GitHub 422 errors not a list", GitHub.commits,
        answer: json(#"{"message": "Validation Failed", "errors": "x"}"#, status: "422 Unprocessable Entity")),
      Probe(
        .shapes, "GitHub 422 errors of numbers", GitHub.commits,
        answer: json(#"{"message": "Validation Failed", "errors": [1, 2]}"#, status: "422 Unprocessable Entity")),
      Probe(
        .shapes, "GitHub error message a number", GitHub.commits, answer: json(#"{"message": 5}"#, status: "500 Oops")),
      Probe(.shapes, "Marvel error an array", list, answer: json("[\"no\"]", status: "409 Conflict")),
    ]
  }

  // MARK: - Link headers

  static var links: [Probe] {
    func linked(_ link: String) -> Probe.Answer {
      { request in
        // The first page links on; a page reached through the link links on the same way.
        .json(
          "[\(GitHub.commit())]",
          headers: [("Link", link.replacingOccurrences(of: "{self}", with: request.header("Host") ?? "127.0.0.1"))])
      }
    }
    let script = "next\nnext\n"
    let cases: [(String, String)] = [
      ("another host", "<http://evil.example/repos/octo/cat/commits?page=2>; rel=\"next\""),
      ("another port", "<http://127.0.0.1:9/repos/octo/cat/commits?page=2>; rel=\"next\""),
      ("HTTP:// upper case, same host", "<HTTP://{self}/repos/octo/cat/commits?page=2>; rel=\"next\""),
      ("https on the same host", "<https://{self}/repos/octo/cat/commits?page=2>; rel=\"next\""),
      ("ftp scheme", "<ftp://{self}/x>; rel=\"next\""),
      ("javascript scheme", "<javascript:alert(1)>; rel=\"next\""),
      ("file scheme", "<file:///etc/passwd>; rel=\"next\""),
      ("garbage", "<<<>>>;;;rel=next,,,"),
      ("no brackets", "http://{self}/repos/octo/cat/commits?page=2; rel=\"next\""),
      ("empty target", "<>; rel=\"next\""),
      ("relative target", "</repos/octo/cat/commits?page=2>; rel=\"next\""),
      ("the token in the userinfo", "<http://x:\(H.githubToken)@{self}/repos/octo/cat/commits?page=2>; rel=\"next\""),
      ("the token in the query, other host", "<http://evil.example/?t=\(H.githubToken)>; rel=\"next\""),
      ("escapes in the URL", "<http://{self}/\u{1B}]52;c;eA==\u{07}>; rel=\"next\""),
      ("escapes in rel", "<http://{self}/repos/octo/cat/commits?page=2>; rel=\"next\u{1B}[2J\""),
      ("IPv6 loopback", "<http://[::1]/repos/octo/cat/commits?page=2>; rel=\"next\""),
      ("a fragment", "<http://{self}/repos/octo/cat/commits?page=2#frag>; rel=\"next\""),
      ("itself, forever", "<http://{self}/repos/octo/cat/commits>; rel=\"next\""),
      (
        "many next links",
        Array(repeating: "<http://{self}/repos/octo/cat/commits?page=2>; rel=\"next\"", count: 1000).joined(
          separator: ", ")
      ),
      ("rel next unquoted, odd case", "<http://{self}/repos/octo/cat/commits?page=2>; REL=NeXt"),
      ("a 10 KB host name", "<http://" + String(repeating: "a", count: 10_000) + ".example/>; rel=\"next\""),
      ("a percent-encoded host", "<http://%31%32%37.0.0.1/x>; rel=\"next\""),
      ("an unterminated bracket", "<http://{self}/repos/octo/cat/commits?page=2; rel=\"next\""),
    ]
    return cases.map { name, link in
      Probe.script(.links, "Link: \(name)", GitHub.commits, script, answer: linked(link))
    }
  }
}

extension Probe {
  /// Live mode without a server of its own: the environment points somewhere else.
  func live() -> Probe {
    var copy = self
    copy.arguments.append("--live")
    return copy
  }
}
