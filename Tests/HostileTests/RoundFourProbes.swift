import Foundation
import ReplayServer

/// Probes of the data a screen reads and writes, one hostile input at a time: a chart's values
/// and sizes, every filter on values of the wrong type, dates and URLs no API sends, the numbers
/// and strings of a screen file, templates that chain, nest and never close, screens that open
/// themselves, and the records `--output` prints of all that. Their names start with `r4:`
/// (`HOSTILE_ONLY=r4:` runs only these).
enum RoundFourProbes {
  static var all: [Probe] { chart + filters + screenFiles + templates + loops + output + sizes }

  // MARK: - Sizes from the environment

  /// COLUMNS and LINES that no terminal reports, which screenrun must not take for a size: the
  /// frame of `--once` and of a script keeps the width it was given.
  static var sizes: [Probe] {
    let values = ["0", "1", "19", "10000", "2147483648", "-1", "abc", "9223372036854775808", "\u{1B}[2J"]
    return values.flatMap { value in
      [
        Probe(
          .arguments, "r4: sizes: COLUMNS and LINES \(value.prefix(20))", Marvel.list,
          environment: ["COLUMNS": value, "LINES": value]),
        Probe.script(
          .arguments, "r4: sizes: COLUMNS \(value.prefix(20)) in a script, at 20 columns", Marvel.list,
          "search spi\nnext\n", width: 20, environment: ["COLUMNS": value, "LINES": value]),
      ]
    }
  }

  private typealias H = Hostile
  private static func q(_ text: String) -> String { Hostile.q(text) }

  // MARK: - The chart kind

