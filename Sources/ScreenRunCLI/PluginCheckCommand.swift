import FoundationEssentials
import PluginHost
import ScreenFormat
import ScreenKit
import ScreenTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `screenrun plugin check DIR...`: holds each external plugin's program to the protocol of
/// PLUGINS.md (see `ConformanceCheck`) and says what held, what did not, and where in the
/// exchange. Exit 0 when every plugin conforms in what was checked, 1 when one does not, 2 for a
/// broken manifest. `--param KEY=VALUE` gives a parameter to every request whose resource has it.
enum PluginCheckCommand {
  static func run(_ folders: [String], context: PluginContext, parameters: [String: String] = [:])
    -> ScreenRunCommand.ExitCode
  {
    // The program runs in a process group of its own: a signal must stop it before screenrun ends.
    SignalWatcher.start([
      SIGINT: ScreenRunCommand.ExitCode.interrupted.rawValue, SIGTERM: ScreenRunCommand.ExitCode.terminated.rawValue,
      SIGHUP: ScreenRunCommand.ExitCode.terminated.rawValue,
    ])
    var code = ScreenRunCommand.ExitCode.ok
    for folder in folders {
      let trimmed = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
      let file = trimmed.lastPathComponent == "plugin.json" ? trimmed : trimmed + "/plugin.json"
      let manifest: PluginManifest
      do {
        manifest = try PluginManifest.load(file)
      } catch {
        for diagnostic in error.diagnostics { Output.error(diagnostic.description) }
        code = .usage
        continue
      }
      let report = ConformanceCheck.run(manifest, context: context, parameters: parameters)
      Output.write(text(of: report))
      for violation in report.violations { Output.error(text(of: violation, in: report)) }
      if !report.conforms, let last = report.log.split(whereSeparator: \.isNewline).last {
        // Masked before it is cut: a cut never leaves the start of a secret.
        Output.error(
          "  the log of plugin '\(manifest.name)' ends: \(SecretRegistry.shared.redact(String(last)).prefix(200))")
      }
      let exchanged = "\(report.exchange.count) line\(report.exchange.count == 1 ? "" : "s") exchanged"
      if report.conforms, report.skipped.isEmpty {
        Output.write("plugin '\(manifest.name)' conforms (\(exchanged))\n")
      } else if report.conforms {
        Output.write(
          "plugin '\(manifest.name)' conforms in what was checked (\(exchanged)); not checked: \(report.skipped.joined(separator: ", "))\n"
        )
      } else {
        let count = report.violations.count
        let skipped = report.skipped.isEmpty ? "" : "; not checked: \(report.skipped.joined(separator: ", "))"
        Output.write(
          "plugin '\(manifest.name)' does not conform: \(count) violation\(count == 1 ? "" : "s") (\(exchanged))\(skipped)\n"
        )
        if code == .ok { code = .failure }
      }
    }
    return code
  }

  /// What was checked: the program, then a line for each check that held and each note.
  static func text(of report: ConformanceCheck.Report) -> String {
    var lines = ["checking plugin '\(report.manifest.name)' (\(report.manifest.file))"]
    if !report.program.isEmpty { lines.append("  runs: \(report.program.joined(separator: " "))") }
    lines += report.passed.map { "  ok    \($0)" }
    lines += report.notes.map { "  note  \($0)" }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A violation as an error: the manifest's file, the plugin, why; then where in the exchange,
  /// with the request line it answered.
  static func text(of violation: ConformanceCheck.Report.Violation, in report: ConformanceCheck.Report) -> String {
    var lines = ["\(report.manifest.file): error: plugin '\(report.manifest.name)' \(violation.reason)"]
    switch (violation.line, violation.request) {
    case (let line?, let request?):
      lines.append("  at line \(line) of the exchange: \(report.line(line))")
      lines.append("  in answer to line \(request): \(report.line(request))")
    case (let line?, nil):
      lines.append("  at line \(line) of the exchange: \(report.line(line))")
    case (nil, let request?):
      lines.append("  after line \(request) of the exchange: \(report.line(request))")
    case (nil, nil):
      break
    }
    // Whatever the plugin wrote goes out through the one door, its escapes neutralized.
    return lines.joined(separator: "\n")
  }
}
