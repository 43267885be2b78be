import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenFormat
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenRuntime

/// A loader's screen cache (what one `screenrun test` run shares): each screen loads once, errors
/// included, and a loader without one (every other mode) reads each screen afresh.
@Suite("Screen cache")
struct ScreenCacheTests {
  static let screen = NavigatorReloadTests.screen
  static let book = NavigatorReloadTests.book

  let registry = PluginRegistry([TestPlugins.books(CountingSource(count: 45))])
  let folder: ScreenFolder

  init() throws {
    folder = try ScreenFolder(["books.json": Self.screen, "book.json": Self.book])
  }

  func retitled(_ title: String) throws {
    try folder.write(
      "books.json", Self.screen.replacingOccurrences(of: #""title": "Books""#, with: #""title": "\#(title)""#))
  }

  func navigator(cache: ScreenCache?) -> Navigator {
    Navigator(
      loader: ScreenLoader(registry: registry, kinds: .standard, cache: cache), context: PluginContext(),
      scheduler: VirtualScheduler())
  }

  @Test func aScreenLoadsOnceForEveryLoaderThatSharesTheCache() throws {
    let cache = ScreenCache()
    let first = try ScreenLoader(registry: registry, kinds: .standard, cache: cache).load(folder.file("books.json"))
    try retitled("Edited")
    let second = try ScreenLoader(registry: registry, kinds: .standard, cache: cache).load(folder.file("books.json"))
    #expect(cache.loads == 1)
    #expect(first.title.source == "Books" && second.title.source == "Books")
    // Without the cache, the file as it is now.
    #expect(
      try ScreenLoader(registry: registry, kinds: .standard).load(folder.file("books.json")).title.source == "Edited")
    #expect(
      try ScreenLoader(registry: registry, kinds: .standard, cache: cache).loadAfresh(folder.file("books.json")).title
        .source == "Edited")
  }

  @Test func twoNavigatorsOpenTheScreenAndTheScreenItSelectsOnceEach() async throws {
    let cache = ScreenCache()
    for _ in 0..<2 {
      let navigator = navigator(cache: cache)
      try navigator.open(folder.file("books.json"))
      await navigator.settle()
      try navigator.select(0)
      await navigator.settle()
      #expect(navigator.current?.spec.file == folder.file("book.json"))
    }
    // book.json was read, and checked, as the screen books.json selects: it is kept from there.
    #expect(cache.loads == 1)
  }

  @Test func aScreenReachedFromALoadedOneIsTakenFromThatLoad() throws {
    let cache = ScreenCache()
    let loader = ScreenLoader(registry: registry, kinds: .standard, cache: cache)
    _ = try loader.load(folder.file("books.json"))
    try folder.write(
      "book.json", Self.book.replacingOccurrences(of: #""title": "{name}""#, with: #""title": "Edited""#))
    #expect(try loader.load(folder.file("book.json")).title.source == "{name}")
    #expect(cache.loads == 1)
    // A screen loaded later that selects book.json takes it from the cache too.
    try folder.write(
      "other.json", Self.screen.replacingOccurrences(of: #""title": "Books""#, with: #""title": "Other""#))
    #expect(try loader.load(folder.file("other.json")).title.source == "Other")
    #expect(cache.loads == 2)
  }

  @Test func aGraphWithAProblemKeepsNoneOfItsScreens() throws {
    // books.json selects book.json, which reads a parameter books.json does not pass.
    try folder.write(
      "book.json", Self.book.replacingOccurrences(of: #""{params.id}""#, with: #""{params.id}{params.shelf}""#))
    let cache = ScreenCache()
    let loader = ScreenLoader(registry: registry, kinds: .standard, cache: cache)
    #expect(throws: ScreenLoadError.self) { try loader.load(folder.file("books.json")) }
    // book.json on its own has no problem: it is read and checked for itself.
    #expect(try loader.load(folder.file("book.json")).title.source == "{name}")
    #expect(cache.loads == 2)
  }

  @Test func aBrokenScreenGivesEveryLoadItsLocatedError() throws {
    try folder.write("broken.json", "{\n  \"kind\": \"list\",,\n}")
    let cache = ScreenCache()
    let loader = ScreenLoader(registry: registry, kinds: .standard, cache: cache)
    let errors = (0..<3).map { _ in
      let outcome = Result { () throws(ScreenLoadError) in try loader.load(folder.file("broken.json")) }
      guard case .failure(let error) = outcome else { return ["loaded"] }
      return error.diagnostics.map(\.description)
    }
    #expect(cache.loads == 1)
    #expect(errors.count == 3 && errors.allSatisfy { $0 == errors[0] })
    #expect(errors[0].count == 1 && errors[0][0].hasPrefix(folder.file("broken.json") + ":2:"), "\(errors)")
    #expect(errors[0][0].contains("error: invalid JSON"), "\(errors)")
  }

  @Test func withoutACacheAScreenEditedBetweenTwoOpensIsReadAgain() async throws {
    let navigator = navigator(cache: nil)
    try navigator.open(folder.file("books.json"))
    try retitled("Edited")
    try navigator.open(folder.file("books.json"))
    #expect(navigator.stack.map(\.spec.title.source) == ["Books", "Edited"])
  }

  @Test func reloadingScreensReadsTheFilesEvenWithACache() async throws {
    let navigator = navigator(cache: ScreenCache())
    try navigator.open(folder.file("books.json"))
    try retitled("Edited")
    navigator.reloadScreens()
    #expect(navigator.reloadError == nil)
    #expect(navigator.current?.spec.title.source == "Edited")
  }

  @Test func loadersRacingForOneScreenLoadItOnce() async throws {
    let cache = ScreenCache()
    let (registry, path) = (registry, folder.file("books.json"))
    let titles = await withTaskGroup(of: String?.self) { group in
      for _ in 0..<16 {
        group.addTask { try? ScreenLoader(registry: registry, kinds: .standard, cache: cache).load(path).title.source }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(titles == Array(repeating: "Books", count: 16))
    #expect(cache.loads == 1)
  }
}
