import Foundation
import Testing

/// Numbers on the command line are range-checked before any use: too big, negative, fractional
/// or written another way, each is a usage error that quotes the value, never a trap.
@Suite("Numeric arguments are range-checked")
struct ArgumentRangeTests {
  @Test(
    "--width out of range or not a whole number is a usage error",
    arguments: [
      "99999999999999999999999", "9223372036854775807", "-9223372036854775808", "-80", "0", "19", "1001", "80.5",
      "1e3", "0x50", " 80", "",
    ])
  func width(_ value: String) async throws {
    try await Self.expectRefused("--width", value, saying: "--width takes a number of columns from 20 to 1000")
  }

  /// `option value` and `option=value` are usage errors that say `message`, with nothing printed.
  static func expectRefused(_ option: String, _ value: String, saying message: String) async throws {
    for arguments in [[option, value], ["\(option)=\(value)"]] {
      let result = try await Screenrun.run(["Screens/characters.json", "--once"] + arguments)
      #expect(result.exitCode == 2, "\(arguments): \(result)")
      #expect(result.standardError.contains(message), "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
    }
  }

  @Test("the ends of the range are accepted", arguments: [20, 1000])
  func widthEnds(_ width: Int) async throws {
    let result = try await Screenrun.run(["Screens/characters.json", "--once", "--width", String(width)])
    #expect(result.exitCode == 0, "\(result)")
    FrameChecks.expectFits(result, width: width)
  }

  @Test(
    "--height out of range or not a whole number is a usage error",
    arguments: ["99999999999999999999999", "-24", "0", "7", "1001", "24.5", "0x18", ""])
  func height(_ value: String) async throws {
    try await Self.expectRefused("--height", value, saying: "--height takes a number of lines from 8 to 1000")
  }

  @Test("the ends of --height's range are accepted", arguments: [8, 1000])
  func heightEnds(_ height: Int) async throws {
    let result = try await Screenrun.run(["Screens/characters.json", "--once", "--height", String(height)])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdoutLines.count <= height, "\(result)")
  }
}
