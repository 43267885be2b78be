import Foundation
import TestSupport
import Testing

@testable import PluginHost
@testable import ScreenFormat
@testable import ScreenKinds
@testable import ScreenKit

#if canImport(Glibc)
  import Glibc
#endif

/// Screen files and select targets that are not regular files: a FIFO, a device, a symlink loop.
/// Each is named for what it is, and none is opened, so nothing blocks or reads forever.
@Suite("Screen files that are not files")
struct ScreenFileKindTests {
  let registry = PluginRegistry([TestPlugins.books()])

  static let list = SpecTests.list

  @Test("a FIFO as a screen is named, and the check returns (no writer, nothing blocks)")
  func fifoScreen() throws {
    let folder = try ScreenFolder([:])
    let fifo = folder.file("pipe.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    let messages = ScreenLoader(registry: registry, kinds: .standard).check([fifo]).map(\.message)
    #expect(messages == ["is a FIFO (a named pipe), not a screen file (.json)"])
  }

  @Test("/dev/zero and /dev/null as a screen are devices, not screen files", arguments: ["/dev/zero", "/dev/null"])
  func deviceScreen(_ path: String) {
    let messages = ScreenLoader(registry: registry, kinds: .standard).check([path]).map(\.message)
    #expect(messages == ["is a device, not a screen file (.json)"])
  }

  @Test("a select target that is a FIFO or a device says what it is")
  func selectToSpecialFiles() throws {
    let folder = try ScreenFolder([:])
    #expect(mkfifo(folder.file("book.json"), 0o600) == 0)
    try folder.write("screen.json", Self.list)
    let fifo = ScreenLoader(registry: registry, kinds: .standard).check([folder.file("screen.json")]).map(\.message)
    #expect(fifo.count == 1)
    #expect(fifo.first?.hasPrefix("select screen 'book.json' is a FIFO (a named pipe), not a screen file") == true)

    try folder.write("device.json", Self.list.replacingOccurrences(of: "book.json", with: "/dev/zero"))
    let device = ScreenLoader(registry: registry, kinds: .standard).check([folder.file("device.json")]).map(\.message)
    #expect(device.first?.hasPrefix("select screen '/dev/zero' is a device, not a screen file") == true, "\(device)")
  }

  @Test("a select to a symlink loop says so, and does not suggest the loop's own name")
  func selectToSymlinkLoop() throws {
    let folder = try ScreenFolder([:])
    try FileManager.default.createSymbolicLink(atPath: folder.file("book.json"), withDestinationPath: "book.json")
    try folder.write("screen.json", Self.list)
    let messages = ScreenLoader(registry: registry, kinds: .standard).check([folder.file("screen.json")]).map(\.message)
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("select screen 'book.json' is a symlink loop") == true, "\(messages)")
    #expect(messages.first?.contains("did you mean") == false, "\(messages)")
    // And as the screen itself.
    #expect(
      ScreenLoader(registry: registry, kinds: .standard).check([folder.file("book.json")]).map(\.message) == [
        "is a symlink loop (a link that leads back to itself), not a screen file (.json)"
      ])
  }

  @Test("contents: a regular file is read whole; a larger one than the limit is refused")
  func contents() throws {
    let folder = try ScreenFolder(["a.json": "{}"])
    #expect(try RegularFile.contents(of: folder.file("a.json"), limit: 10).get() == Array("{}".utf8))
    #expect(RegularFile.contents(of: folder.file("a.json"), limit: 1) == .failure(.tooLarge(2, limit: 1)))
    #expect(RegularFile.contents(of: folder.file("none.json"), limit: 10) == .failure(.missing))
    #expect(RegularFile.contents(of: folder.path, limit: 10) == .failure(.directory))
  }
}
