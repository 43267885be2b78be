import Foundation
import ReplayServer

/// Probes of what issues 28 and 30 added: output for pipes (`--output`, `--pages`, `--query`),
/// actions in scripts (the `action: would …` note), the preview pane, and compressed answers to
/// the REST APIs declared in a plugin.json. Each must end in records, a frame or a clear error,
/// with nothing crashed, hung, leaked or raw.
enum RoundThreeProbes {
  static var all: [Probe] { output + actions + preview + compression + environment + actionFiles }

  private typealias H = Hostile
  private static func q(_ text: String) -> String { Hostile.q(text) }

  /// The search screen with `--output`, taken as it is (`--output` refuses `--once` and `--width`).
  private static func output(
    _ group: ProbeClass, _ name: String, _ format: String, _ body: @autoclosure @escaping @Sendable () -> String,
    extra: [String] = [], status: String = "200 OK", headers: [(String, String)] = []
  ) -> Probe {
    Probe(
      group, "--output \(format): \(name)",
      ["Screens/repositories.json", "--live", "--query", "swift", "--output", format] + extra,
      answer: json(body(), status: status, headers: headers), plain: true
    ).records(format)
  }

  // MARK: - --output, --pages, --query

  static var output: [Probe] {
    let all = q(H.everything)
    let hostileRow = GitHub.repository(fullName: all, description: all, language: all, htmlURL: all)
    let tokenRow = GitHub.repository(
      fullName: q("octo/\(H.githubToken)"), description: q("token \(H.githubToken) inside"),
      htmlURL: q("https://x:\(H.githubToken)@github.com/octo/cat"))
    var probes: [Probe] = []
    for format in ["json", "jsonl", "csv", "tsv"] {
      probes += [
        output(.escapes, "escapes in every field", format, GitHub.searchBody(items: "[\(hostileRow)]")),
        output(.secrets, "the token in a value and a URL", format, GitHub.searchBody(items: "[\(tokenRow)]")),
        output(
          .secrets, "the token as a member name", format,
          GitHub.searchBody(items: "[{\(q(H.githubToken)): 1, \"full_name\": \"a\"}]")),
        output(
          .size, "a 1 MB word", format,
          GitHub.searchBody(items: "[\(GitHub.repository(description: H.megabyteWordJSON))]")),
        output(.numbers, "numbers past every limit", format, GitHub.searchBody(items: "[\(numbersRow)]")),
      ]
    }
    probes += [
      output(
        .numbers, "1e400, which jansson cannot read", "json",
        GitHub.searchBody(items: "[\(GitHub.repository(stars: "1e400"))]")),
      output(
        .size, "10k nested arrays as a record", "jsonl", GitHub.searchBody(items: "[\(H.nestedArrays(10_000))]")),
      output(
        .size, "10k nested objects in a record", "json",
        GitHub.searchBody(items: "[{\"full_name\": \"a\", \"deep\": \(H.nestedObjects(10_000))}]")),
      output(
        .secrets, "the token in a 401's message", "json", #"{"message": "bad \#(H.githubToken)"}"#,
        status: "401 Unauthorized"),
      output(.escapes, "escapes in a 500's message", "csv", #"{"message": \#(all)}"#, status: "500 Oops"),
      output(
        .shapes, "items an object", "json", #"{"total_count": 1, "items": {"full_name": "a"}}"#),
      output(.shapes, "items of strings", "csv", #"{"total_count": 2, "items": ["a", "b"]}"#),
      output(
        .links, "all pages, the total at Int.max", "jsonl",
        GitHub.searchBody(items: "[\(GitHub.repository())]", totalCount: "9223372036854775807"),
        extra: ["--pages", "all"]),
      output(
        .links, "all pages, each the same", "json",
        GitHub.searchBody(items: "[\(GitHub.repository())]", totalCount: "5000"),
        extra: ["--pages", "all"]),
      Probe(
        .links, "--output json --pages all: commits whose next link comes round",
        GitHub.commits + ["--live", "--output", "json", "--pages", "all"],
        answer: { request in
          .json(
            "[\(GitHub.commit())]",
            headers: [
              ("Link", "<http://\(request.header("Host") ?? "127.0.0.1")/repos/octo/cat/commits?page=2>; rel=\"next\"")
            ])
        }, plain: true
      ).records("json"),
      Probe(
        .links, "--output csv --pages 3: a next link to another host with the token",
        GitHub.commits + ["--live", "--output", "csv", "--pages", "3"],
        answer: json(
          "[\(GitHub.commit())]",
          headers: [("Link", "<http://x:\(H.githubToken)@127.0.0.2:9/repos/octo/cat/commits?page=2>; rel=\"next\"")]),
        plain: true
      ).records("csv"),
    ]
    for pages in ["99999999999999999999", "-1", "0", "1e3", "", " 1", "ALL", "\u{1B}[2J"] {
      probes.append(
        Probe(
          .arguments, "--pages \(pages)",
          ["Screens/repositories.json", "--query", "swift", "--output", "json", "--pages", pages], plain: true))
    }
    for format in ["xml", "", "JSON", "json\u{1B}[2J", H.word(100_000)] {
      probes.append(
        Probe(
          .arguments, "--output \(format.prefix(20))",
          ["Screens/repositories.json", "--query", "a", "--output", format],
          plain: true))
    }
    for (name, query) in [
      ("escapes", H.everything), ("100 KB", H.word(100_000)),
      ("10,000 wide characters", String(repeating: "漢", count: 10_000)),
      ("the token", H.githubToken), ("only spaces", "   "), ("a leading dash", "-rf"),
    ] {
      probes += [
        Probe(.arguments, "--query \(name), --once", ["Screens/repositories.json", "--query", query]),
        Probe(
          .arguments, "--query \(name), --output csv",
          ["Screens/repositories.json", "--query", query, "--output", "csv"], plain: true
        ).records("csv"),
        Probe(
          .arguments, "--query \(name), --explain", ["Screens/repositories.json", "--query", query, "--explain"],
          plain: true
        ).unwrapped(),
      ]
    }
    probes.append(Probe(.arguments, "--query on a detail screen", Marvel.detail + ["--query", "x"]))
    return probes
  }

  /// A repository whose numbers are past every limit.
  private static let numbersRow = GitHub.repository(stars: "123456789012345678901234567890")
    .replacingOccurrences(of: "\"forks_count\": 3", with: "\"forks_count\": -0.0")
    .replacingOccurrences(of: "\"open_issues_count\": 1", with: "\"open_issues_count\": 1e308")

  // MARK: - Actions in a script

  /// A detail screen of one repository whose actions open, copy and run its fields.
  private static let actionScreen = Array(
    """
    {"kind": "detail", "title": "{full_name}",
     "source": {"plugin": "github", "resource": "repository", "params": {"repo": "{params.repo}"}},
     "sections": [{"type": "text", "value": "{description}"}],
     "actions": [
       {"key": "ctrl-o", "title": "Open", "open": "{html_url}"},
       {"key": "ctrl-y", "title": "Copy", "copy": "{description}"},
       {"key": "ctrl-g", "title": "Run", "run": ["echo", "--", "{description}", "{full_name}"], "confirm": true},
       {"key": "ctrl-b", "title": "Unguarded", "run": ["echo", "{description}"]}
     ]}
    """.utf8)

  static var actions: [Probe] {
    let all = q(H.everything)
    let script = "key Ctrl-O\nkey Ctrl-Y\nkey Ctrl-B\nkey Ctrl-G\nkey y\n"
    func probe(_ group: ProbeClass, _ name: String, _ repository: String, width: Int = 80) -> Probe {
      Probe(
        group, "actions: \(name)", ["{dir}/a.json", "--param", "repo=octo/cat", "--script", "-"], width: width,
        stdin: script, answer: json(repository), files: ["a.json": actionScreen])
    }
    return [
      probe(.escapes, "escapes in every value", GitHub.repository(fullName: all, description: all, htmlURL: all)),
      probe(
        .escapes, "escapes in every value, at 20 columns",
        GitHub.repository(fullName: all, description: all, htmlURL: all), width: 20),
      probe(
        .secrets, "the token in every value",
        GitHub.repository(
          fullName: q(H.githubToken), description: q("a \(H.githubToken) b"),
          htmlURL: q("https://x:\(H.githubToken)@github.com/octo/cat"))),
      probe(
        .size, "a 256 KB word in every value",
        GitHub.repository(
          fullName: q(H.word(256 << 10)), description: q(H.word(256 << 10)),
          htmlURL: q("https://github.com/" + H.word(256 << 10)))),
      probe(
        .shapes, "a URL that is no web URL",
        GitHub.repository(description: q("-x"), htmlURL: q("javascript:alert(document.cookie)//https://a"))),
      probe(
        .shapes, "values that are objects",
        GitHub.repository(fullName: "{}", description: "[1, {\"a\": null}]", htmlURL: "[]")),
      probe(.shapes, "a NUL in the argument", GitHub.repository(description: q("a\u{0}b"))),
      probe(
        .numbers, "numbers as values",
        GitHub.repository(fullName: "1e308", description: "-0", htmlURL: "123456789012345678901234567890")),
    ]
  }

  // MARK: - The preview pane

  /// A search answer for the list and a repository for the pane, told apart by the request.
  private static func searchAndRepository(_ repository: @autoclosure @escaping @Sendable () -> String) -> Probe.Answer {
    { request in
      request.target.hasPrefix("/search/")
        ? .json(GitHub.searchBody(items: "[\(GitHub.repository())]")) : .json(repository())
    }
  }

  static var preview: [Probe] {
    let all = q(H.everything)
    func pane(_ group: ProbeClass, _ name: String, _ answer: @escaping Probe.Answer, width: Int = 160) -> Probe {
      Probe.script(
        group, "preview: \(name)", ["Screens/repositories.json"], "search swift\nwait 500\n", width: width,
        answer: answer)
    }
    return [
      pane(
        .escapes, "escapes in every field",
        searchAndRepository(
          GitHub.repository(
            fullName: all, description: all, language: all, license: "{\"name\": \(all)}", topics: "[\(all)]",
            htmlURL: all))),
      pane(.escapes, "escapes at 120 columns", searchAndRepository(GitHub.repository(description: all)), width: 120),
      pane(.size, "a 1 MB word", searchAndRepository(GitHub.repository(description: H.megabyteWordJSON))),
      pane(.size, "10k nested arrays as the record", searchAndRepository(H.nestedArrays(10_000))),
      pane(
        .secrets, "the token in the record",
        searchAndRepository(GitHub.repository(description: q("t \(H.githubToken)")))),
      pane(
        .transport, "a 500 with the token for the record",
        { request in
          request.target.hasPrefix("/search/")
            ? .json(GitHub.searchBody(items: "[\(GitHub.repository())]"))
            : .json(#"{"message": \#(q("no \(H.githubToken) " + H.everything))}"#, status: "500 Oops")
        }),
      pane(
        .transport, "the record never comes",
        { request in
          request.target.hasPrefix("/search/")
            ? .json(GitHub.searchBody(items: "[\(GitHub.repository())]"))
            : HostileAnswer(bytes: [], delivery: .closeWithoutAnswer)
        }),
      pane(
        .shapes, "the row's name is no owner/name",
        { _ in .json(GitHub.searchBody(items: "[\(GitHub.repository(fullName: q("../../../etc/passwd?x=1#")))]")) }),
    ]
  }

  // MARK: - Compressed answers

  /// `prefix`, `count` bytes of `byte`, then `suffix`, gzip-compressed by the system's gzip.
  static func gzipped(prefix: String, byte: Character, count: Int, suffix: String) -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c",
      "{ printf '%s' \"$0\"; head -c \(count) /dev/zero | tr '\\0' '\(byte)'; printf '%s' \"$1\"; } | gzip -1",
      prefix, suffix,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return [] }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Array(data)
  }

  /// The bombs, made once, before the first probe that sends one starts (`prepare`), so that
  /// the making does not count against screenrun's timeout.
  static let stringBomb = gzipped(prefix: "[{\"sha\": \"", byte: "a", count: 80 << 20, suffix: "\"}]")
  static let bracketBomb = gzipped(prefix: "", byte: "[", count: 80 << 20, suffix: "")
  static let messageBomb = gzipped(prefix: "{\"message\": \"", byte: " ", count: 80 << 20, suffix: "\"}")
  static let underTheLimit = gzipped(
    prefix: #"{"code": 200, "data": {"results": [{"id": 1, "name": "x", "description": ""#, byte: "d",
    count: 2 << 20, suffix: #""}]}}"#)

  static var compression: [Probe] {
    func gzip(_ bytes: @autoclosure @escaping @Sendable () -> [UInt8], status: String = "200 OK") -> Probe.Answer {
      { _ in
        .http(
          status, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: bytes())
      }
    }
    func bomb(
      _ name: String, _ arguments: [String], _ bytes: @autoclosure @escaping @Sendable () -> [UInt8],
      status: String = "200 OK"
    ) -> Probe {
      Probe(.size, name, arguments, answer: gzip(bytes(), status: status), prepare: { _ in _ = bytes() })
    }
    return [
      bomb("gzip bomb: 80 MB in one string, GitHub", GitHub.commits, stringBomb),
      bomb("gzip bomb: 80 MB in one string, declared", GitHub.commits + DeclaredProbes.github, stringBomb),
      bomb("gzip bomb: 80 MB of [, Marvel", Marvel.list, bracketBomb),
      bomb("gzip bomb: 80 MB of spaces in a 500", GitHub.commits, messageBomb, status: "500 Oops"),
      bomb("gzip: a 2 MB description", Marvel.detail, underTheLimit),
      Probe(
        .transport, "zstd that is not zstd", GitHub.commits,
        answer: always(.http(headers: [("Content-Encoding", "zstd")], body: Array("[1]".utf8)))),
      Probe(
        .transport, "br that is not br", GitHub.commits + DeclaredProbes.github,
        answer: always(.http(headers: [("Content-Encoding", "br")], body: Array("[1]".utf8)))),
      Probe(
        .transport, "gzip cut in half", GitHub.commits,
        answer: always(
          .http(headers: [("Content-Encoding", "gzip")], body: Array(stringBomb.prefix(stringBomb.count / 2)))),
        prepare: { _ in _ = stringBomb }),
      Probe(
        .transport, "gzip, then gzip again", GitHub.commits,
        answer: always(
          .http(
            headers: [("Content-Encoding", "gzip, gzip")],
            body: gzipped(prefix: "[", byte: "1", count: 10, suffix: "]")))),
    ]
  }

  // MARK: - The environment

  static var environment: [Probe] {
    let git = ["Screens/git-log.json"]
    let escape = "\u{1B}]52;c;aGFja2Vk\u{07}\u{1B}[2J\u{202E}"
    var probes: [Probe] = []
    for value in ["0", "-1", "1e999", "NaN", "99999999999999999999", "0.0001", escape, ""] {
      probes.append(
        Probe(
          .arguments, "SCREENRUN_PLUGIN_TIMEOUT \(value.prefix(20))", git,
          environment: ["SCREENRUN_PLUGIN_TIMEOUT": value]))
    }
    for (name, value) in [
      ("escapes", "{dir}/" + escape), ("/dev/null", "/dev/null"),
      ("4,000 colons", String(repeating: ":", count: 4_000)),
      ("1 MB", "{dir}/" + H.word(100_000)), ("a loop", "{dir}/loop"),
    ] {
      probes.append(
        Probe(
          .arguments, "SCREENRUN_PLUGIN_PATH \(name)", git, environment: ["SCREENRUN_PLUGIN_PATH": value],
          prepare: { folder in
            try? FileManager.default.createSymbolicLink(
              atPath: folder.appendingPathComponent("loop").path,
              withDestinationPath: folder.appendingPathComponent("loop").path)
          }))
    }
    for (variable, value) in [
      ("XDG_STATE_HOME", "/dev/null"), ("XDG_STATE_HOME", "{dir}/" + escape), ("XDG_CONFIG_HOME", "/dev/null"),
      ("XDG_CONFIG_HOME", "{dir}/" + escape), ("HOME", ""), ("HOME", "/dev/null/x"), ("TERM", escape),
      ("NO_COLOR", escape), ("PATH", ""), ("PATH", "{dir}/" + escape),
    ] {
      probes.append(
        Probe(
          .arguments, "\(variable) \(value.hasSuffix(escape) ? "with escapes" : value)", git,
          environment: [variable: value]))
    }
    return probes
  }

  // MARK: - Actions in a hostile screen file

  /// The GitHub sample's repository screen with `actions` (JSON text) in place of its own.
  private static func withActions(_ actions: String) -> [UInt8] {
    Array(
      """
      {"kind": "detail", "title": "{full_name}",
       "source": {"plugin": "github", "resource": "repository", "params": {"repo": "{params.repo}"}},
       "sections": [{"type": "text", "value": "{description}"}], "actions": \(actions)}
      """.utf8)
  }

  static var actionFiles: [Probe] {
    let escape = "\u{1B}]52;c;aGFja2Vk\u{07}\u{1B}[2J\u{202E}\u{9B}31m"
    let script = "key Ctrl-G\nkey y\nkey ?\nkey x\n"
    func file(_ name: String, _ actions: String, check: Bool = false, width: Int = 80) -> Probe {
      let arguments =
        check
        ? ["--check", "{dir}/a.json"] : ["{dir}/a.json", "--param", "repo=dustin/py-github", "--script", "-"]
      return Probe(
        .screens, "actions file: \(name)\(check ? ", --check" : "")", arguments, width: width,
        stdin: check ? nil : script, files: ["a.json": withActions(actions)])
    }
    let many = (0..<10_000).map { #"{"key": "ctrl-g", "title": "T\#($0)", "copy": "x"}"# }.joined(separator: ",")
    let arguments = (0..<20_000).map { _ in Hostile.q("{full_name}") }.joined(separator: ",")
    var probes: [Probe] = []
    for check in [false, true] {
      probes += [
        file(
          "escapes in a title", #"[{"key": "ctrl-g", "title": \#(q("Run " + escape)), "run": ["true"]}]"#, check: check),
        file("escapes in a key", #"[{"key": \#(q(escape)), "title": "Run", "run": ["true"]}]"#, check: check),
        file(
          "escapes in the program and its arguments",
          #"[{"key": "ctrl-g", "title": "Run", "run": [\#(q(escape)), \#(q(escape + "{full_name}"))], "confirm": true}]"#,
          check: check),
        file("10,000 actions on one key", "[\(many)]", check: check),
        file(
          "20,000 arguments, confirmed",
          #"[{"key": "ctrl-g", "title": "Run", "run": ["true", \#(arguments)], "confirm": true}]"#,
          check: check),
        file(
          "a 1 MB title", #"[{"key": "ctrl-g", "title": \#(H.megabyteWordJSON), "copy": "x"}]"#, check: check),
        file(
          "an open of a constant file: URL", #"[{"key": "ctrl-g", "title": "Open", "open": "file:///etc/passwd"}]"#,
          check: check),
        file("actions an object", #"{"key": "ctrl-g"}"#, check: check),
        file(
          "10k nested arrays as run", #"[{"key": "ctrl-g", "title": "Run", "run": \#(H.nestedArrays(10_000))}]"#,
          check: check),
      ]
    }
    probes.append(
      file(
        "20,000 arguments, confirmed, at 20 columns",
        #"[{"key": "ctrl-g", "title": "Run", "run": ["true", \#(arguments)], "confirm": true}]"#, width: 20))
    return probes
  }
}
