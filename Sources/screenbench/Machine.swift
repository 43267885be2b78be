import Foundation

/// The machine a run was measured on, as BENCHMARKS.md states it next to the table: a figure
/// means little without the cores, CPU, memory, OS and compiler behind it.
struct Machine: Sendable, Codable {
  var cores: Int
  var cpu: String
  var memory: String
  var os: String
  var swift: String
  /// `release` or `debug`: how this benchmark (and the screenrun beside it) was compiled.
  var build: String

  static func current() -> Machine {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
    let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
    var memory = "unknown"
    if let kilobytes = field("MemTotal", in: meminfo)?.split(separator: " ").first.flatMap({ Double($0) }) {
      memory = String(format: "%.1f GiB", kilobytes / 1_048_576)
    }
    var os = field("PRETTY_NAME", in: release, separator: "=")?.trimmingCharacters(in: ["\""]) ?? "Linux"
    var names = utsname()
    if uname(&names) == 0 {
      let kernel = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      os += ", kernel \(kernel)"
    }
    #if DEBUG
      let build = "debug"
    #else
      let build = "release"
    #endif
    return Machine(
      cores: ProcessInfo.processInfo.activeProcessorCount,
      cpu: field("model name", in: cpuinfo) ?? "unknown",
      memory: memory,
      os: os,
      swift: ChildProcess.output(of: ["swift", "--version"])?.split(separator: "\n").first.map(String.init)
        ?? "unknown",
      build: build)
  }

  /// The value of the first `name: value` line of a /proc or /etc file.
  private static func field(_ name: String, in text: String, separator: Character = ":") -> String? {
    for line in text.split(separator: "\n") {
      guard let split = line.firstIndex(of: separator) else { continue }
      if line[..<split].trimmingCharacters(in: .whitespaces) == name {
        return line[line.index(after: split)...].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  var description: String {
    "\(cores) cores (nproc), \(cpu), \(memory) RAM, \(os), \(swift), \(build) build"
  }
}
