import Foundation
import ScreenRunTesting
import TestSupport
import Testing

@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime

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
    #expect(found.first?.contains("free keys near it: 'ctrl-o', 'ctrl-q', 'ctrl-l'") == true, "\(found)")
    #expect(try problems(Self.detail) == [])
    // On a list with no search, `?` is still the help's.
    let help = try problems(Self.list(actions: #"[{"key": "?", "title": "Open", "open": "{url}"}]"#, search: false))
    #expect(help.count == 1 && help[0].contains("'?' is taken on a list screen"), "\(help)")
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
      "/actions/3/run/0: the program, argument 0, must be a name or a path written out",
      "/actions/4/key: 'ctrl-z' suspends (Ctrl-Z)",
      "/actions/4/run: 'run' must be an array of arguments",
    ]
    for part in expected {
      #expect(found.contains { $0.contains("error at " + part) }, "\(part) in \(found)")
    }
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
      try request.get().description == #"run echo -- '-x; touch pwned $(id) "q"\nline two'"#,
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
        == .failure(ActionRefusal("FTP: only http and https URLs are opened, not 'ftp://example.org/1'")))
    #expect(
      try action("y").request(record: Self.records[1], parameters: [:])
        == .failure(ActionRefusal("Copy the clone URL: there is nothing to copy")))
    #expect(
      try action("y").request(record: nil, parameters: [:])
        == .failure(ActionRefusal("Copy the clone URL: there is no record to act on")))
  }

  @Test func theClipboardSequenceIsBase64AndBounded() {
    #expect(TerminalControl.base64(Array("any carnal pleas".utf8)) == "YW55IGNhcm5hbCBwbGVhcw==")
    #expect(TerminalControl.base64(Array("any carnal pleasu".utf8)) == "YW55IGNhcm5hbCBwbGVhc3U=")
    #expect(TerminalControl.base64(Array("any carnal pleasur".utf8)) == "YW55IGNhcm5hbCBwbGVhc3Vy")
    let bytes = TerminalWriter.bytes(of: TerminalText(TerminalControl.clipboard("a\u{1B}b")!))
    #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}]52;c;YRti\u{1B}\\", "the ESC of the text is in base64")
    #expect(TerminalControl.clipboard(String(repeating: "x", count: ActionRequest.maximumCopyBytes)) != nil)
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
    #expect(store.frame.contains(#"[2] '-x; touch pwned $(id) "q"\nline two'"#), "\(store.frame)")
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
    store.send(
      .key(.down), effects: [ScreenInput(ListKind.Action.moveSelection(to: 1))].map { .send(screen: 1, $0) } + [.draw]
    ) {
      $0.flash = nil
    }
    store.send(
      .key(.up), effects: [ScreenInput(ListKind.Action.moveSelection(to: 0))].map { .send(screen: 1, $0) } + [.draw])
    // The footer and the help list the actions from the same declarations.
    #expect(store.frame.contains("Ctrl-O open in browser"), "\(store.frame)")
    store.send(.key(.control("b")), effects: [.draw]) {
      $0.flash =
        "Bad: argument 2 ({evil}) begins with '-', which the command could take for an option; nothing was run (put \"--\" before it in the screen)"
    }
    store.send(.key(.character("?")), effects: [.draw]) {
      $0.flash = nil
      $0.overlay = .help
    }
    #expect(store.frame.contains("Ctrl-Y                  Copy the clone URL"), "\(store.frame)")
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
    #expect(request.description.hasSuffix("… (and 998000 more characters)"), "\(request.description.suffix(60))")
    #expect(request.description.count < 2_100)
    let frame = ActionConfirmFrame.frame(request, options: RenderOptions(width: 40, height: 10))
    #expect(frame.lines.count == 10 && frame.lines.allSatisfy { TextWidth.width(of: $0.text) <= 40 })
  }
}
