import ExamplePlugin
import Foundation
import ScreenRunTesting
import Synchronization
import Testing

/// The record-and-review loop of `assertSnapshot`, step by step as docs/plugins/swift.md ("Recording and
/// reviewing snapshots") shows it, on the example plugin's list, with the snapshots of a test
/// file in a scratch folder (so the repository's own snapshots are never touched).
///
/// `swift test` runs the review loop; `.ci/run` runs this suite once more under
/// `SCREENRUN_RECORD_SNAPSHOTS=1`, which runs the recording test instead.
@MainActor
@Suite("The snapshot loop")
struct SnapshotLoopTests {
  nonisolated static let recording = ProcessInfo.processInfo.environment["SCREENRUN_RECORD_SNAPSHOTS"] == "1"
  static let screens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Plugins/Example/Screens").standardized.path

  /// A scratch folder holding a test file's place: its snapshots go in `__Snapshots__/BooksTests`.
  struct Scratch: ~Copyable {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-loop-\(UUID().uuidString)")
    var testFile: String { folder.appendingPathComponent("BooksTests.swift").path }
    var snapshot: URL { folder.appendingPathComponent("__Snapshots__/BooksTests/books.txt") }
    var pending: URL { folder.appendingPathComponent("__Snapshots__/BooksTests/books.txt.pending") }
    deinit { try? FileManager.default.removeItem(at: folder) }
  }

  func read(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

  /// The messages of the issues `body` records, each taken as known (so that the test goes on).
  func failures(_ body: () -> Void) -> [String] {
    final class Messages: Sendable { let list = Mutex<[String]>([]) }
    let messages = Messages()
    withKnownIssue {
      body()
    } matching: { issue in
      messages.list.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }
    return messages.list.withLock { $0 }
  }

  @Test(.disabled(if: recording, "SCREENRUN_RECORD_SNAPSHOTS=1 records instead of reviewing"))
  func aNewSnapshotIsPendingUntilAcceptedAndAChangeIsPendingAgain() async throws {
    let scratch = Scratch()
    let driver = ScreenDriver(plugins: [ExamplePlugin.plugin], width: 60)
    try await driver.open(Self.screens + "/books.json")
    let books = driver.frame()

    // 1. The first run fails, and writes what the screen drew as books.txt.pending.
    let first = failures { assertSnapshot(books, named: "books", filePath: scratch.testFile) }
    #expect(first.count == 1)
    #expect(first.first?.hasPrefix("no snapshot 'books' yet; the output is in \(scratch.pending.path)") == true)
    #expect(read(scratch.pending) == books)
    #expect(read(scratch.snapshot) == nil)
    // It fails again on every run until the pending file is accepted.
    #expect(failures { assertSnapshot(books, named: "books", filePath: scratch.testFile) }.count == 1)

    // 2. Accept it: rename books.txt.pending to books.txt. 3. The next run passes.
    try FileManager.default.moveItem(at: scratch.pending, to: scratch.snapshot)
    assertSnapshot(books, named: "books", filePath: scratch.testFile)
    #expect(read(scratch.pending) == nil)

    // 4. A change fails with a line diff and is pending again; the stored snapshot stays.
    try await driver.run("search the")
    let searched = driver.frame()
    let changed = failures { assertSnapshot(searched, named: "books", filePath: scratch.testFile) }
    #expect(changed.count == 1)
    let message = changed.first ?? ""
    #expect(message.hasPrefix("snapshot 'books' does not match (books.txt); - stored, + actual:"))
    #expect(message.contains("\n  Books\n+ Search: the\n- Search: Search titles…\n"), "\(message)")
    #expect(read(scratch.pending) == searched)
    #expect(read(scratch.snapshot) == books)

    // Accepting it again is the same rename; then it passes and the pending file is gone.
    try FileManager.default.removeItem(at: scratch.snapshot)
    try FileManager.default.moveItem(at: scratch.pending, to: scratch.snapshot)
    assertSnapshot(searched, named: "books", filePath: scratch.testFile)
    #expect(read(scratch.pending) == nil)
  }

  @Test(.enabled(if: recording, "runs under SCREENRUN_RECORD_SNAPSHOTS=1 (.ci/run does)"))
  func recordingWritesEverySnapshotAnewAndPasses() async throws {
    let scratch = Scratch()
    let driver = ScreenDriver(plugins: [ExamplePlugin.plugin], width: 60)
    try await driver.open(Self.screens + "/books.json")
    let books = driver.frame()
    try FileManager.default.createDirectory(
      at: scratch.snapshot.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "an old frame\n".write(to: scratch.snapshot, atomically: true, encoding: .utf8)
    try "an old pending frame\n".write(to: scratch.pending, atomically: true, encoding: .utf8)

    // A stale snapshot is written anew, the pending file is removed, and nothing fails.
    assertSnapshot(books, named: "books", filePath: scratch.testFile)
    #expect(read(scratch.snapshot) == books)
    #expect(read(scratch.pending) == nil)
    // A missing one is recorded as well.
    assertSnapshot(books, named: "books-new", filePath: scratch.testFile)
    #expect(read(scratch.snapshot.deletingLastPathComponent().appendingPathComponent("books-new.txt")) == books)
  }
}
