import Foundation
import ReplayServer

/// Probes made of local input: script lines, command-line arguments, screen files and a damaged
/// HTTP cache.
enum LocalProbes {
  static var all: [Probe] { scripts + arguments + screens + cache }

  private typealias H = Hostile
  private static let characters = ["Screens/characters.json"]

  // MARK: - Scripts

  static var scripts: [Probe] {
    var probes: [Probe] = []
    func script(_ name: String, _ text: String, width: Int = 80) -> Probe {
      Probe.script(.scripts, name, characters, text, width: width)
    }
    for (name, text) in H.escapes where !text.contains("\n") {
      probes.append(script("search \(name)", "search \(text)\n"))
    }
    let mb = H.megabyte
    probes += [
      script("type with escapes", "type \(H.escapes[0].text)\(H.escapes[2].text)\nwait 600\n"),
      script("type with C1 and bidi", "type \(H.escapes[7].text)\(H.escapes[10].text)\nwait 600\n"),
      script("unknown command with escapes", "\(H.escapes[2].text) now\n"),
      script("escapes after open", "open 1\u{1B}[2J\n"),
      script("1 MB search line", "search \(H.word(mb))\n"),
      script("1 MB unknown command", H.word(mb) + "\n"),
      script("1 MB comment", "# " + H.word(mb) + "\nsearch iron\n"),
      script("1 MB wait number", "wait " + String(repeating: "9", count: mb) + "\n"),
      script("40,000-character type", "type \(String(repeating: "a", count: 40_000))\nwait 600\n"),
      script("type of 4,000 escapes", "type \(String(repeating: "\u{1B}[2J", count: 1000))\nwait 600\n"),
      script("2,000 lines of next", String(repeating: "next\n", count: 2000)),
      script("300 reloads", String(repeating: "reload\n", count: 300)),
      script("open and back 100 times", String(repeating: "open 1\nback\n", count: 100)),
      script("CRLF lines", "search iron\r\nopen 1\r\n"),
      script("a BOM, then commands", "\u{FEFF}search iron\n"),
      script("a line of escapes only", "\u{1B}[2J\u{1B}[H\n"),
      script("a search of 10,000 wide characters", "search \(String(repeating: "漢", count: 10_000))\n"),
      Probe.script(.scripts, "a NUL in a line", characters, "").stdinBytes(
        Array("search a".utf8) + [0] + Array("b\n".utf8)),
      Probe.script(.scripts, "bytes that are not UTF-8", characters, "").stdinBytes(
        Array("search ".utf8) + [0xFF, 0xC3, 0x28, 0x9B] + [0x0A]),
      Probe.script(.scripts, "a C1 byte alone", characters, "").stdinBytes([0x9B, 0x32, 0x4A, 0x0A]),
    ]
    let numbers = [
      "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-1", "1e308", "1.5",
      "99999999999999999999999", "abc", "", "0x10", "\u{1B}[2J", "٣",
    ]
    for number in numbers {
      probes.append(script("wait \(number)", "wait \(number)\n"))
      probes.append(script("open \(number)", "open \(number)\n"))
    }
    probes += [
      Probe(.scripts, "script /dev/null", characters + ["--script", "/dev/null"]),
      Probe(.scripts, "script /dev/zero", characters + ["--script", "/dev/zero"]),
      Probe(.scripts, "script a directory", characters + ["--script", "{dir}"]),
      Probe(
        .scripts, "script a FIFO nobody writes", characters + ["--script", "{dir}/fifo"], prepare: makeFIFO("fifo")),
      Probe(
        .scripts, "script missing, escapes in its name",
        characters + ["--script", "{dir}/\u{1B}]52;c;eA==\u{07}.script"]),
      Probe(.scripts, "script a symlink loop", characters + ["--script", "{dir}/loop"], prepare: makeLoop("loop")),
    ]
    return probes
  }

  // MARK: - Arguments

  static var arguments: [Probe] {
    var probes: [Probe] = []
    func arguments(_ name: String, _ list: [String], width: Int = 80, environment: [String: String] = [:]) -> Probe {
      Probe(.arguments, name, list, width: width, environment: environment, plain: true)
    }
    for (name, text) in H.escapes where !text.contains("\u{0}") {
      probes.append(arguments("--param repo: \(name)", ["Screens/commits.json", "--param", "repo=\(text)", "--once"]))
    }
    let escape = H.escapes[2].text
    probes += [
      arguments("--param id with escapes", ["Screens/character.json", "--param", "id=\(escape)", "--once"]),
      arguments("--param key with escapes", ["Screens/characters.json", "--param", "\(escape)=1", "--once"]),
      arguments("--param without =, with escapes", ["Screens/characters.json", "--param", escape, "--once"]),
      arguments("--param of 100 KB", ["Screens/commits.json", "--param", "repo=\(H.word(100_000))", "--once"]),
      arguments(
        "10,000 --params", ["Screens/characters.json", "--once"] + (0..<10_000).flatMap { ["--param", "k\($0)=v"] }),
      arguments("unknown option with OSC 52", ["Screens/characters.json", "--\(escape)"]),
      arguments("unknown option with C1", ["Screens/characters.json", "-\u{9B}31m"]),
      arguments("unknown option with RLO", ["Screens/characters.json", "--widht\u{202E}"]),
      arguments("--once with a value of escapes", ["Screens/characters.json", "--once=\u{1B}[2J"]),
      arguments("--live with a value of BEL", ["Screens/characters.json", "--live=\u{07}"]),
      arguments("screen path with escapes", ["\(escape).json", "--once"]),
      arguments("screen path of 100 KB", [H.word(100_000) + ".json", "--once"]),
      arguments("two screens with escapes", ["Screens/characters.json", "\u{1B}[2J.json"]),
      arguments("--check of paths with escapes", ["--check", "\(escape).json", "\u{9B}2J.json"]),
      arguments("--plugins with a screen with escapes", ["--plugins", "\u{202E}x.json"]),
      arguments("--script with escapes, missing", ["Screens/characters.json", "--script", "\(escape)"]),
      arguments(
        "SCREENRUN_DATA with escapes", ["Screens/characters.json", "--once"], environment: ["SCREENRUN_DATA": escape]),
      arguments(
        "COLUMNS huge", ["Screens/characters.json", "--once"], environment: ["COLUMNS": "99999999999999999999"]),
      arguments("COLUMNS negative", ["Screens/characters.json", "--once"], environment: ["COLUMNS": "-5"]),
    ]
    for value in ["NaN", "inf", "-1", "1e308", "9223372036854775807", "\(escape)"] {
      probes.append(
        arguments(
          "SCREENRUN_HTTP_TIMEOUT \(value.prefix(12))", ["Screens/characters.json", "--live", "--once"],
          environment: ["SCREENRUN_HTTP_TIMEOUT": value]))
    }
    let widths = [
      "19", "20", "1000", "1001", "0", "-1", "9223372036854775807", "9223372036854775808", "1e3", "abc",
      "\u{1B}[2J", "", " 80", "+80", "0x50", "８０",
    ]
    for width in widths {
      let columns = Int(width).flatMap { (20...1000).contains($0) ? $0 : nil } ?? 80
      probes.append(
        arguments("--width \(width)", ["Screens/characters.json", "--once", "--width", width], width: columns))
      if width == "20" || width == "1000" {
        probes.append(
          arguments(
            "--width \(width), detail",
            ["Screens/character.json", "--param", "id=1009368", "--once", "--width", width], width: columns))
      }
    }
    probes += [
      arguments("--width missing its value", ["Screens/characters.json", "--once", "--width"]),
      arguments("--width= empty", ["Screens/characters.json", "--once", "--width="]),
    ]
    return probes
  }

  // MARK: - Screen files

  /// A list screen whose parts can be replaced by JSON text.
  static func listScreen(
    title: String = "\"Characters\"", footer: String = "\"{meta.attribution}\"", empty: String = "\"None.\"",
    row: String = "{\"title\": \"{name}\"}", paging: String = "{\"pageSize\": 20, \"prefetch\": 5}",
    search: String = "{\"param\": \"nameStartsWith\", \"placeholder\": \"Search\"}", extra: String = "",
    version: String = "1", plugin: String = "\"marvel\"", resource: String = "\"characters\"",
    select: String = "{\"screen\": \"target.json\", \"params\": {\"id\": \"{id}\"}}"
  ) -> [UInt8] {
    Array(
      """
      {"version": \(version), "kind": "list", "title": \(title),
       "source": {"plugin": \(plugin), "resource": \(resource)},
       "search": \(search), "paging": \(paging), "row": \(row), "empty": \(empty), "footer": \(footer),
       "select": \(select)\(extra)}
      """.utf8)
  }

  static let target = Array(
    """
    {"kind": "detail", "title": "{name}", "source": {"plugin": "marvel", "resource": "character",
     "params": {"id": "{params.id}"}}, "sections": [{"type": "text", "value": "{description}"},
     {"type": "list", "header": "Comics", "items": "comics.items", "row": "{name}", "limit": 20}]}
    """.utf8)

  static var screens: [Probe] {
    var probes: [Probe] = []
    func screen(
      _ name: String, _ bytes: [UInt8], target: [UInt8] = LocalProbes.target, script: String? = nil,
      prepare: (@Sendable (URL) throws -> Void)? = nil
    ) -> Probe {
      var arguments = ["{dir}/screen.json"]
      if script != nil { arguments += ["--script", "-"] }
      return Probe(
        .screens, name, arguments, stdin: script, files: ["screen.json": bytes, "target.json": target], prepare: prepare
      )
    }
    let q = Hostile.q
    for (name, text) in H.escapes {
      probes.append(screen("title: \(name)", listScreen(title: q(text + " {query}"))))
    }
    let all = q(H.everything)
    let escape = H.escapes[2].text
    probes += [
      screen("footer with escapes", listScreen(footer: all)),
      screen("empty text with escapes", listScreen(empty: all), script: "search zzzzzz\n"),
      screen("row template with escapes", listScreen(row: "{\"title\": \(q(H.everything + " {name}"))}")),
      screen(
        "placeholder with escapes", listScreen(search: "{\"param\": \"nameStartsWith\", \"placeholder\": \(all)}")),
      screen(
        "detail target with escapes", listScreen(),
        target: Array(
          #"{"kind": "detail", "title": \#(all), "source": {"plugin": "marvel", "resource": "character", "params": {"id": "{params.id}"}}, "sections": [{"type": "text", "header": \#(all), "value": \#(all)}]}"#
            .utf8), script: "open 1\n"),
      screen("unknown key with escapes", listScreen(extra: ", \(q("titl" + escape)): 1")),
      screen("unknown plugin with escapes", listScreen(plugin: q("marv" + escape))),
      screen("unknown resource with escapes", listScreen(resource: q("\u{9B}2Jcharacters"))),
      screen("unknown filter with escapes", listScreen(title: q("{name|\u{1B}[2Jupper}"))),
      screen(
        "select screen name with escapes",
        listScreen(select: "{\"screen\": \(q(escape + ".json")), \"params\": {\"id\": \"{id}\"}}")),
      screen("raw ESC inside a string", listScreen(title: "\"a\u{1B}[2Jb\"")),
      screen("raw NUL in the file", listScreen(title: "\"a\u{0}b\"")),
      screen(
        "bytes that are not UTF-8",
        Array("{\"kind\": \"list\", \"title\": \"".utf8) + [0xFF, 0x9B, 0x32, 0x4A] + Array("\"}".utf8)),
      screen("BOM and escapes", [0xEF, 0xBB, 0xBF] + listScreen(title: all)),
    ]
    let max = "9223372036854775807"
    for (name, value) in [("Int.max", max), ("-1", "-1"), ("1e400", "1e400")] {
      probes += [
        screen(
          "debounceMs \(name)", listScreen(search: "{\"param\": \"nameStartsWith\", \"debounceMs\": \(value)}"),
          script: "type iron\nwait 600\n"),
        screen("pageSize \(name)", listScreen(paging: "{\"pageSize\": \(value), \"prefetch\": 5}")),
        screen("prefetch \(name)", listScreen(paging: "{\"pageSize\": 20, \"prefetch\": \(value)}"), script: "next\n"),
        screen(
          "minLength \(name)", listScreen(search: "{\"param\": \"nameStartsWith\", \"minLength\": \(value)}"),
          script: "search iron\n"),
        screen("version \(name)", listScreen(version: value)),
        screen(
          "list limit \(name)", listScreen(),
          target: Array(
            String(decoding: target, as: UTF8.self).replacingOccurrences(
              of: "\"limit\": 20", with: "\"limit\": \(value)"
            ).utf8), script: "open 1\n"),
      ]
    }
    probes += [
      screen("truncate:Int.max", listScreen(row: "{\"title\": \"{name|truncate:\(max)}\"}")),
      screen("truncate:-1", listScreen(row: "{\"title\": \"{name|truncate:-1}\"}")),
      screen("prefix:huge", listScreen(row: "{\"title\": \"{name|prefix:99999999999999999999}\"}")),
      screen("number:huge", listScreen(row: "{\"title\": \"{name|number:99999999999999999999}\"}")),
      screen(
        "number:20, plural and date of every kind of field",
        listScreen(
          row:
            #"{"title": "{name|number:20} {id|number:20|plural:\"x\"} {comics.available|date} {name|date}", "subtitle": "{modified|date|number:2}"}"#
        )),
      screen(
        "plural words with escapes",
        listScreen(row: "{\"title\": \(q("{comics.available|plural:\"" + escape + "\",\"" + escape + "\"}"))}")),
      screen(
        "detail header, label and total templates of data", listScreen(),
        target: Array(
          #"{"kind": "detail", "title": "{name}", "source": {"plugin": "marvel", "resource": "character", "params": {"id": "{params.id}"}}, "sections": [{"type": "text", "header": "{description}", "value": "{missing}"}, {"type": "fields", "header": "{name|upper}", "fields": [{"label": "{description}", "value": "{name}"}]}, {"type": "image", "label": "{description}", "value": "{missing}"}, {"type": "list", "header": "{comics.available|plural:\"comic\"}", "items": "comics.items", "row": "{name}", "limit": 1, "total": "{description}"}]}"#
            .utf8), script: "open 1\nopen 2\n"),
      screen("10k nested arrays in a key", listScreen(extra: ", \"$comment\": \(H.nestedArrays(10_000))")),
      screen("10k nested objects in an unknown key", listScreen(extra: ", \"x\": \(H.nestedObjects(10_000))")),
      screen("100k nested arrays as the file", Array(H.nestedArrays(100_000).utf8)),
      screen("1 MB title", listScreen(title: q(H.word(H.megabyte)))),
      screen("1 MB key", listScreen(extra: ", \(q(H.word(H.megabyte))): 1")),
      screen(
        "100k fields in one template", listScreen(row: "{\"title\": \(q(String(repeating: "{name}", count: 100_000)))}")
      ),
      screen("100k braces in one template", listScreen(title: q(String(repeating: "{{", count: 100_000)))),
      screen(
        "select target a FIFO", listScreen(select: "{\"screen\": \"fifo.json\", \"params\": {\"id\": \"{id}\"}}"),
        script: "open 1\n", prepare: makeFIFO("fifo.json")),
      screen(
        "select target a symlink loop",
        listScreen(select: "{\"screen\": \"loop.json\", \"params\": {\"id\": \"{id}\"}}"),
        prepare: makeLoop("loop.json")),
      screen(
        "select target /dev/null", listScreen(select: "{\"screen\": \"/dev/null\", \"params\": {\"id\": \"{id}\"}}")),
      screen(
        "select target /dev/zero", listScreen(select: "{\"screen\": \"/dev/zero\", \"params\": {\"id\": \"{id}\"}}")),
      Probe(.screens, "screen a FIFO", ["{dir}/fifo.json"], prepare: makeFIFO("fifo.json")),
      Probe(.screens, "--check a FIFO", ["--check", "{dir}/fifo.json"], plain: true, prepare: makeFIFO("fifo.json")),
      Probe(.screens, "screen /dev/null", ["/dev/null"]),
      Probe(.screens, "screen /dev/zero", ["/dev/zero"]),
      Probe(.screens, "screen a directory", ["{dir}"]),
      Probe(.screens, "screen a symlink loop", ["{dir}/loop.json"], prepare: makeLoop("loop.json")),
      Probe(
        .screens, "screen named with escapes, broken", ["{dir}/\(escape).json"],
        files: ["\(escape).json": Array("{".utf8)]),
      Probe(
        .screens, "--check of titles with escapes", ["--check", "{dir}/a.json"],
        files: ["a.json": listScreen(title: all, plugin: q(escape))], plain: true),
    ]
    return probes
  }

  // MARK: - A damaged cache

  static var cache: [Probe] {
    /// 200 with an ETag, and 304 to a request that names it.
    let cached: Probe.Answer = { request in
      if request.header("If-None-Match") != nil {
        return .http("304 Not Modified", headers: [("ETag", "\"v1\"")], body: [])
      }
      return .json(Marvel.body(), headers: [("ETag", "\"v1\"")])
    }
    let escapes = Hostile.everything
    func damaged(_ name: String, _ damage: @escaping @Sendable (URL) throws -> Void) -> Probe {
      Probe(.cache, name, Marvel.list, answer: cached, damageCache: { folder in try eachFile(in: folder, damage) })
    }
    func folder(_ name: String, _ damage: @escaping @Sendable (URL) throws -> Void) -> Probe {
      Probe(.cache, name, Marvel.list, answer: cached, damageCache: damage)
    }
    @Sendable func write(_ bytes: [UInt8]) -> @Sendable (URL) throws -> Void {
      { try Data(bytes).write(to: $0) }
    }
    return [
      damaged("every file emptied", write([])),
      damaged("every file garbage", write((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) })),
      damaged("every file escapes", write(Array(escapes.utf8))),
      damaged("every file 16 MB", write(Array(repeating: UInt8(ascii: "x"), count: 16 << 20))),
      damaged(
        "every file cut in half",
        { url in
          let data = try Data(contentsOf: url)
          try data.prefix(data.count / 2).write(to: url)
        }),
      damaged(
        "one byte flipped",
        { url in
          var data = try Data(contentsOf: url)
          if !data.isEmpty { data[data.count / 2] ^= 0xFF }
          try data.write(to: url)
        }),
      damaged(
        "the name swapped for escapes",
        { url in
          let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
          try Data(text.replacingOccurrences(of: "Iron Man", with: #"\u001b]52;c;eA==\u0007\u009b2J"#).utf8).write(
            to: url)
        }),
      damaged(
        "the ETag swapped for escapes",
        { url in
          let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
          try Data(text.replacingOccurrences(of: "\"v1\"", with: "\"\u{1B}[2J\"").utf8).write(to: url)
        }),
      damaged(
        "every file a directory",
        { url in
          try FileManager.default.removeItem(at: url)
          try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        }),
      damaged(
        "every file a FIFO",
        { url in
          try FileManager.default.removeItem(at: url)
          guard mkfifo(url.path, 0o600) == 0 else { throw SetupError(description: "mkfifo failed") }
        }),
      damaged(
        "every file a symlink loop",
        { url in
          try FileManager.default.removeItem(at: url)
          try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: url.lastPathComponent)
        }),
      damaged(
        "every file a link to /dev/zero",
        { url in
          try FileManager.default.removeItem(at: url)
          try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/dev/zero")
        }),
      damaged(
        "every file a link to /etc/passwd",
        { url in
          try FileManager.default.removeItem(at: url)
          try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/etc/passwd")
        }),
      damaged("every file mode 000", { url in chmod(url.path, 0) }),
      folder(
        "1,000 garbage files beside",
        { folder in
          let http = try httpFolder(folder)
          for index in 0..<1000 {
            try Data("junk \(index)".utf8).write(to: http.appendingPathComponent("junk-\(index)"))
          }
        }),
      folder(
        "files named with escapes beside",
        { folder in
          let http = try httpFolder(folder)
          for (index, (_, text)) in Hostile.escapes.enumerated() where !text.contains("/") && !text.contains("\u{0}") {
            try Data(escapes.utf8).write(to: http.appendingPathComponent("\(index)\(text)"))
          }
        }),
      folder(
        "the http folder a file",
        { folder in
          let http = try httpFolder(folder)
          try FileManager.default.removeItem(at: http)
          try Data("not a folder".utf8).write(to: http)
        }),
      folder(
        "the http folder a FIFO",
        { folder in
          let http = try httpFolder(folder)
          try FileManager.default.removeItem(at: http)
          guard mkfifo(http.path, 0o600) == 0 else { throw SetupError(description: "mkfifo failed") }
        }),
      folder("the http folder mode 000", { folder in chmod(try httpFolder(folder).path, 0) }),
      Probe(
        .cache, "a hostile answer, cached, then a 304", Marvel.list,
        answer: { request in
          if request.header("If-None-Match") != nil {
            return .http("304 Not Modified", headers: [("ETag", "\"v2\"")], body: [])
          }
          return .json(
            Marvel.body(results: "[\(Marvel.character(name: Hostile.q(escapes)))]"), headers: [("ETag", "\"v2\"")])
        }, damageCache: { _ in }),
      Probe(
        .cache, "GitHub, cached, then garbage", GitHub.commits,
        answer: { request in
          if request.header("If-None-Match") != nil {
            return .http("304 Not Modified", headers: [("ETag", "\"g\"")], body: [])
          }
          return .json("[\(GitHub.commit())]", headers: [("ETag", "\"g\"")])
        }, damageCache: { folder in try eachFile(in: folder, write(Array(escapes.utf8))) }),
      Probe(
        .cache, "XDG_CACHE_HOME /dev/null", Marvel.list, answer: cached, environment: ["XDG_CACHE_HOME": "/dev/null"]),
      Probe(.cache, "XDG_CACHE_HOME empty", Marvel.list, answer: cached, environment: ["XDG_CACHE_HOME": ""]),
      Probe(
        .cache, "XDG_CACHE_HOME with escapes", Marvel.list, answer: cached,
        environment: ["XDG_CACHE_HOME": "{dir}/\u{1B}]52;c;eA==\u{07}"]),
      Probe(
        .cache, "XDG_CACHE_HOME 4,000 characters deep", Marvel.list, answer: cached,
        environment: ["XDG_CACHE_HOME": "{dir}/" + String(repeating: "abcdefg/", count: 500)]),
      Probe(
        .cache, "304 to the first request", Marvel.list,
        answer: always(.http("304 Not Modified", headers: [("ETag", "\"v1\"")], body: []))),
    ]
  }

