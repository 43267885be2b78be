import Foundation
import Synchronization
import Testing

@testable import ScreenKit
@testable import ScreenSystem

/// What the core uses in place of full Foundation: path components, local time, threads with a
/// condition, and error words; each checked against what Foundation answers, where it has one.
@Suite("System helpers without Foundation")
struct SystemHelpersTests {
  /// Path, last component, the rest: NSString's documented answers (corelibs Foundation's own
  /// `deletingLastPathComponent` traps on some of these, so the table is written out).
  static let paths: [(String, String, String)] = [
    ("/tmp/scratch.tiff", "scratch.tiff", "/tmp"), ("/tmp/scratch", "scratch", "/tmp"), ("/tmp/", "tmp", "/"),
    ("scratch///", "scratch", ""), ("/", "/", "/"), ("", "", ""), ("a", "a", ""), ("/a", "a", "/"),
    ("a/b/c.json", "c.json", "a/b"), ("/a//b", "b", "/a"), ("/a/b//", "b", "/a"), ("../x/y", "y", "../x"),
    ("Plugins/Weather/plugin.json", "plugin.json", "Plugins/Weather"),
    ("caf\u{E9}/\u{1F600}.json", "\u{1F600}.json", "caf\u{E9}"),
  ]

  @Test("path components are what NSString's documentation gives")
  func pathComponents() {
    for (path, last, rest) in Self.paths {
      #expect(path.lastPathComponent == last, "'\(path)'")
      #expect(path.deletingLastPathComponent == rest, "'\(path)'")
    }
  }

  @Test("local time is what Foundation's calendar gives in the machine's time zone")
  func localTimeAgreesWithFoundation() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone.current
    for seconds in [0, 1, 86_399, 951_782_400, 1_700_000_000, 1_893_456_000, 4_102_444_799, -86_400] {
      let local = try #require(LocalTime(unixSeconds: seconds))
      let parts = calendar.dateComponents(
        [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds)))
      #expect(
        [local.year, local.month, local.day, local.hour, local.minute, local.second]
          == [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map { $0 ?? -1 }, "\(seconds)"
      )
    }
  }

  @Test("local time is written with two digits a part, and numbers it cannot place are nil")
  func localTimeText() throws {
    let time = try #require(LocalTime(unixSeconds: 1_893_456_000.5))
    #expect(time.dateText.count == "2030-01-01".count && time.secondsText.count == "00:00:00".count)
    #expect(time.secondsText.hasPrefix(time.minutesText + ":"))
    #expect(time.isSameDay(as: time))
    for bad in [Double.nan, .infinity, -.infinity, 1e300, -1e300] { #expect(LocalTime(unixSeconds: bad) == nil) }
    #expect(LocalTime(unixSeconds: Int.max) == nil)
  }

  @Test("a thread started runs its job, and a condition wakes the one who waits")
  func threadAndCondition() {
    let condition = Condition()
    let done = Mutex(false)
    let started = SystemThread.start(name: "test thread") {
      condition.lock()
      done.withLock { $0 = true }
      condition.broadcast()
      condition.unlock()
    }
    #expect(started)
    condition.lock()
    while !done.withLock({ $0 }) { condition.wait() }
    condition.unlock()
    #expect(done.withLock { $0 })
  }

  @Test("a file error is told in the C library's words")
  func errorWords() {
    #expect(SystemError.describe(POSIXError(.ENOENT)) == "No such file or directory")
    do {
      try Data([1]).write(to: URL(fileURLWithPath: "/nonexistent-folder-\(getpid())/x"), options: .atomic)
      Issue.record("the write should fail")
    } catch {
      #expect(SystemError.describe(error) == "No such file or directory", "\(error)")
    }
    #expect(SystemError.executablePath?.hasPrefix("/") == true)
  }

  @Test("a path appended to is what URL.appendingPathComponent gives")
  func appendingPath() {
    for (folder, part) in [("/a", "b"), ("/", "b"), ("/a/", "b/c"), ("/opt/screenrun", "share/screenrun/plugins")] {
      #expect(folder.appendingPath(part) == URL(fileURLWithPath: folder).appendingPathComponent(part).path, "\(folder)")
    }
  }

  @Test("files, folders, their names, links and standardized paths are what FileManager and URL say")
  func fileSystem() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("screenrun-fs-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/folder/inner", withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: URL(fileURLWithPath: root + "/folder/plugin.json"))
    try Data().write(to: URL(fileURLWithPath: root + "/.hidden \u{1F600}"))
    try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/folder")
    try FileManager.default.createSymbolicLink(atPath: root + "/dangling", withDestinationPath: root + "/nothing")
    for path in [
      root, root + "/folder", root + "/folder/plugin.json", root + "/link", root + "/dangling", root + "/none",
    ] {
      var folder = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &folder)
      #expect(FileSystem.exists(path) == exists, "\(path)")
      #expect(FileSystem.isFolder(path) == (exists && folder), "\(path)")
    }
    #expect(
      RegularFile.names(inFolder: root).sorted() == (try FileManager.default.contentsOfDirectory(atPath: root)).sorted()
    )
    #expect(RegularFile.names(inFolder: root + "/none").isEmpty)
    #expect(RegularFile.names(inFolder: root + "/folder/plugin.json").isEmpty)
    #expect(
      FileSystem.resolvingLinks(root + "/link/inner")
        == URL(fileURLWithPath: root + "/folder/inner").resolvingSymlinksInPath().path)
    #expect(FileSystem.resolvingLinks(root + "/none") == root + "/none")
    for path in ["a/./b/../c.json", "/x//y/", "/..", "/a/../..", "Screens/characters.json", "../x", "/tmp/./a//b/."] {
      #expect(FileSystem.standardized(path) == URL(fileURLWithPath: path).standardizedFileURL.path, "\(path)")
    }
  }

  /// (Tests run side by side in one process, so this one changes nothing in the environment.)
  @Test("the environment read from environ is ProcessInfo's")
  func environment() {
    let environment = ProcessEnvironment.current()
    #expect(environment == ProcessInfo.processInfo.environment)
    #expect(environment["PATH"] == String(cString: getenv("PATH")))
  }
}
