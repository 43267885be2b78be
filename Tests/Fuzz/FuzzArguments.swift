// A libFuzzer target for the command-line parser and its declaration (Sources/ScreenRunCLI/CommandLine):
// the input is the arguments, separated by NUL bytes as in /proc/PID/cmdline; the last one is
// also tried as SCREENRUN_DATA. A usage error is also drawn with its pointer at the argument.
// `Tests/Fuzz/run build arguments` builds it.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let arguments = UnsafeBufferPointer(start: data, count: size)
    .split(separator: 0, omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  let parsed: Arguments
  do {
    parsed = try Arguments.read(arguments)
  } catch {
    _ = error.description
    _ = error.pointer(in: arguments, program: "screenrun")
    return 0
  }
  if let width = parsed.width, !(20...1000).contains(width) { fatalError("--width \(width) was accepted") }
  guard let resolved = try? parsed.resolvingEnvironment(["SCREENRUN_DATA": arguments.last ?? ""]) else { return 0 }
  // The command it asks for, with its own options, as a run sorts them.
  if case .run(let run) = resolved.invocation { _ = run.data.pluginContext(environment: ["HOME": "/nonexistent"]) }
  return 0
}
