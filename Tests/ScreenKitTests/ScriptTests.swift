import Synchronization
import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime
@testable import ScreenTerminal
@testable import ScreenText

@Suite("Scripts")
struct ScriptParsingTests {
  @Test func parsesCommandsCommentsAndArguments() throws {
    let script = try Script(
      parsing: "# a comment\n\nsearch iron man\ntype  x\r\nwait 600\nnext\nopen 3\nback\nreload\nquit\n",
      kinds: .standard)
    #expect(
      script.commands.map(\.command) == [
        .kind(name: "search", argument: "iron man"), .kind(name: "type", argument: " x"), .wait(milliseconds: 600),
        .kind(name: "next", argument: ""), .open(3), .back, .kind(name: "reload", argument: ""), .quit,
      ])
    #expect(script.commands.map(\.line) == [3, 4, 5, 6, 7, 8, 9, 10])
  }

  @Test(arguments: [
    ("serch x", 1, "unknown command 'serch'; did you mean 'search'?"),
    ("open", 1, "'open' takes a row number from 1"),
    ("open 0", 1, "'open' takes a row number from 1"),
    ("wait soon", 1, "'wait' takes milliseconds"),
    ("# ok\nnext page", 2, "'next' takes no argument"),
    ("type", 1, "'type' needs the text"),
    ("dance", 1, "commands are search, type, next, reload, sort, wait, open, back, quit, key"),
    ("key Dwn", 1, "'key' takes a key name, not 'Dwn'; did you mean 'Down'?"),
    ("key", 1, "'key' takes a key name, not ''"),
    // Numbers out of range or not numbers are located errors, never a trap.
    ("open -5", 1, "not '-5'"),
    ("# huge\nopen 99999999999999999999999", 2, "'open' takes a row number from 1"),
    ("open 9223372036854775807x", 1, "'open' takes a row number from 1"),
    ("wait -1", 1, "'wait' takes milliseconds from 0 to 3600000"),
    ("wait 3600001", 1, "'wait' takes milliseconds from 0 to 3600000"),
    ("wait 9223372036854775808", 1, "'wait' takes milliseconds from 0 to 3600000"),
    ("wait 1e3", 1, "'wait' takes milliseconds from 0 to 3600000"),
    ("wait ６００", 1, "'wait' takes milliseconds from 0 to 3600000"),
  ])
  func reportsBadLines(text: String, line: Int, message: String) {
    do {
      _ = try Script(parsing: text, kinds: .standard)
      Issue.record("'\(text)' parsed")
    } catch {
      #expect(error.line == line)
      #expect(error.message.contains(message), "\(error.message)")
    }
  }
}

@Suite("Script runner")
struct ScriptRunnerTests {
  let source = CountingSource(count: 45)
  let clock = VirtualScheduler()
  let folder: ScreenFolder
  let runner: ScriptRunner

  init() throws {
    folder = try ScreenFolder([
      "books.json":
        #"{"kind": "list", "title": "Books", "source": {"plugin": "books", "resource": "books"}, "search": {"param": "q", "debounceMs": 500}, "row": {"title": "{name}"}, "select": {"screen": "book.json", "params": {"id": "{id}"}}}"#,
      "book.json":
        #"{"kind": "detail", "title": "{name}", "source": {"plugin": "books", "resource": "book", "params": {"id": "{params.id}"}}, "sections": [{"type": "fields", "fields": [{"label": "Id", "value": "{id}"}]}]}"#,
    ])
    let navigator = Navigator(
      loader: ScreenLoader(registry: PluginRegistry([TestPlugins.books(source)]), kinds: .standard),
      context: PluginContext(),
      scheduler: clock)
    runner = ScriptRunner(navigator: navigator, clock: clock, options: RenderOptions(width: 40))
    try navigator.open(folder.file("books.json"))
  }

  func run(_ text: String) async throws -> String {
    await runner.navigator.settle()
    var output = ""
    for (line, command) in try Script(parsing: text, kinds: .standard).commands {
      try await runner.run(command, line: line)
      output += runner.heading(command.description) + runner.frame()
    }
    return output
  }

  @Test func typingWaitsForTheDebounceOnTheVirtualClock() async throws {
    _ = try await run("type Item 4")
    #expect(source.pageRequests.count == 1)  // the first page only: the debounce has not fired
    #expect(runner.frame().contains("Search: Item 4"))
    #expect(runner.frame().contains("1-20 of 45"))
    _ = try await run("wait 499")
    #expect(source.pageRequests.count == 1)
    _ = try await run("wait 1")
    #expect(source.pageRequests.count == 2)
    #expect(runner.frame().contains("1-7 of 7"))
  }

  @Test func pagesOpensAndGoesBack() async throws {
    let output = try await run("next\nnext\nopen 42\nback")
    assertSnapshot(output, named: "next-next-open-back")
    #expect(runner.navigator.stack.count == 1)
  }

