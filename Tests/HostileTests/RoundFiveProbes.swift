import Foundation
import ReplayServer

/// Probes of issue 37's items 3 to 7 under the suite's checks (no crash, hang, leak, raw control
/// or overflow): a plugin that echoes the shipped plugins' secrets, listed as plain variables;
/// manifests that cannot work; actions that a key refuses, dry-run; answers that begin late; and
/// redirects to another origin. Their names start with `r5:` (`HOSTILE_ONLY=r5:` runs only these);
/// RoundFiveTests checks what each says. Items 1 and 8 add a server that answers the same page for
/// every offset and pages of millions of tiny records (RoundFivePagingTests checks what they say).
enum RoundFiveProbes {
  static var all: [Probe] { echoed + manifests + actions + lateAnswers + redirects + paging + tinyRecords }

  // MARK: - Item 3: the shipped plugins' secrets, echoed by another plugin

  /// The plugin `test` of PluginProcessTests in `echoenv` mode, listing the shipped plugins'
  /// secret variables as plain names and echoing their values in its records, errors and log;
  /// and its list and detail screens.
  static func echoPlugin(_ folder: URL) throws {
    try PluginProcessTests.Fixture.write(
      "echoenv", tag: "r5", timeout: 5, environment: #"["GITHUB_TOKEN", "MARVEL_PRIVATE_KEY"]"#, into: folder)
  }

  static var echoed: [Probe] {
    let plugins = ["--plugin-path", "{dir}/plugins"]
    let widths = [20, 27, 33, 41, 80]
    return widths.map { width in
      Probe(
        .secrets, "r5: echoed: a frame \(width) wide", ["{dir}/items.json"] + plugins, width: width, prepare: echoPlugin
      )
    } + [
      Probe(
        .secrets, "r5: echoed: a detail screen's error", ["{dir}/item.json", "--param", "id=1"] + plugins,
        prepare: echoPlugin),
      Probe(.secrets, "r5: echoed: --explain", ["{dir}/items.json", "--explain"] + plugins, prepare: echoPlugin)
        .unwrapped(),
      Probe(
        .secrets, "r5: echoed: plugin check", ["plugin", "check", "{dir}/plugins/test"], plain: true,
        prepare: echoPlugin
      )
      .unwrapped(),
      Probe(
        .secrets, "r5: echoed: a script at 24 columns", ["{dir}/items.json", "--script", "-"] + plugins, width: 24,
        stdin: "next\nsearch a\n", prepare: echoPlugin),
      Probe(
        .secrets, "r5: echoed: --output jsonl", ["{dir}/items.json", "--output", "jsonl"] + plugins, plain: true,
        prepare: echoPlugin
      ).records("jsonl"),
    ]
  }

  // MARK: - Item 4: manifests that cannot work

  static var manifests: [Probe] {
    RoundFiveTests.broken.flatMap { broken in
      let files = ["plugin.json": Array(broken.manifest.utf8)]
      return [
        Probe(
          .screens, "r5: manifest: --check \(broken.name)", ["--check", "{dir}/plugin.json"], files: files, plain: true
        )
        .unwrapped(),
        Probe(
          .screens, "r5: manifest: plugin check \(broken.name)", ["plugin", "check", "{dir}"], files: files, plain: true
        )
        .unwrapped(),
      ]
    }
  }

  // MARK: - Item 5: what a key refuses, dry-run

  static var actions: [Probe] {
    let screen = ["repo.json": Array(RoundFiveTests.actionScreen.utf8)]
    let arguments = ["{dir}/repo.json", "--param", "repo=octo/cat", "--script", "-"]
    let records: [(String, String)] = [
      ("a NUL in an argument", GitHub.repository(description: Hostile.q("a\u{0}b"))),
      ("a copy of 56,245 bytes", GitHub.repository(fullName: Hostile.q(String(repeating: "n", count: 56_245)))),
      ("a copy of the token", GitHub.repository(fullName: Hostile.q(Hostile.githubToken))),
      (
        "escapes in both",
        GitHub.repository(fullName: Hostile.q(Hostile.everything), description: Hostile.q(Hostile.everything))
      ),
    ]
    return records.map { name, body in
      Probe(
        .scripts, "r5: dry run: \(name)", arguments, stdin: "key Ctrl-E\nkey Ctrl-Y\n", answer: json(body),
        files: screen)
    }
  }

  // MARK: - Item 6: answers that begin late

  static var lateAnswers: [Probe] {
    // The driver's connect timeout is 2 s and its whole one 3 s.
    [1.0, 2.5, 4.0].map { seconds in
      Probe(
        .transport, "r5: timeouts: the head after \(seconds) s", GitHub.repository,
        answer: always(.json(GitHub.repository(), delivery: .delayed(.milliseconds(Int(seconds * 1000))))))
    }
  }

  // MARK: - Item 7: redirects to another origin

  static var redirects: [Probe] {
    let targets = [
      ("the token in the userinfo", "http://x:\(Hostile.githubToken)@elsewhere.example/repos"),
      ("the private key in the query", "https://elsewhere.example/?k=\(Hostile.marvelPrivateKey)"),
      ("escapes", "http://elsewhere.example/" + Hostile.headerEverything),
      ("no scheme", "//elsewhere.example:8080/x"),
      ("a long one", "http://elsewhere.example/" + String(repeating: "p/", count: 4_000)),
      ("not a URL", "http://[::1/ \u{1B}[2J"),
    ]
    return targets.flatMap { name, target in
      ["301 Moved Permanently", "302 Found", "307 Temporary Redirect", "308 Permanent Redirect"].map { status in
        Probe(
          .links, "r5: redirect: \(status.prefix(3)) \(name)", GitHub.repository,
          answer: always(.http(status, headers: [("Location", target)], body: [])))
      }
    }
  }

  // MARK: - Item 1: the same page for every offset

  /// A Marvel answer of the same 20 characters, whatever offset is asked, under a total of 1,000.
  static var samePage: Probe.Answer {
    json(
      Marvel.body(
        results: "[" + (1...20).map { Marvel.character(id: String($0)) }.joined(separator: ",") + "]", total: "1000",
        count: "20"))
  }

  static var paging: [Probe] {
    let declared = DeclaredProbes.marvel
    return [
      Probe(
        .links, "r5: paging: the same page for every offset, declared, --output jsonl --pages all",
        Marvel.list + declared + ["--output", "jsonl", "--pages", "all"], answer: samePage
      ).records("jsonl"),
      Probe(
        .links, "r5: paging: the same page for every offset, compiled-in, --output tsv --pages all",
        Marvel.list + ["--output", "tsv", "--pages", "all"], answer: samePage
      ).records("tsv"),
      Probe.script(
        .links, "r5: paging: the same page for every offset, declared, in a script", Marvel.list + declared,
        "next\nnext\nnext\n", answer: samePage),
      Probe.script(
        .links, "r5: paging: the same page for every offset, compiled-in, in a script", Marvel.list,
        "next\nnext\nnext\n", answer: samePage),
    ]
  }

  // MARK: - Item 8: millions of tiny records in one page

  static var tinyRecords: [Probe] {
    [
      Probe(
        .size, "r5: size: 7 million tiny records, declared", Marvel.list + DeclaredProbes.marvel,
        answer: json(
          Marvel.body(
            results: "[" + Array(repeating: #"{"a":1}"#, count: 7_000_000).joined(separator: ",") + "]",
            total: "7000000", count: "7000000"))),
      Probe(
        .size, "r5: size: 17 million empty records, compiled-in", ["Screens/repositories.json", "--query", "x"],
        answer: json(
          GitHub.searchBody(
            items: "[" + Array(repeating: "{}", count: 17_000_000).joined(separator: ",") + "]",
            totalCount: "17000000"))),
    ]
  }
}
