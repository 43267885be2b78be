import Foundation
import PluginHost
import TestSupport
import Testing

@testable import MarvelPlugin
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime

/// The shipped Marvel screens, rendered from the bundled data, as a person sees them.
@MainActor
@Suite("Marvel screens")
struct MarvelScreenTests {
  static let screens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Screens").standardized.path

  let navigator = Navigator(
    loader: ScreenLoader(registry: PluginRegistry([MarvelPlugin.plugin]), kinds: .standard), context: PluginContext(),
    scheduler: VirtualScheduler())

  func frame(width: Int = 80) -> String {
    TextRenderer.render(navigator.current!.screenState, options: RenderOptions(width: width))
  }

  @Test(arguments: [40, 80, 120])
  func charactersList(width: Int) async throws {
    try navigator.open(Self.screens + "/characters.json")
    await navigator.settle()
    let frame = frame(width: width)
    assertSnapshot(frame, named: "characters-\(width)")
    #expect(frame.contains("1-20 of 1,446, more to load"))
    #expect(frame.contains("Data provided by Marvel. © 2024 MARVEL"))
  }

  @Test func searchingNarrowsTheList() async throws {
    try navigator.open(Self.screens + "/characters.json")
    await navigator.settle()
    navigator.sendToCurrent(ListKind.self, .search("iron"))
    await navigator.settle()
    assertSnapshot(frame(), named: "characters-search-iron")
    navigator.sendToCurrent(ListKind.self, .search("spi"))
    await navigator.settle()
    assertSnapshot(frame(), named: "characters-search-spi")
    #expect(frame().contains("Spider-Man (Miles Morales)"))
    navigator.sendToCurrent(ListKind.self, .search("zzzz"))
    await navigator.settle()
    #expect(frame().contains("No characters start with 'zzzz'."))
  }

  @Test(arguments: ["1009368", "1009652", "1011334", "1010935", "1009610", "1009718"])
  func characterDetail(id: String) async throws {
    try navigator.open(Self.screens + "/character.json", parameters: ["id": id])
    await navigator.settle()
    assertSnapshot(frame(), named: "character-\(id)")
  }

  @Test func selectOpensTheCharacterAndBackReturns() async throws {
    try navigator.open(Self.screens + "/characters.json")
    await navigator.settle()
    navigator.sendToCurrent(ListKind.self, .search("Iron Man"))
    await navigator.settle()
    try navigator.select(0)
    await navigator.settle()
    #expect(navigator.stack.count == 2)
    #expect(navigator.current?.parameters == ["id": "1009368"])
    #expect(frame().hasPrefix("Iron Man\n"))
    #expect(navigator.back())
    #expect(frame().contains("Search: Iron Man"))
    #expect(!navigator.back())
    #expect(throws: NavigationError.self) { try navigator.select(99) }
  }

  @Test func aDetailScreenNeedsItsParameter() {
    #expect(throws: NavigationError.self) { try navigator.open(Self.screens + "/character.json") }
  }
}
