// A libFuzzer target for the script parser (Sources/ScreenKinds/Scripting): any text as a script,
// read whole and line by line (as a pipe delivers it). `Tests/Fuzz/run build script` builds it.

@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenText

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let whole = try? Script(parsing: text, kinds: .standard)
  var lineByLine: [ScriptCommand] = []
  var failed = false
  for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    .enumerated()
  {
    do {
      if let command = try Script.command(fromLine: line, number: index + 1, kinds: .standard) {
        lineByLine.append(command)
      }
    } catch {
      failed = true
      _ = TerminalSafe.sanitize(error.description)
    }
  }
  // The two ways of reading agree.
  if (whole == nil) != failed || (whole.map { $0.commands.map(\.command) != lineByLine } ?? false) {
    fatalError("a script reads differently whole and line by line")
  }
  for command in lineByLine { _ = TerminalSafe.sanitize(command.description) }
  return 0
}
