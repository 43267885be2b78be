import Foundation
import ScreenRunTesting
import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime
@testable import ScreenTerminal

/// A screen's `actions`: decoded and checked when the screen loads (a key taken by a binding,
/// or typed into a search, is an error with the free keys near it), resolved on the selected
/// record into exactly what would be done, and asked of the session as an effect: the reducer
/// does nothing itself.
@Suite("Screen actions")
struct ActionTests {
  static let evil = "-x; touch pwned $(id) \"q\"\nline two"
  static let records: [JSON] = [
    [
      "id": .int(1), "name": .string("Item 1"), "url": .string("https://example.org/items/1"),
      "clone": .string("git@example.org:items/1.git"), "evil": .string(evil), "ftp": .string("ftp://example.org/1"),
    ],
    ["id": .int(2), "name": .string("Item 2"), "url": .string("https://example.org/items/2")],
  ]

  static func list(actions: String, search: Bool = true) -> String {
    let search = search ? #""search": {"param": "q"}, "# : ""
    return
      #"{"kind": "list", "title": "Items", "source": {"plugin": "books", "resource": "books"}, \#(search)"row": {"title": "{name}"}, "actions": \#(actions)}"#
  }

  static let detail =
    #"{"kind": "detail", "title": "{name}", "source": {"plugin": "books", "resource": "book", "params": {"id": "{params.id}"}}, "sections": [{"type": "text", "value": "{name}"}], "actions": [{"key": "o", "title": "Open", "open": "{url}"}]}"#

  static let standard =
    #"[{"key": "ctrl-o", "title": "Open in browser", "open": "{url}"}, {"key": "ctrl-y", "title": "Copy the clone URL", "copy": "{clone}"}, {"key": "ctrl-g", "title": "Echo", "run": ["echo", "--", "{evil}"], "confirm": true}, {"key": "ctrl-b", "title": "Bad", "run": ["echo", "{evil}"]}, {"key": "ctrl-f", "title": "FTP", "open": "{ftp}"}]"#

  let registry = PluginRegistry([TestPlugins.books(CountingSource(records: ActionTests.records))])

  func problems(_ text: String) throws -> [String] {
    let folder = try ScreenFolder(["screen.json": text])
    return ScreenLoader(registry: registry, kinds: .standard).check([folder.file("screen.json")]).map {
      $0.description.replacingOccurrences(of: folder.path + "/", with: "")
    }
  }

  // MARK: - Decoding

  @Test func decodesActionsAndTheirTemplatesCountAsMembersTheScreenReads() throws {
    let folder = try ScreenFolder(["screen.json": Self.list(actions: Self.standard)])
    let spec = try ScreenLoader(registry: registry, kinds: .standard).load(folder.file("screen.json"))
    #expect(spec.actions.map(\.key) == [.control("o"), .control("y"), .control("g"), .control("b"), .control("f")])
    #expect(spec.actions.map(\.confirm) == [false, false, true, false, false])
    // A list asks its source only for the members its templates read: the actions' too.
    let members = try #require(spec.recordMembers)
    for name in ["name", "url", "clone", "evil", "ftp"] {
      #expect(members.description.contains(name), "\(name) is kept: \(members)")
    }
  }

