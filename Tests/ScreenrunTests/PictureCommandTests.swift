import Foundation
import Testing

/// `screenrun SCREEN --once --picture svg|html`: the picture of every shipped screen read by real
/// readers (Python's XML parser, `rsvg-convert` from Debian's librsvg2-bin, and html5lib from
/// Debian's python3-html5lib, strict), with no control character, no script and no link but an
/// http(s) one, the hostile record's included; and the usage errors around the option.
@Suite("Pictures of frames (--picture)")
struct PictureCommandTests {
  /// Every shipped screen with the parameters it needs, and the options of each picture.
  static let screens: [[String]] = [
    ["Screens/characters.json"],
    ["Screens/characters.json", "--width", "120", "--height", "24"],
    ["Screens/characters.json", "--query", "spi", "--ascii"],
    ["Screens/character.json", "--param", "id=1009368"],
    ["Screens/character-comics.json", "--param", "id=1009610", "--param", "name=Spider-Man"],
    ["Screens/characters-table.json"],
    ["Screens/characters-chart.json"],
    ["Screens/repositories.json", "--query", "react"],
    ["Screens/repositories-table.json", "--query", "react"],
    ["Screens/repositories-chart.json"],
    ["Screens/repositories-ranked.json", "--param", "q=stars:>1000", "--param", "sort=stars"],
    ["Screens/github-dashboard.json"],
    ["Screens/characters-ordered.json", "--param", "orderBy=-modified", "--param", "order=the last modified first"],
    ["Screens/marvel-dashboard.json"],
    ["Screens/repository.json", "--param", "repo=facebook/react"],
    ["Screens/commits.json", "--param", "repo=carloscuesta/gitmoji"],
    [
      "Screens/commit.json", "--param", "repo=carloscuesta/gitmoji", "--param",
      "sha=10bed7bcc2ff1460b0fcea046b094fff646e01de",
    ],
    ["Screens/git-log.json"],
    ["Screens/git-commit.json", "--param", "sha=HEAD"],
    ["Plugins/Example/Screens/books.json"],
    ["Plugins/Example/Screens/book.json", "--param", "id=1"],
    ["Plugins/Declared/breweries/Screens/breweries.json", "--plugin-path", "Plugins/Declared/breweries"],
    [
      "Plugins/Declared/breweries/Screens/brewery.json", "--plugin-path", "Plugins/Declared/breweries", "--param",
      "id=anchor-brewing-company-1000",
    ],
    ["Plugins/Declared/hn/Screens/stories.json", "--plugin-path", "Plugins/Declared/hn"],
    ["Plugins/Declared/hn/Screens/story.json", "--plugin-path", "Plugins/Declared/hn", "--param", "id=46201001"],
    ["Plugins/External/planets/Screens/planets.json", "--plugin-path", "Plugins/External/planets"],
    [
      "Plugins/External/planets/Screens/planet.json", "--plugin-path", "Plugins/External/planets", "--param",
      "name=Saturn",
    ],
  ]

  /// Reads each picture file given and prints a JSON line for it: what is wrong with it (an
  /// SVG that is no XML, an HTML page with any parse error, a script, an event handler, a link
  /// that is not http(s)), its links, and for HTML the text of its `<pre>`.
  static let reader = """
    import json, sys
    import xml.etree.ElementTree as ET
    import html5lib
    XLINK = "{http://www.w3.org/1999/xlink}href"
    def local(tag):
        return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""
    for path in sys.argv[1:]:
        problems, links, text = [], [], None
        data = open(path, "rb").read()
        try:
            if path.endswith(".svg"):
                root = ET.fromstring(data)
                if local(root.tag) != "svg":
                    problems.append("the root is " + root.tag)
            else:
                parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
                root = parser.parse(data)
                pre = root.find(".//pre")
                text = "".join(pre.itertext()) if pre is not None else None
        except Exception as error:
            print(json.dumps({"file": path, "problems": ["not parsed: " + str(error)], "links": [], "text": None}))
            continue
        for element in root.iter():
            name = local(element.tag)
            if name in ("script", "foreignObject", "iframe", "object", "embed"):
                problems.append("an element " + name)
            for key, value in element.attrib.items():
                if local(key).lower().startswith("on"):
                    problems.append("an event handler " + key)
                if local(key) == "href" or key == XLINK:
                    if name != "a" or not value.lower().startswith(("http://", "https://")):
                        problems.append("a link to " + value)
                    links.append(value)
        print(json.dumps({"file": path, "problems": problems, "links": links, "text": text}))
    """