  /// A chart of repositories by the field `v`, which the probes fill with hostile values.
  static let chartScreen = Array(
    #"""
    {"kind": "chart", "title": "Chart {query}",
     "source": {"plugin": "github", "resource": "repositories"},
     "search": {"param": "q"},
     "bars": {"label": "{full_name}", "value": "v", "labelHeader": "Repository", "valueHeader": "V"}}
    """#.utf8)

  /// A search answer of one repository a value of `v` each.
  static func bars(_ values: [String], total: Int? = nil, label: (Int) -> String = { "r\($0)" }) -> String {
    let items = values.enumerated().map { index, value in #"{"full_name": \#(q(label(index))), "v": \#(value)}"# }
    return GitHub.searchBody(items: "[\(items.joined(separator: ","))]", totalCount: String(total ?? values.count))
  }

  static var chart: [Probe] {
    func probe(
      _ group: ProbeClass, _ name: String, width: Int = 80, _ body: @autoclosure @escaping @Sendable () -> String
    )
      -> Probe
    {
      Probe(
        group, "r4: chart: \(name)", ["{dir}/chart.json", "--query", "x"], width: width, answer: json(body()),
        files: ["chart.json": chartScreen])
    }
    let strange = [
      "\"NaN\"", "\"inf\"", "\"-Infinity\"", "\"1e999\"", "1e308", "-1e308", "18446744073709551616", "-0.0", "5e-324",
      "null", "[]", "{}", "true", "\"12\"", "\"1e\"", "\"١٢\"", "123456789012345678901234567890",
    ]
    return [
      probe(.numbers, "values NaN, inf, huge, negative, of every type", bars(strange)),
      probe(.numbers, "values NaN, inf, huge, negative, at 20 columns", width: 20, bars(strange)),
      probe(.numbers, "values NaN, inf, huge, negative, at 1000 columns", width: 1000, bars(strange)),
      probe(.numbers, "every value equal", bars(Array(repeating: "5", count: 40))),
      probe(.numbers, "every value zero", bars(Array(repeating: "0", count: 40))),
      probe(.numbers, "every value negative", bars((1...40).map { "-\($0)" })),
      probe(.numbers, "one point", bars(["7"])),
      probe(.numbers, "one point, the largest double", bars(["1.7976931348623157e308"])),
      probe(.numbers, "the smallest double beside the largest", bars(["5e-324", "1.7976931348623157e308"])),
      probe(.size, "20,000 points", bars((0..<20_000).map { String($0 % 977) })),
      probe(.size, "a label of 1 MB", bars(["1", "2"], label: { $0 == 0 ? H.word(H.megabyte) : "b" })),
      probe(
        .size, "a label of 1 MB, at 1000 columns", width: 1000,
        bars(["1", "2"], label: { $0 == 0 ? H.word(H.megabyte) : "b" })),
      probe(
        .size, "a label of 100,000 wide characters",
        bars(["1"], label: { _ in String(repeating: "漢", count: 100_000) })),
      probe(.escapes, "escapes in a label and a value", bars([q(H.everything)], label: { _ in H.everything })),
      probe(.size, "a value of 100,000 digits", bars([String(repeating: "9", count: 100_000)])),
    ]
  }

  // MARK: - Every filter on values of the wrong type

  /// A detail screen of one repository that shows its member `v` through every filter, as an
  /// image, and as a list section's items and total.
  static let filtersScreen = Array(
    #"""
    {"kind": "detail", "title": "{full_name}",
     "source": {"plugin": "github", "resource": "repository", "params": {"repo": "{params.repo}"}},
     "sections": [
       {"type": "fields", "fields": [
         {"label": "raw", "value": "{v}"}, {"label": "date", "value": "{v|date|default:\"?\"}"},
         {"label": "number", "value": "{v|number}"}, {"label": "number:20", "value": "{v|number:20}"},
         {"label": "plural", "value": "{v|plural:\"x\",\"y\"}"}, {"label": "truncate", "value": "{v|truncate:3}"},
         {"label": "prefix", "value": "{v|prefix:2}"}, {"label": "upper", "value": "{v|upper|lower}"},
         {"label": "firstline", "value": "{v|firstline|trim}"}, {"label": "or", "value": "{v.0.a|or:v.x}"},
         {"label": "url", "value": "{html_url}"}]},
       {"type": "image", "value": "{v}"},
       {"type": "text", "value": "{html_url} {v}"},
       {"type": "list", "header": "Items", "items": "v", "row": "{.}", "limit": 3, "total": "{v}"}]}
    """#.utf8)

  static var filters: [Probe] {
    func probe(_ group: ProbeClass, _ name: String, _ value: String, url: String = q("https://github.com/o/r")) -> Probe
    {
      Probe(
        group, "r4: filters: \(name)", ["{dir}/filters.json", "--param", "repo=o/r"],
        answer: json(#"{"full_name": "o/r", "v": \#(value), "html_url": \#(url)}"#),
        files: ["filters.json": filtersScreen])
    }
    var probes: [Probe] = []
    for (name, value) in [
      ("the year 99999", "\"99999-01-01T00:00:00Z\""), ("the year +275760", "\"+275760-09-13T00:00:00Z\""),
      ("month 13, hour 99", "\"2016-13-45T99:99:99Z\""), ("the year 0", "\"0000-01-01\""),
      ("a Unix time past 9999", "253402300800"), ("a Unix time before year 1", "-62135596801"),
      ("a Unix time of 1e308", "1e308"), ("a Unix time of Int.min", "-9223372036854775808"),
      ("a Unix time of 20 digits as text", "\"99999999999999999999\""),
    ] {
      probes.append(probe(.numbers, "date: \(name)", value))
    }
    for (name, value) in [
      ("2^64", "18446744073709551616"), ("-0", "-0.0"), ("5e-324", "5e-324"), ("1e308", "1e308"),
      ("\"NaN\"", "\"NaN\""), ("\"Infinity\"", "\"Infinity\""),
      ("\"1e99999999999999999999\"", "\"1e99999999999999999999\""),
      ("fullwidth digits", "\"１２３\""), ("a number of 10,000 digits", String(repeating: "7", count: 10_000)),
      ("a text of 10,000 digits", q(String(repeating: "7", count: 10_000))),
    ] {
      probes.append(probe(.numbers, "number: \(name)", value))
    }
    for (name, value) in [
      ("null", "null"), ("an empty array", "[]"), ("an object", #"{"0": {"a": 1}}"#), ("nested arrays", "[[[1]], [2]]"),
      ("100,000 items", "[" + Array(repeating: "1", count: 100_000).joined(separator: ",") + "]"),
      ("100,000 objects", "[" + Array(repeating: #"{"a": "x"}"#, count: 100_000).joined(separator: ",") + "]"),
    ] {
      probes.append(probe(.shapes, "shape: \(name)", value))
    }
    for (name, url) in [
      ("javascript:", "javascript:alert(1)"), ("file:", "file:///etc/passwd"),
      ("userinfo", "https://github.com@evil.example/x"), ("an IDN", "https://xn--80ak6aa92e.com/пример"),
      ("bidi in the host", "https://evil\u{202E}moc.example/"), ("data:", "data:text/html,<script>alert(1)</script>"),
      ("2 MB", "https://example.com/" + H.word(2 * H.megabyte)), ("a space", "https://exa mple.com/"),
    ] {
      probes.append(probe(.links, "url: \(name)", q("x"), url: q(url)))
    }
    return probes
  }

  // MARK: - Screen files

  /// The search screen with `value` (JSON text) at `key` of the object `parent` names.
  static func listScreen(_ parent: String?, _ key: String, _ value: String) -> [UInt8] {
    var members: [String: String] = [
      "kind": q("list"), "title": q("T"),
      "source": #"{"plugin": "github", "resource": "repositories"}"#,
    ]
    var search = [("param", q("q")), ("debounceMs", "500"), ("minLength", "0")]
    var paging = [("pageSize", "30"), ("prefetch", "5")]
    var row = [("title", q("{full_name}")), ("subtitle", q("{description}"))]
    func set(_ pairs: inout [(String, String)]) {
      pairs.removeAll { $0.0 == key }
      pairs.append((key, value))
    }
    switch parent {
    case "search": set(&search)
    case "paging": set(&paging)
    case "row": set(&row)
    default: members[key] = value
    }
    func object(_ pairs: [(String, String)]) -> String {
      "{" + pairs.map { "\(q($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }
    members["search"] = object(search)
    members["paging"] = object(paging)
    members["row"] = object(row)
    return Array(object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }).utf8)
  }

  static var screenFiles: [Probe] {
    var probes: [Probe] = []
    let numbers = ["0", "-1", "9223372036854775808", "1e308", "0.5", "-0.0"]
    for (parent, key) in [
      ("paging", "pageSize"), ("paging", "prefetch"), ("search", "debounceMs"), ("search", "minLength"),
    ] {
      for value in numbers {
        probes.append(
          Probe.script(
            .screens, "r4: screen: \(parent).\(key) \(value)", ["{dir}/s.json"], "search swift\nnext\n",
            answer: json(GitHub.searchBody())
          ).with(files: ["s.json": listScreen(parent, key, value)]))
      }
    }
    for (name, value) in [
      ("empty", "\"\""), ("1 MB", H.megabyteWordJSON), ("NUL, ESC and bidi", q("a\u{0}b\u{1B}[2Jc\u{202E}d")),
      ("1 MB of braces", q(String(repeating: "{{", count: H.megabyte / 2))),
    ] {
      for (parent, key) in [(nil, "title"), ("row", "title"), ("search", "placeholder"), (nil, "empty")] {
        probes.append(
          Probe(
            .screens, "r4: screen: \(parent.map { "\($0)." } ?? "")\(key) \(name)", ["{dir}/s.json", "--query", "x"],
            answer: json(GitHub.searchBody(items: "[]", totalCount: "0"))
          ).with(files: ["s.json": listScreen(parent, key, value)]))
      }
    }
    // Unknown and duplicate keys, and nesting past the limit.
    probes += [
      Probe(
        .screens, "r4: screen: a key given twice, 10,000 times", ["--check", "{dir}/s.json"],
        files: [
          "s.json": Array(
            ("{" + String(repeating: #""title": "x", "#, count: 10_000)
              + #""kind": "list", "source": {"plugin": "github", "resource": "repositories"}, "row": {"title": "{a}"}}"#)
              .utf8)
        ], plain: true),
      Probe(
        .screens, "r4: screen: 10,000 unknown keys", ["--check", "{dir}/s.json"],
        files: ["s.json": Array(("{" + (0..<10_000).map { #""k\#($0)": 1"# }.joined(separator: ",") + "}").utf8)],
        plain: true),
      Probe(
        .screens, "r4: screen: params nested 2,000 deep", ["--check", "{dir}/s.json"],
        files: [
          "s.json": Array(
            #"{"kind": "list", "title": "T", "source": {"plugin": "github", "resource": "repositories", "params": {"q": \#(H.nestedObjects(2_000))}}, "row": {"title": "{a}"}}"#
              .utf8)
        ], plain: true),
    ]
    return probes
  }

  // MARK: - Templates

  static var templates: [Probe] {
    let cases: [(String, String)] = [
      ("truncate:Int.max", "{full_name|truncate:9223372036854775807}"),
      ("truncate past Int.max", "{full_name|truncate:99999999999999999999}"),
      ("prefix:Int.max", "{full_name|prefix:9223372036854775807}"),
      ("5,000 filters", "{full_name|" + Array(repeating: "upper", count: 5_000).joined(separator: "|") + "}"),
      ("1,000 default filters", "{x|" + Array(repeating: #"default:"{{""#, count: 1_000).joined(separator: "|") + "}"),
      ("1,000 open braces", String(repeating: "{", count: 1_000)),
      ("1,000 close braces", String(repeating: "}", count: 1_000)),
      ("an unclosed brace after 100 KB", H.word(100_000) + "{full_name"),
      ("an unclosed quote in a filter", #"{full_name|default:"never closed}"#),
      ("a filter on a missing field", #"{no.such.field|date|number:20|plural:"a","b"|truncate:1|default:"-"}"#),
      ("an empty expression", "{}"),
      ("an expression of one bar", "{|}"),
      ("a path of dots", "{....}"),
      ("10,000 expressions", String(repeating: "{full_name}", count: 10_000)),
    ]
    var probes: [Probe] = []
    for (name, template) in cases {
      let screen = listScreen("row", "subtitle", q(template))
      probes += [
        Probe(
          .screens, "r4: template: \(name), --check", ["--check", "{dir}/s.json"], files: ["s.json": screen],
          plain: true),
        Probe(
          .screens, "r4: template: \(name), a frame", ["{dir}/s.json", "--query", "x"],
          answer: json(GitHub.searchBody()), files: ["s.json": screen]),
      ]
    }
    return probes
  }

  // MARK: - Screens that open themselves

  static let selfList = Array(
    #"""
    {"kind": "list", "title": "Self {params.repo}", "source": {"plugin": "github", "resource": "repositories"},
     "search": {"param": "q"}, "row": {"title": "{full_name}"},
     "select": {"screen": "self.json", "params": {"repo": "{full_name}"}},
     "preview": {"screen": "a.json", "params": {"repo": "{full_name}"}}}
    """#.utf8)

  /// Two detail screens whose links open each other.
  static func pingPong(_ other: String) -> [UInt8] {
    Array(
      #"""
      {"kind": "detail", "title": "{full_name}",
       "source": {"plugin": "github", "resource": "repository", "params": {"repo": "{params.repo}"}},
       "sections": [{"type": "link", "label": "other", "select": {"screen": "\#(other)", "params": {"repo": "{full_name}"}}}]}
      """#.utf8)
  }

  static var loops: [Probe] {
    let files = ["self.json": selfList, "a.json": pingPong("b.json"), "b.json": pingPong("a.json")]
    let repository = GitHub.repository()
    let answer: Probe.Answer = { request in
      request.target.hasPrefix("/search/") ? .json(GitHub.searchBody()) : .json(repository)
    }
    return [
      Probe(
        .links, "r4: loops: --check a list that selects itself", ["--check", "{dir}/self.json"], files: files,
        plain: true),
      Probe(
        .links, "r4: loops: a list opened from itself 300 times",
        ["{dir}/self.json", "--param", "repo=x", "--script", "-"],
        width: 130, stdin: String(repeating: "search swift\nopen 1\n", count: 300), answer: answer, files: files),
      Probe(
        .links, "r4: loops: a opens b opens a, 500 times, then back 500 times",
        ["{dir}/a.json", "--param", "repo=octo/cat", "--script", "-"],
        stdin: String(repeating: "open 1\n", count: 500) + String(repeating: "back\n", count: 500), answer: answer,
        files: files),
    ]
  }

  // MARK: - --output of what breaks each format

  static var output: [Probe] {
    let breakers = GitHub.repository(
      fullName: q("\"a\",\"b\"\r\n=cmd|' /C calc'!A0\t\u{FEFF}x"), description: q("\u{0}\u{2028}\u{85}\\\"\r"),
      language: q(","), stars: "123456789012345678901234567890")
    var probes: [Probe] = []
    for format in ["json", "jsonl", "csv", "tsv"] {
      probes += [
        Probe(
          .escapes, "r4: --output \(format): quotes, separators, line ends, BOM and formulas",
          ["{dir}/chart.json", "--live", "--query", "x", "--output", format],
          answer: json(bars([q("\"1,2\"\r\n"), "-0.0", "1e308"], label: { _ in "=1+1,\"x\"\t\u{FEFF}" })),
          files: ["chart.json": chartScreen], plain: true
        ).records(format),
        Probe(
          .escapes, "r4: --output \(format) of a list: every breaker",
          ["Screens/repositories.json", "--live", "--query", "x", "--output", format],
          answer: json(GitHub.searchBody(items: "[\(breakers)]")), plain: true
        ).records(format),
        Probe(
          .size, "r4: --output \(format): 20,000 records of 1 KB",
          ["{dir}/chart.json", "--live", "--query", "x", "--output", format],
          answer: json(bars((0..<20_000).map(String.init), label: { _ in H.word(1_000) })),
          files: ["chart.json": chartScreen], plain: true
        ).records(format),
        Probe(
          .links, "r4: --output \(format) --pages all: a chart whose every page is the first",
          ["{dir}/chart.json", "--live", "--query", "x", "--output", format, "--pages", "all"],
          answer: json(bars(["1", "2"], total: 5_000)), files: ["chart.json": chartScreen], plain: true
        ).records(format),
      ]
    }
    return probes
  }
}

extension Probe {
  /// The probe with these files written into `{dir}` too.
  func with(files: [String: [UInt8]]) -> Probe {
    var copy = self
    copy.files.merge(files) { _, new in new }
    return copy
  }
}