  @Test func aKeyTakenByABindingIsAnErrorWithTheFreeKeysNearIt() throws {
    let found = try problems(Self.list(actions: #"[{"key": "ctrl-r", "title": "Reload?", "copy": "{name}"}]"#))
    #expect(
      found == [
        "screen.json:1:162: error at /actions/0/key: 'ctrl-r' is taken on a list screen (reload, or retry after an error); "
          + "free keys near it: 'ctrl-q', 'ctrl-s', 'ctrl-o'"
      ], "\(found)")
  }

  @Test func aCharacterTypesIntoTheSearchButIsFreeOnADetailScreen() throws {
    let found = try problems(Self.list(actions: #"[{"key": "o", "title": "Open", "open": "{url}"}]"#))
    #expect(found.count == 1 && found[0].contains("'o' types into the search on this screen"), "\(found)")
    #expect(found.first?.contains("free keys near it: 'ctrl-o', 'ctrl-q', 'ctrl-s'") == true, "\(found)")
    #expect(try problems(Self.detail) == [])
    // On a list with no search, `?` is still the help's.
    let help = try problems(Self.list(actions: #"[{"key": "?", "title": "Open", "open": "{url}"}]"#, search: false))
    #expect(help.count == 1 && help[0].contains("'?' is taken on a list screen"), "\(help)")
  }

  /// Where no search takes letters, a pager's letters are keys of the screen's (issue 39): an
  /// action cannot take them there, as it could before 0.7.0.
  @Test func aPagersLettersAreTakenWhereNoSearchTakesLetters() throws {
    for letter in ["q", "j", "k", "g", "G", "b"] {
      let action = #"[{"key": "\#(letter)", "title": "Open", "open": "{url}"}]"#
      let onDetail = try problems(
        Self.detail.replacingOccurrences(of: #"[{"key": "o", "title": "Open", "open": "{url}"}]"#, with: action))
      #expect(onDetail.count == 1 && onDetail[0].contains("'\(letter)' is taken on a detail screen"), "\(onDetail)")
      let onList = try problems(Self.list(actions: action, search: false))
      #expect(onList.count == 1 && onList[0].contains("'\(letter)' is taken on a list screen"), "\(onList)")
    }
  }

  @Test func everyProblemOfAnActionIsLocated() throws {
    let found = try problems(
      Self.list(
        actions:
          #"[{"key": "ctrl-q", "title": "Two", "open": "{url}", "copy": "{url}"}, {"key": "ctrl-qq", "title": "T", "opn": "{url}"}, {"key": "ctrl-i", "title": "Tab", "copy": "{x}"}, {"key": "ctrl-q", "title": "", "run": ["{name}"]}, {"key": "ctrl-z", "title": "Z", "run": []}]"#
      ))
    let expected = [
      "/actions/0/copy: an action has exactly one of 'open', 'copy' or 'run', and this one has 'open' and 'copy'",
      "/actions/1/key: unknown key 'ctrl-qq'; did you mean 'ctrl-q'?",
      "/actions/1/opn: unknown key 'opn'; did you mean 'open'?",
      "/actions/2/key: 'ctrl-i' reaches screenrun as Tab, which it cannot tell apart",
      "/actions/3/key: 'ctrl-q' is the key of action 0 too",
      "/actions/3/title: 'title' is empty",
      "/actions/3/run/0: the program, argument 1, must be a name or a path written out",
      "/actions/4/key: 'ctrl-z' suspends (Ctrl-Z)",
      "/actions/4/run: 'run' must be an array of arguments",
    ]
    for part in expected {
      #expect(found.contains { $0.contains("error at " + part) }, "\(part) in \(found)")
    }
  }

  @Test("a run waits for a key after its program unless it says \"wait\": false; wait belongs to a run only")
  func aRunWaitsUnlessItSaysNot() throws {
    let folder = try ScreenFolder([
      "screen.json": Self.list(
        actions:
          #"[{"key": "ctrl-g", "title": "Show", "run": ["git", "show"]}, {"key": "ctrl-v", "title": "Edit", "run": ["vi", "--", "{name}"], "wait": false}, {"key": "ctrl-b", "title": "Both", "run": ["true"], "wait": true}]"#
      )
    ])
    let spec = try ScreenLoader(registry: registry, kinds: .standard).load(folder.file("screen.json"))
    let requests = try spec.actions.map { try $0.request(record: Self.records[0], parameters: [:]).get() }
    #expect(
      requests.map(\.what) == [
        .run(arguments: ["git", "show"], wait: true), .run(arguments: ["vi", "--", "Item 1"], wait: false),
        .run(arguments: ["true"], wait: true),
      ])
    // What a script and a screen test show says so.
    #expect(
      requests.map(\.description) == [
        "run git show and wait for a key", "run vi -- 'Item 1'", "run true and wait for a key",
      ])

    let found = try problems(
      Self.list(
        actions:
          #"[{"key": "ctrl-o", "title": "Open", "open": "{url}", "wait": false}, {"key": "ctrl-y", "title": "Copy", "copy": "{url}", "wait": true}, {"key": "ctrl-g", "title": "Run", "run": ["true"], "wait": "yes"}, {"key": "ctrl-v", "title": "Run", "run": ["true"], "wiat": false}]"#
      ))
    let expected = [
      "/actions/0/wait: 'wait' is for a 'run' action, which it makes wait for a key after the program ends; this one has 'open'",
      "/actions/1/wait: 'wait' is for a 'run' action, which it makes wait for a key after the program ends; this one has 'copy'",
      "/actions/2/wait: 'wait' must be true or false, not the string 'yes'",
      "/actions/3/wiat: unknown key 'wiat'; did you mean 'wait'?",
    ]
    for part in expected {
      #expect(found.contains { $0.contains("error at " + part) }, "\(part) in \(found)")
    }
    #expect(found.count == expected.count, "\(found)")
  }

  // MARK: - Requests

  func action(_ key: Character) throws -> ScreenAction {
    let folder = try ScreenFolder(["screen.json": Self.list(actions: Self.standard)])
    let spec = try ScreenLoader(registry: registry, kinds: .standard).load(folder.file("screen.json"))
    return try #require(spec.actions.first { $0.key == .control(key) })
  }

  @Test func eachTemplateIsExactlyOneArgumentWhateverItHolds() throws {
    let request = try action("g").request(record: Self.records[0], parameters: [:])
    #expect(try request.get().what == .run(arguments: ["echo", "--", Self.evil]))
    #expect(
      try request.get().description == #"run echo -- '-x; touch pwned $(id) "q"\nline two' and wait for a key"#,
      "the line shows where each argument begins and ends")
  }

  @Test func aValueThatBeginsWithADashIsRefusedUnlessTheDeclarationPutsDashDashFirst() throws {
    let refused = try action("b").request(record: Self.records[0], parameters: [:])
    guard case .failure(let refusal) = refused else {
      Issue.record("a leading dash ran: \(refused)")
      return
    }
    #expect(refusal.message.hasPrefix("Bad: argument 2 ({evil}) begins with '-'"), "\(refusal.message)")
    #expect(refusal.message.contains("nothing was run"))
  }

  @Test func onlyWebURLsOpenAndAMissingValueSaysSo() throws {
    #expect(
      try action("o").request(record: Self.records[0], parameters: [:]).get().what
        == .open(url: "https://example.org/items/1"))
    #expect(
      try action("f").request(record: Self.records[0], parameters: [:])
        == .failure(ActionRefusal("FTP: only http and https URLs with a host are opened, not ftp://example.org/1")))
    #expect(
      try action("y").request(record: Self.records[1], parameters: [:])
        == .failure(ActionRefusal("Copy the clone URL: there is nothing to copy")))
    #expect(
      try action("y").request(record: nil, parameters: [:])
        == .failure(ActionRefusal("Copy the clone URL: there is no record to act on")))
  }

