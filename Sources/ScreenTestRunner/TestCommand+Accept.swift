import FoundationEssentials
import ScreenKit
import ScreenRuntime
import ScreenSystem
import ScreenTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TestCommand {
  /// `screenrun test --accept [PATH...]`: takes each pending file in as its test, without running
  /// anything. On a terminal it shows each one's diff and asks; otherwise it takes them all.
  func accept() -> ExitCode {
    let suffix = "." + ScreenTest.fileExtension + "." + ScreenTest.pendingExtension
    let (found, missing) = Self.find(paths.isEmpty ? [Self.defaultPath] : paths, suffix: suffix)
    for path in missing { Output.error("\(path): error: no such test file or folder") }
    // A test named is a request for its pending file.
    let pending = found.map { $0.hasSuffix(suffix) ? $0 : $0 + "." + ScreenTest.pendingExtension }
      .filter { name in options.filter.map { Self.path(name, holds: $0) } ?? true }
      .filter { FileManager.default.fileExists(atPath: $0) }
    var code: ExitCode = missing.isEmpty ? .ok : .usage
    guard !pending.isEmpty else {
      Output.write("no pending output to accept\n")
      return code
    }
    let asking = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    let colour = Theme.colorsDiff(options.color, terminal: isatty(STDOUT_FILENO) == 1, environment: environment)
    var (accepted, skipped, all) = (0, 0, !asking)
    for file in pending {
      let test = String(file.dropLast(ScreenTest.pendingExtension.count + 1))
      // Only a regular file is taken in: a link renamed into the test's place would make the
      // test a link to wherever it points, outside the folder as well.
      if let kind = Self.notRegular(file) {
        Output.error("\(file): error: it is \(kind), not a regular file; a pending file is only accepted as one")
        code = .usage
        continue
      }
      let proposed: ScreenTest
      switch ScreenTest.load(file) {
      case .success(let loaded): proposed = loaded
      case .failure(let broken):
        for message in broken.messages { Output.error(message) }
        code = .usage
        continue
      }
      if !all {
        let current = (try? String(contentsOfFile: test, encoding: .utf8)).flatMap { try? ScreenTest(parsing: $0) }
        Output.write("\(test)\n")
        if let current, !current.isUnrecorded {
          TerminalWriter.write(Self.render(Self.diffs(expected: current, actual: proposed), colour: colour))
        } else {
          Output.write(
            proposed.text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
              .joined(separator: "\n"))
        }
        Output.write("accept it? [y]es, [n]o, [a]ll the rest, [q]uit: ")
        let answer = readLine()?.trimmingSpaces().lowercased() ?? "q"
        if answer == "q" || answer == "quit" { break }
        if answer == "a" || answer == "all" { all = true }
        if !all && answer != "y" && answer != "yes" {
          skipped += 1
          continue
        }
      }
      if rename(file, test) != 0 {
        Output.error("\(file): error: cannot move it to \(test): \(String(cString: strerror(errno)))")
        code = .usage
        continue
      }
      accepted += 1
      Output.write("accepted \(test)\n")
    }
    Output.write("\(accepted) accepted\(skipped > 0 ? ", \(skipped) skipped" : "")\n")
    return code
  }
}