  struct Verdict: Decodable {
    var file: String
    var problems: [String]
    var links: [String]
    var text: String?
  }

  /// The Python with Debian's html5lib: Debian's own (a python3 earlier on PATH, such as one of
  /// pyenv, does not see Debian's packages).
  static var python: URL {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
      ? URL(fileURLWithPath: "/usr/bin/python3") : URL(fileURLWithPath: "/usr/bin/env")
  }

  static func read(_ files: [URL]) async throws -> [String: Verdict] {
    let arguments = (python.path == "/usr/bin/env" ? ["python3"] : []) + ["-c", reader] + files.map(\.path)
    let result = try await ProcessRunner.run(python, arguments: arguments, timeout: .seconds(120))
    guard result.exitCode == 0 else {
      Issue.record(
        "the picture reader failed; install python3-html5lib (apt-get install -y python3-html5lib):\n\(result)")
      return [:]
    }
    var verdicts: [String: Verdict] = [:]
    for line in result.stdoutLines {
      let verdict = try JSONDecoder().decode(Verdict.self, from: Data(line.utf8))
      verdicts[verdict.file] = verdict
    }
    return verdicts
  }

  /// `rsvg-convert` draws the SVG as a PNG, with nothing on stderr.
  static func render(_ svg: URL) async throws -> ProcessResult {
    try await ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      arguments: ["rsvg-convert", "--format", "png", "--output", svg.path + ".png", svg.path], timeout: .seconds(60))
  }

  /// The characters of `text` that no picture holds from data: a control character but the
  /// newline of its own markup, DEL, C1, a bidirectional control, a noncharacter.
  static func refused(_ text: String) -> [String] {
    text.unicodeScalars.filter { scalar in
      let value = scalar.value
      return (value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(value) || value == 0x061C
        || value == 0x200E || value == 0x200F || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
  }

  /// A line without its trailing spaces.
  static func trimmed(_ line: Substring) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return String(line)
  }

  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "screenrun-pictures-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("the table above names every shipped screen: Screens/*.json and the plugins' Screens folders")
  func everyScreen() throws {
    let root = Screenrun.repositoryRoot
    var shipped = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Screens").path)
      .filter { $0.hasSuffix(".json") }.map { "Screens/" + $0 }
    let plugins = FileManager.default.enumerator(atPath: root.appendingPathComponent("Plugins").path)
    while let path = plugins?.nextObject() as? String {
      if path.hasSuffix(".json"), path.split(separator: "/").dropLast().last == "Screens" {
        shipped.append("Plugins/" + path)
      }
    }
    #expect(shipped.count > 10, "\(shipped)")
    #expect(Set(shipped).subtracting(Self.screens.map { $0[0] }).isEmpty, "add these screens to the table")
  }

  @Test(
    "every shipped screen's SVG parses as XML and renders with rsvg-convert, and its HTML parses with html5lib",
    .timeLimit(.minutes(5)))
  func shippedScreens() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [URL] = []
    var texts: [URL: String] = [:]
    for (number, arguments) in Self.screens.enumerated() {
      let once = try await Screenrun.run(arguments + ["--once"])
      #expect(once.exitCode == 0, "\(arguments): \(once)")
      for format in ["svg", "html"] {
        let result = try await Screenrun.run(arguments + ["--once", "--picture", format])
        #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(arguments) \(format): \(result)")
        #expect(Self.refused(result.standardOutput).isEmpty, "\(arguments) \(format)")
        let file = folder.appendingPathComponent("\(number).\(format)")
        try result.stdout.write(to: file)
        files.append(file)
        texts[file] = once.standardOutput
      }
    }
    let verdicts = try await Self.read(files)
    for file in files {
      guard let verdict = verdicts[file.path] else {
        Issue.record("no verdict on \(file.lastPathComponent)")
        continue
      }
      #expect(verdict.problems.isEmpty, "\(file.lastPathComponent): \(verdict.problems)")
      if file.pathExtension == "html", let once = texts[file] {
        // The page's text is the frame's, lines cut to the width as the interactive mode cuts
        // them, and the selection's bar of spaces aside.
        let shown = (verdict.text ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(Self.trimmed)
        let lines = once.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(shown.count == lines.count, "\(file.lastPathComponent): \(shown.count) lines, not \(lines.count)")
        for (line, drawn) in zip(lines, shown) where !line.hasPrefix("http") {
          #expect(drawn == Self.trimmed(line[...]), "\(file.lastPathComponent)")
        }
      }
    }
    for file in files where file.pathExtension == "svg" {
      let result = try await Self.render(file)
      #expect(result.exitCode == 0, "rsvg-convert \(file.lastPathComponent): \(result)")
      #expect(result.standardError.isEmpty, "rsvg-convert \(file.lastPathComponent): \(result.standardError)")
      let png = try Data(contentsOf: URL(fileURLWithPath: file.path + ".png"))
      #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "no PNG from \(file.lastPathComponent)")
    }
  }

  /// Records made to break a picture: markup, a CDATA end, quotes, escapes, controls,
  /// noncharacters, and links to `javascript:` and to an http URL with `&` and `'` in it.
  static let hostileSample = #"""
    [{"id": "1",
      "name": "<script>alert(\"x\")</script> ]]> \"double\" 'single' &amp; \u001b[31mred\u0007 \u0085\u009b2J \u007f \ufffe\uffff\ufdd0 \u202eevil\u202c 漢字👍",
      "note": "javascript:alert(document.cookie) https://example.com/a?b=1&c='d' https://evil.example/\"><script>alert(1)</script>"},
     {"id": "2", "name": "<img src=x onerror=alert(1)>", "note": "<a href=\"javascript:alert(2)\">x</a> data:text/html,<b>"}]
    """#

  /// A list screen of the `hostile` plugin (`RecordOutputHostileTests.plugin`).
  static let hostileScreen = """
    {"version": 1, "kind": "list", "title": "Items <b>&amp;</b>", "source": {"plugin": "hostile", "resource": "items"},
     "search": {"param": "q"}, "row": {"title": "{name}", "subtitle": "{note}"}}
    """

  @Test("a hostile record: its markup is text, no control character is written, only its http(s) URL is a link")
  func hostile() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (plugins, screen) = try RecordOutputHostileTests.plugin(sample: Self.hostileSample, screen: Self.hostileScreen)
    defer { try? FileManager.default.removeItem(at: plugins.deletingLastPathComponent()) }
    var files: [URL] = []
    for format in ["svg", "html"] {
      let result = try await Screenrun.run(
        [screen, "--plugin-path", plugins.path, "--no-user-plugins", "--once", "--width", "200", "--picture", format])
      #expect(result.exitCode == 0, "\(result)")
      #expect(Self.refused(result.standardOutput).isEmpty, "\(format): \(Self.refused(result.standardOutput))")
      #expect(!result.standardOutput.contains("<script"), "\(format)")
      #expect(!result.standardOutput.contains("<img"), "\(format)")
      #expect(!result.standardOutput.contains("]]>"), "\(format)")
      #expect(result.standardOutput.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; ]]&gt;"), "\(format)")
      #expect(result.standardOutput.contains("javascript:alert(document.cookie)"), "shown as text: \(format)")
      let file = folder.appendingPathComponent("hostile.\(format)")
      try result.stdout.write(to: file)
      files.append(file)
    }
    let verdicts = try await Self.read(files)
    for file in files {
      let verdict = try #require(verdicts[file.path])
      #expect(verdict.problems.isEmpty, "\(file.lastPathComponent): \(verdict.problems)")
      // The closing quote is trailing punctuation, left out of the URL (as in a terminal).
      #expect(verdict.links.contains("https://example.com/a?b=1&c='d"), "\(file.lastPathComponent): \(verdict.links)")
      #expect(verdict.links.allSatisfy { $0.hasPrefix("https://") }, "\(verdict.links)")
    }
    let render = try await Self.render(files[0])
    #expect(render.exitCode == 0 && render.standardError.isEmpty, "\(render)")
  }

  @Test("--picture goes with --once only: without it, with --output, --script or --explain, one clear line")
  func usage() async throws {
    let cases: [([String], String)] = [
      (
        ["Screens/characters.json", "--picture", "svg"],
        "screenrun: error: --picture goes with --once: add --once to write the first frame as a picture"
      ),
      (
        ["Screens/characters.json", "--picture", "svg", "--output", "json"],
        "screenrun: error: --picture does not go with --output, which prints records instead of frames"
      ),
      (
        ["Screens/characters.json", "--once", "--picture", "svg", "--script", "x"],
        "screenrun: error: --script does not go with --picture, which draws the one frame of --once"
      ),
      (
        ["Screens/characters.json", "--once", "--picture", "png"],
        "screenrun: error: --picture takes svg or html, not 'png'"
      ),
      (
        ["Screens/characters.json", "--once", "--height", "7"],
        "screenrun: error: --height takes a number of lines from 8 to 1000, not '7'"
      ),
    ]
    for (arguments, first) in cases {
      let result = try await Screenrun.run(arguments)
      #expect(result.exitCode == 2, "\(arguments): \(result)")
      #expect(result.stdout.isEmpty, "\(arguments)")
      #expect(result.stderrLines.first == first, "\(arguments): \(result.standardError)")
    }
  }

  @Test("--height draws the frame a terminal of that many lines shows, and the picture is that tall")
  func height() async throws {
    let text = try await Screenrun.run(["Screens/characters.json", "--once", "--width", "60", "--height", "12"])
    #expect(text.exitCode == 0 && text.stdoutLines.count == 12, "\(text)")
    let picture = try await Screenrun.run(
      ["Screens/characters.json", "--once", "--width", "60", "--height", "12", "--picture", "svg"])
    #expect(picture.standardOutput.contains(#"width="528" height="240""#), "\(picture.standardOutput.prefix(400))")
  }
}

/// `screenrun test --pictures DIR`: each frame of each transcript as an SVG beside the others.
@Suite("Pictures of screen tests (test --pictures)")
struct TestPicturesTests {
  /// A folder holding `search.screentest` (three frames) on the shipped characters screen.
  static func tests() throws -> URL {
    let folder = try PictureCommandTests.folder()
    let screen = Screenrun.repositoryRoot.appendingPathComponent("Screens/characters.json").path
    try """
    screen: \(screen)
    width: 60
    height: 12
    $ search iron
    $ key Down
    """.write(to: folder.appendingPathComponent("search.screentest"), atomically: true, encoding: .utf8)
    return folder
  }

  @Test("each frame is NAME-N.svg, N from 1 for the start; the start's is what --once --picture draws")
  func frames() async throws {
    let folder = try Self.tests()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pictures = folder.appendingPathComponent("pictures/made")
    let result = try await Screenrun.run(["test", folder.path, "--pictures", pictures.path])
    #expect(result.exitCode == 1, "a new test: \(result)")
    let names = try FileManager.default.contentsOfDirectory(atPath: pictures.path).sorted()
    #expect(names == ["search-1.svg", "search-2.svg", "search-3.svg"], "\(names)")
    let once = try await Screenrun.run(
      ["Screens/characters.json", "--once", "--width", "60", "--height", "12", "--picture", "svg"])
    #expect(try Data(contentsOf: pictures.appendingPathComponent("search-1.svg")) == once.stdout)
    let files = names.map { pictures.appendingPathComponent($0) }
    let verdicts = try await PictureCommandTests.read(files)
    for file in files {
      #expect(
        verdicts[file.path]?.problems == [], "\(file.lastPathComponent): \(String(describing: verdicts[file.path]))")
    }
    let searched = try String(contentsOf: files[1], encoding: .utf8)
    #expect(searched.contains(#"class="b y r" textLength="33.6" lengthAdjust="spacingAndGlyphs">Iron<"#), "the match")
    let moved = try String(contentsOf: files[2], encoding: .utf8)
    #expect(moved != searched, "the selection moved")
  }

  @Test("two tests of one name, --accept, or a file for the folder: a usage error, and nothing written")
  func refused() async throws {
    let folder = try Self.tests()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("b"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("search.screentest"), to: folder.appendingPathComponent("b/search.screentest"))
    let pictures = folder.appendingPathComponent("pictures")
    let twice = try await Screenrun.run(["test", folder.path, "--pictures", pictures.path])
    #expect(twice.exitCode == 2, "\(twice)")
    #expect(twice.standardError.contains("would both write search-1.svg"), "\(twice)")
    #expect(!FileManager.default.fileExists(atPath: pictures.path))
    let accept = try await Screenrun.run(["test", "--accept", folder.path, "--pictures", pictures.path])
    #expect(accept.exitCode == 2 && accept.standardError.contains("--pictures does not go with --accept"), "\(accept)")
    let file = folder.appendingPathComponent("search.screentest").path
    let notFolder = try await Screenrun.run(["test", file, "--pictures", file])
    #expect(notFolder.exitCode == 2 && notFolder.standardError.contains("is not a folder"), "\(notFolder)")
  }
}