  @Test func theClipboardSequenceIsBase64AndBounded() throws {
    #expect(TerminalControl.base64(Array("any carnal pleas".utf8)) == "YW55IGNhcm5hbCBwbGVhcw==")
    #expect(TerminalControl.base64(Array("any carnal pleasu".utf8)) == "YW55IGNhcm5hbCBwbGVhc3U=")
    #expect(TerminalControl.base64(Array("any carnal pleasur".utf8)) == "YW55IGNhcm5hbCBwbGVhc3Vy")
    let bytes = TerminalWriter.bytes(of: TerminalText(TerminalControl.clipboard("a\u{1B}b")!))
    #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}]52;c;YRti\u{1B}\\", "the ESC of the text is in base64")
    // The most is 56,244 bytes, whose base64 is 74,992 bytes: within the 74,994 xterm takes.
    #expect(ActionRequest.maximumCopyBytes == 56_244)
    let most = try #require(TerminalControl.clipboard(String(repeating: "x", count: ActionRequest.maximumCopyBytes)))
    let sequence = TerminalWriter.bytes(of: TerminalText(most))
    #expect(sequence.count - "\u{1B}]52;c;\u{1B}\\".utf8.count == 74_992)
    #expect(TerminalControl.base64(Array(repeating: 0x78, count: ActionRequest.maximumCopyBytes + 1)).count > 74_994)
    #expect(TerminalControl.clipboard(String(repeating: "x", count: ActionRequest.maximumCopyBytes + 1)) == nil)
  }

