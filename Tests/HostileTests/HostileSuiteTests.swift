import Foundation
import Testing

/// The hostile-input suite: every probe runs the built `screenrun` against a hostile server or
/// hostile local input, and every run must end with exit 0, 1 or 2, print no crash text, no raw
/// control character, no secret, no line over the width, and finish in time.
///
/// `HOSTILE_ONLY=text` runs only the probes whose class or name contains `text`;
/// `HOSTILE_JOBS=N` runs N at a time (default 4).
@Suite("Hostile inputs")
struct HostileSuiteTests {
  static let probes: [Probe] =
    ServerProbes.all + LocalProbes.all + RoundThreeProbes.all + FileProbes.all + RoundFourProbes.all
    + RoundFiveProbes.all

  @Test("the suite is large enough: 300 probes or more, 8 classes or more, 20 or more in each")
  func counts() {
    #expect(Self.probes.count >= 300, "only \(Self.probes.count) probes")
    let classes = Dictionary(grouping: Self.probes, by: \.group)
    #expect(classes.count >= 8, "only \(classes.count) classes")
    for group in ProbeClass.allCases {
      let count = classes[group]?.count ?? 0
      #expect(count >= 20, "\(group.rawValue) has \(count) probes")
    }
    let names = Dictionary(grouping: Self.probes) { "\($0.group.rawValue): \($0.name)" }.filter { $0.value.count > 1 }
    #expect(names.isEmpty, "probe names used twice: \(names.keys.sorted())")
  }

  @Test("no probe crashes, hangs, leaks a secret, prints a raw control or overflows the width")
  func hostileInputs() async throws {
    let binary = try Driver.binary()
    let environment = ProcessInfo.processInfo.environment
    let only = environment["HOSTILE_ONLY"].flatMap { $0.isEmpty ? nil : $0.lowercased() }
    let probes = Self.probes.filter { probe in
      only.map { "\(probe.group.rawValue): \(probe.name)".lowercased().contains($0) } ?? true
    }
    let jobs = max(1, min(8, Int(environment["HOSTILE_JOBS"] ?? "") ?? 4))
    let started = ContinuousClock.now

    var outcomes: [Outcome] = []
    await withTaskGroup(of: Outcome.self) { group in
      var next = 0
      for _ in 0..<min(jobs, probes.count) {
        let probe = probes[next]
        group.addTask { await Driver.check(probe, binary: binary) }
        next += 1
      }
      for await outcome in group {
        outcomes.append(outcome)
        if next < probes.count {
          let probe = probes[next]
          group.addTask { await Driver.check(probe, binary: binary) }
          next += 1
        }
      }
    }

    let report = Report(outcomes: outcomes, seconds: (ContinuousClock.now - started).seconds)
    print(report.table)
    let failing = outcomes.filter { !$0.isOK }.count
    if failing > 0 {
      Issue.record("\(failing) of \(outcomes.count) hostile probes failed:\n\(report.table)\n\(report.failures)")
    }
  }
}

/// The counts by class, and the failing probes.
struct Report {
  var outcomes: [Outcome]
  var seconds: Double

  static let columns: [Finding.Kind] = [.crash, .hang, .leak, .raw, .width, .exit]

  var table: String {
    var rows: [[String]] = [["class", "probes", "OK"] + Self.columns.map(\.rawValue)]
    func row(_ name: String, _ outcomes: [Outcome]) -> [String] {
      [name, String(outcomes.count), String(outcomes.filter(\.isOK).count)]
        + Self.columns.map { kind in String(outcomes.filter { $0.has(kind) }.count) }
    }
    for group in ProbeClass.allCases {
      let members = outcomes.filter { $0.probe.group == group }
      if !members.isEmpty { rows.append(row(group.rawValue, members)) }
    }
    rows.append(row("all", outcomes))
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    let lines = rows.map { cells in
      cells.enumerated().map { index, cell in
        index == 0
          ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[index] - cell.count) + cell
      }.joined(separator: "  ")
    }
    let setup = outcomes.filter { $0.has(.setup) }.count
    let slowest = outcomes.sorted { $0.seconds > $1.seconds }.prefix(5).map {
      "\(Checks.escaped($0.probe.name, limit: 40)) \(String(format: "%.1f", $0.seconds)) s"
    }
    return lines.joined(separator: "\n") + "\n"
      + "\(outcomes.count) probes in \(String(format: "%.1f", seconds)) s; the slowest: \(slowest.joined(separator: ", "))"
      + (setup > 0 ? "; \(setup) could not be set up" : "")
  }

  /// Each failing probe: class, name, what was wrong, and an escaped excerpt.
  var failures: String {
    outcomes.filter { !$0.isOK }
      .sorted { ($0.probe.group.rawValue, $0.probe.name) < ($1.probe.group.rawValue, $1.probe.name) }
      .map { outcome in
        let problems = outcome.findings.map { finding in
          "    \(finding.kind.rawValue): \(finding.detail)"
            + (finding.excerpt.isEmpty ? "" : "\n      | \(finding.excerpt)")
        }
        return "[\(outcome.probe.group.rawValue)] \(Checks.escaped(outcome.probe.name, limit: 80))\n"
          + problems.joined(separator: "\n")
      }
      .joined(separator: "\n")
  }
}