  @Test func refusesWhatCannotBeDone() async throws {
    await #expect(throws: ScriptError(line: 1, message: "cannot open: there is no row 99; the list has 20")) {
      try await run("open 99")
    }
    await #expect(throws: ScriptError(line: 1, message: "'back' on the first screen: there is nothing to go back to")) {
      try await run("back")
    }
    _ = try await run("next\nnext")
    await #expect(throws: ScriptError(line: 1, message: "there is no next page: all 45 rows are loaded")) {
      try await run("next")
    }
  }

  @Test("next after a page that failed says so and offers reload, not that every row is loaded (issue 40)")
  func nextAfterAFailedPage() async throws {
    source.fail(with: .rateLimited("too many requests"))
    _ = try await run("reload")
    await #expect(
      throws: ScriptError(
        line: 1, message: "there is no next page: the first page failed (rate limited); 'reload' asks for it again")
    ) { try await run("next") }
    source.fail(with: nil)
    _ = try await run("reload")
    source.fail(with: .transport("connection refused by 127.0.0.1:9"))
    _ = try await run("next")
    #expect(runner.frame().contains("error: connection failed"))
    await #expect(
      throws: ScriptError(line: 1, message: "page 2 failed (connection failed); 'reload' asks for it again")
    ) { try await run("next") }
    source.fail(with: nil)
    _ = try await run("reload\nnext")
    #expect(runner.frame().contains("1-45 of 45"), "\(runner.frame())")
  }

  @Test func anErrorFrameAndARetryThatWorks() async throws {
    source.fail(with: .transport("connection refused by 127.0.0.1:9"))
    _ = try await run("reload")
    #expect(runner.frame().contains("error: connection failed: connection\nrefused by 127.0.0.1:9"))
    source.fail(with: nil)
    _ = try await run("reload")
    #expect(runner.frame().contains("1-20 of 45"))
    #expect(!runner.frame().contains("error"))
  }

  @Test func headingsAreCutToTheWidth() async throws {
    let long = "search " + String(repeating: "東京", count: 40)
    let heading = runner.heading(long)
    #expect(heading.hasSuffix("…\n"))
    #expect(TextWidth.width(of: heading.dropLast()) <= 40)
    #expect(runner.heading("next") == "$ next\n")
    #expect(ScriptRunner.heading("start " + String(repeating: "x", count: 100), width: 20) == "$ start xxxxxxxxxxx…\n")
    // What a script line carries is made safe before it is shown.
    #expect(
      !runner.heading("search \u{1B}]52;c;aGk=\u{7}").unicodeScalars.contains { $0.value == 0x1B || $0.value == 7 })
    let output = try await run(long + "\nsearch Item")
    for line in output.split(separator: "\n") { #expect(TextWidth.width(of: line) <= 40, "\(line)") }
  }

  @Test func typingFortyThousandCharactersCompletes() async throws {
    let text = String(repeating: "Item 4", count: 40_000 / 6) + "abcd"
    #expect(text.count == 40_000)
    _ = try await run("type " + text)
    #expect(source.pageRequests.count == 1, "the debounce has not fired yet")
    let model = try #require(runner.navigator.state(of: ListKind.self))
    #expect(model.query == text)
    let output = try await run("wait 500")
    #expect(source.pageRequests.count == 2, "one search for all the keystrokes")
    #expect(source.pageRequests.last?.parameters["q"] == text)
    #expect(output.contains("Search: Item 4Item 4"))
    for line in output.split(separator: "\n") { #expect(TextWidth.width(of: line) <= 40, "\(line)") }
  }

  @Test func cancelledDebouncesDoNotPileUpOnTheVirtualClock() {
    let clock = VirtualScheduler()
    let fired = Mutex(0)
    for _ in 0..<100_000 { clock.schedule(after: .milliseconds(500)) { fired.withLock { $0 += 1 } }.cancel() }
    _ = clock.schedule(after: .milliseconds(500)) { fired.withLock { $0 += 1 } }
    #expect(clock.hasPending)
    clock.advance(by: .milliseconds(500))
    #expect(fired.withLock { $0 } == 1)
    #expect(!clock.hasPending)
  }
}

extension ScriptRunnerTests {
  @Test func keysDriveTheScreenAsInATerminal() async throws {
    let output = try await run("key Down\nkey Down\nkey Enter")
    #expect(runner.navigator.stack.count == 2)
    #expect(runner.navigator.current?.parameters == ["id": "3"])
    #expect(output.contains("$ key Enter\nItem 3\n"))
    _ = try await run("key Escape")
    #expect(runner.navigator.stack.count == 1)
    await #expect(throws: ScriptError(line: 1, message: "'key Escape': This is the first screen. Ctrl-C quits.")) {
      _ = try await run("key Escape")
    }
    #expect(try Script(parsing: "key Ctrl-C", kinds: .standard).commands.map(\.command) == [.quit])
  }
}

extension ScriptRunnerTests {
  @Test func cursorKeysEditTheQueryInTheMiddleAndTheFramesStayPlain() async throws {
    let output = try await run(
      "type Itm 4\nkey Left\nkey Left\nkey Left\nkey e\nkey Ctrl-A\nkey Delete\nkey I\nkey Ctrl-E\nkey Backspace\nkey 1\nwait 500"
    )
    #expect(output.contains("$ key e\nBooks\nSearch: Item 4\n"), "a plain frame shows no caret: \(output)")
    #expect(output.contains("$ key Ctrl-A\nBooks\nSearch: Item 4\n"))
    #expect(runner.navigator.state(of: ListKind.self)?.query == "Item 1")
    #expect(runner.frame().contains("1-11 of 11"), "\(runner.frame())")
    // ← on an empty query is "back", and there is no screen before.
    _ = try await run("key Ctrl-U")
    await #expect(throws: ScriptError(line: 1, message: "'key Left': This is the first screen. Ctrl-C quits.")) {
      _ = try await run("key Left")
    }
    #expect(Key(name: "Delete") == .delete && Key(name: "ctrl-a") == .control("a") && Key(name: "Right") == .right)
  }
}