  // MARK: - The app

  @Test func theReducerAsksTheSessionToActAndConfirmsFirstWhenAsked() async throws {
    let folder = try ScreenFolder(["screen.json": Self.list(actions: Self.standard)])
    let store = try AppTestStore(open: folder.file("screen.json"), registry: registry)
    await store.settle()
    let open = ActionRequest(title: "Open in browser", what: .open(url: "https://example.org/items/1"), confirm: false)
    store.send(.key(.control("o")), effects: [.perform(open), .draw])
    let echo = ActionRequest(title: "Echo", what: .run(arguments: ["echo", "--", Self.evil]), confirm: true)
    store.send(.key(.control("g")), effects: [.draw]) { $0.overlay = .confirm(echo) }
    #expect(store.frame.contains("Run this command, with no shell? Its arguments, one a line:"), "\(store.frame)")
    #expect(store.frame.contains(#"[3] '-x; touch pwned $(id) "q"\nline two'"#), "\(store.frame)")
    #expect(store.frame.contains("y does it; any other key cancels."))
    store.send(.key(.character("n")), effects: [.draw]) {
      $0.overlay = .none
      $0.flash = "Echo: cancelled; nothing was done"
    }
    store.send(.key(.control("g")), effects: [.draw]) {
      $0.flash = nil
      $0.overlay = .confirm(echo)
    }
    store.send(.key(.character("y")), effects: [.perform(echo), .draw]) { $0.overlay = .none }
    store.send(.performed("Echo: echo exited with status 0"), effects: [.draw]) {
      $0.flash = "Echo: echo exited with status 0"
    }
    store.send(.key(.down), effects: [.draw]) {
      $0.flash = nil
      $0.reduce(ListKind.self, .moveSelection(to: 1), on: 1)
    }
    store.send(.key(.up), effects: [.draw]) { $0.reduce(ListKind.self, .moveSelection(to: 0), on: 1) }
    // The footer (where it is wide enough) and the help list the actions from the same
    // declarations.
    var wide = store.state
    wide.size.columns = 120
    let footer = wide.frame()?.lines.last ?? ""
    #expect(footer.contains("Ctrl-O open in browser · Ctrl-Y copy the clone URL"), "\(footer)")
    store.send(.key(.control("b")), effects: [.draw]) {
      $0.flash =
        "Bad: argument 2 ({evil}) begins with '-', which the command could take for an option; nothing was run (put \"--\" before it in the screen)"
    }
    store.send(.key(.character("?")), effects: [.draw]) {
      $0.flash = nil
      $0.overlay = .help(top: 0)
    }
    // The help lists the screen's actions after its kind's own keys and before the keys every
    // screen shares (issue 39).
    let help = try #require(store.state.keyHelp).map(\.keys)
    let (moving, action, back) = (
      help.firstIndex(of: "Up, Ctrl-P"), help.firstIndex(of: "Ctrl-Y"), help.firstIndex(of: "Ctrl-C, Ctrl-D")
    )
    #expect(moving != nil && action != nil && back != nil && moving! < action! && action! < back!, "\(help)")
  }
}

extension ActionTests {
  @Test func aMegabyteValueIsOneArgumentAndItsDescriptionIsCapped() throws {
    var record = Self.records[0]
    let huge = String(repeating: "é", count: 1_000_000)
    if case .object(var object) = record {
      object["evil"] = .string(huge)
      record = .object(object)
    }
    let request = try action("g").request(record: record, parameters: [:]).get()
    #expect(request.what == .run(arguments: ["echo", "--", huge]))
    #expect(
      request.description.hasSuffix("… (and 998000 more characters) and wait for a key"),
      "\(request.description.suffix(60))")
    #expect(request.description.count < 2_100)
    let frame = ActionConfirmFrame.frame(request, options: RenderOptions(width: 40, height: 10))
    #expect(frame.lines.count == 10 && frame.lines.allSatisfy { TextWidth.width(of: $0.text) <= 40 })
  }
}

