// A test of a plugin imports ScreenRunTesting alone: `assertSnapshot` reports through Swift
// Testing (its `sourceLocation` is a `Testing.SourceLocation`), so `@Test` and `#expect` come with
// it, and so do ScreenKit's types that a `ScreenDriver` is made with (`PluginContext`).
@_exported import ScreenKit
@_exported import Testing