  // MARK: - Helpers

  struct SetupError: Error, CustomStringConvertible {
    var description: String
  }

  /// Makes a FIFO named `name` in the probe's folder.
  static func makeFIFO(_ name: String) -> @Sendable (URL) throws -> Void {
    { folder in
      guard mkfifo(folder.appendingPathComponent(name).path, 0o600) == 0 else {
        throw SetupError(description: "mkfifo failed")
      }
    }
  }

  /// Makes `name` a symbolic link to itself.
  static func makeLoop(_ name: String) -> @Sendable (URL) throws -> Void {
    { folder in
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent(name).path, withDestinationPath: name)
    }
  }

  /// Every regular file below `folder`, given to `body` in turn; none is a setup error, since
  /// the first run was to fill the cache.
  static func eachFile(in folder: URL, _ body: (URL) throws -> Void) throws {
    var files: [URL] = []
    if let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) {
      for case let url as URL in enumerator
      where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
        files.append(url)
      }
    }
    guard !files.isEmpty else { throw SetupError(description: "the first run left no cache file to damage") }
    for file in files { try body(file) }
  }

  /// The folder the cache files are in.
  static func httpFolder(_ folder: URL) throws -> URL {
    var found: URL?
    try eachFile(in: folder) { found = found ?? $0.deletingLastPathComponent() }
    guard let found else { throw SetupError(description: "no cache folder") }
    return found
  }
}