extension ActionTests {
  /// A record's value as the one argument of `run`, with `template` around it.
  func run(_ arguments: [String], value: String) throws -> Result<ActionRequest, ActionRefusal> {
    let json = "[" + arguments.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    let folder = try ScreenFolder(
      ["screen.json": Self.list(actions: #"[{"key": "ctrl-g", "title": "Edit", "run": \#(json)}]"#)])
    let spec = try ScreenLoader(registry: registry, kinds: .standard).load(folder.file("screen.json"))
    return try #require(spec.actions.first).request(record: ["subject": .string(value)], parameters: [:])
  }

  @Test func aValueThatBeginsWithAPlusIsRefusedAsADashIs() throws {
    // vim, less, more, nano and ex run `+cmd`: a commit subject must not become one.
    guard case .failure(let refusal) = try run(["vim", "{subject}"], value: "+!touch /tmp/x/pwned") else {
      Issue.record("a leading plus ran")
      return
    }
    #expect(refusal.message.hasPrefix("Edit: argument 2 ({subject}) begins with '+'"), "\(refusal.message)")
    #expect(throws: ActionRefusal.self) { try run(["vim", "{subject}"], value: "-\u{301}x").get() }
    // The declaration's own plus, and a value after a literal "--", are the author's.
    #expect(try run(["vim", "+{subject}"], value: "12").get().what == .run(arguments: ["vim", "+12"]))
    #expect(try run(["vim", "--", "{subject}"], value: "+x").get().what == .run(arguments: ["vim", "--", "+x"]))
  }

  @Test func onlyAWebURLWithAHostOpensTheSameCheckAsALink() throws {
    for url in ["http:///etc/passwd", "https://@", "http:// x y", "https://x\u{7}y", "https://:80/", "https://[]/"] {
      #expect(!WebURL.isValid(url), "\(url.debugDescription)")
      #expect(!TerminalControl.isLinkable(url), "\(url.debugDescription)")
      #expect(throws: ActionRefusal.self) {
        try ScreenAction(
          key: .control("o"), title: "Open", effect: .open(try Template("{url}")), confirm: false,
          pointer: .root
        ).request(record: ["url": .string(url)], parameters: [:]).get()
      }
    }
    for url in ["https://example.org", "HTTP://user@example.org:8080/a?b#c", "https://[::1]:8080/", "https://a%20b/"] {
      #expect(WebURL.isValid(url), "\(url)")
    }
    #expect(!WebURL.isValid("https://example.org/" + String(repeating: "a", count: WebURL.maximumLength)))
  }

  @Test func aControlCharacterKeyIsRefusedNamingItsCtrlKey() throws {
    let found = try problems(Self.list(actions: #"[{"key": "\u0007", "title": "Bell", "copy": "{name}"}]"#))
    #expect(found.count == 1, "\(found)")
    #expect(
      found.first?.contains("error at /actions/0/key: the key is the control or format character U+0007") == true,
      "\(found)")
    #expect(found.first?.contains(#"write "ctrl-g""#) == true, "\(found)")
    let format = try problems(Self.detail.replacingOccurrences(of: #""key": "o""#, with: #""key": "\u200e""#))
    #expect(format.first?.contains("U+200E") == true && format.first?.contains("take Ctrl and a letter") == true)
  }

  @Test func theFreeKeysSuggestedAreFreeOfLaterActionsKeysToo() throws {
    let found = try problems(
      Self.list(
        actions:
          #"[{"key": "ctrl-r", "title": "Reload?", "copy": "{name}"}, {"key": "ctrl-q", "title": "Q", "copy": "{name}"}, {"key": "ctrl-s", "title": "S", "copy": "{name}"}]"#
      ))
    #expect(found.count == 1 && found[0].contains("'ctrl-r' is taken"), "\(found)")
    #expect(found.first?.contains("free keys near it: 'ctrl-o', ") == true, "\(found)")
    #expect(found.first?.contains("'ctrl-q'") == false && found.first?.contains("'ctrl-s'") == false, "\(found)")
  }

  @Test func theHintKeepsAnInitialismAndALongTitleIsAnError() throws {
    func hint(_ title: String) throws -> String {
      ScreenAction(key: .control("o"), title: title, effect: .copy(try Template("x")), confirm: false, pointer: .root)
        .hint.does
    }
    #expect(try hint("Open in browser") == "open in browser")
    #expect(try hint("URL") == "URL")
    #expect(try hint("FDs") == "FDs")
    #expect(try hint("X") == "x")
    let long = String(repeating: "t", count: ScreenAction.maximumTitleLength + 1)
    let found = try problems(Self.list(actions: #"[{"key": "ctrl-o", "title": "\#(long)", "copy": "{name}"}]"#))
    #expect(
      found.count == 1 && found[0].contains("error at /actions/0/title: 'title' is 61 characters long"), "\(found)")
    let most = String(repeating: "t", count: ScreenAction.maximumTitleLength)
    #expect(try problems(Self.list(actions: #"[{"key": "ctrl-o", "title": "\#(most)", "copy": "{name}"}]"#)) == [])
  }

  @Test func aConfirmationTooLongForTheTerminalSaysSoAndYDoesNothingUntilItAllShows() async throws {
    // 27 arguments: at 80x24 the overlay shows 20 lines of its body.
    let arguments = (1...26).map { "\"a\($0)\"" }.joined(separator: ", ")
    let actions = #"[{"key": "ctrl-g", "title": "Many", "run": ["echo", \#(arguments)], "confirm": true}]"#
    let folder = try ScreenFolder(["screen.json": Self.list(actions: actions)])
    let store = try AppTestStore(
      open: folder.file("screen.json"), registry: registry, size: Viewport(columns: 80, rows: 24))
    await store.settle()
    let request = ActionRequest(
      title: "Many", what: .run(arguments: ["echo"] + (1...26).map { "a\($0)" }), confirm: true)
    store.send(.key(.control("g")), effects: [.draw]) { $0.overlay = .confirm(request) }
    let hidden = ActionConfirmFrame.hiddenLines(request, width: 80, height: store.state.confirmHeight)
    #expect(hidden > 0)
    #expect(store.frame.contains("… \(hidden) more lines (make the terminal taller)"), "\(store.frame)")
    #expect(store.frame.contains("y waits until every line shows; any other key cancels."), "\(store.frame)")
    #expect(!store.frame.contains("[27] a26"), "\(store.frame)")
    store.send(.key(.character("y")), effects: [.draw]) {
      $0.flash = "Many: \(hidden) more lines of it do not show; make the terminal taller, or any other key cancels"
    }
    // Taller, every argument shows and y does it.
    store.send(.resize(Viewport(columns: 80, rows: 40)), effects: [.draw]) {
      $0.size = Viewport(columns: 80, rows: 40)
      $0.flash = nil
    }
    #expect(store.frame.contains("[1] echo") && store.frame.contains("[27] a26"), "\(store.frame)")
    store.send(.key(.character("y")), effects: [.perform(request), .draw]) { $0.overlay = .none }
    // A single value of 2,000 characters is enough to overflow it.
    let long = ActionRequest(
      title: "Long", what: .open(url: "https://x/" + String(repeating: "a", count: 2_000)), confirm: true)
    #expect(ActionConfirmFrame.hiddenLines(long, width: 80, height: 24) > 0)
    #expect(ActionConfirmFrame.hiddenLines(long, width: 80, height: 40) == 0)
  }

  @Test func anActionWaitsWhileATypedSearchWaitsForItsDebounce() async throws {
    let folder = try ScreenFolder(["screen.json": Self.list(actions: Self.standard)])
    let store = try AppTestStore(open: folder.file("screen.json"), registry: registry)
    await store.settle()
    store.send(.key(.character("z")), effects: store.work(ListKind.self, .typed("z")) + [.draw]) {
      $0.reduce(ListKind.self, .typed("z"), on: 1)
    }
    store.send(.key(.control("o")), effects: [.draw]) {
      $0.flash = "Open in browser: the search typed has not run yet; press Enter to run it, then the key again"
    }
  }
}
