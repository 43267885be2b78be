import Foundation

/// What a figure should come to, and whether it did.
struct Goal: Sendable, Codable {
  enum Comparison: String, Sendable, Codable {
    case atMost = "<="
    case atLeast = ">="
    case exactly = "=="
  }

  /// Which runs must meet the goal: the median (timings, which have outliers on a shared machine)
  /// or every run (counts, where one bad trial is a bug).
  enum Scope: String, Sendable, Codable {
    case median
    case everyRun = "every run"
  }

  var comparison: Comparison
  var value: Double
  var scope: Scope = .median

  static func atMost(_ value: Double, _ scope: Scope = .median) -> Goal {
    Goal(comparison: .atMost, value: value, scope: scope)
  }
  static func atLeast(_ value: Double, _ scope: Scope = .median) -> Goal {
    Goal(comparison: .atLeast, value: value, scope: scope)
  }
  static func exactly(_ value: Double) -> Goal { Goal(comparison: .exactly, value: value, scope: .everyRun) }

  func isMet(by measurement: Measurement) -> Bool {
    let values = scope == .median ? [measurement.median] : measurement.runs
    guard !values.isEmpty else { return false }
    return values.allSatisfy { value in
      switch comparison {
      case .atMost: value <= self.value
      case .atLeast: value >= self.value
      case .exactly: value == self.value
      }
    }
  }
}

/// How a figure reads: its unit, and how many decimals are worth printing.
enum Unit: String, Sendable, Codable {
  case milliseconds = "ms"
  case microseconds = "µs"
  case megabytesPerSecond = "MB/s"
  case megabytes = "MB"
  case ratio = "x"
  case percent = "%"
  case count = ""

  func format(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    switch self {
    case .milliseconds, .microseconds: return String(format: value < 10 ? "%.2f" : "%.1f", value) + " " + rawValue
    case .megabytesPerSecond, .megabytes: return String(format: "%.1f", value) + " " + rawValue
    case .ratio: return String(format: "%.2f", value) + rawValue
    case .percent: return String(format: "%.2f", value) + " " + rawValue
    case .count: return value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
  }
}

/// One line of the table: a figure over its runs, and its goal if it has one.
struct Row: Sendable, Codable {
  var label: String
  var unit: Unit
  var measurement: Measurement
  var goal: Goal?

  var isMet: Bool? { goal.map { $0.isMet(by: measurement) } }

  enum CodingKeys: String, CodingKey {
    case label, unit, median, min, max, runs, goal, met
  }

  init(_ label: String, _ unit: Unit, _ measurement: Measurement, goal: Goal? = nil) {
    self.label = label
    self.unit = unit
    self.measurement = measurement
    self.goal = goal
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    label = try container.decode(String.self, forKey: .label)
    unit = try container.decode(Unit.self, forKey: .unit)
    measurement = Measurement(try container.decode([Double].self, forKey: .runs))
    goal = try container.decodeIfPresent(Goal.self, forKey: .goal)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(label, forKey: .label)
    try container.encode(unit, forKey: .unit)
    try container.encode(measurement.median, forKey: .median)
    try container.encode(measurement.min, forKey: .min)
    try container.encode(measurement.max, forKey: .max)
    try container.encode(measurement.runs, forKey: .runs)
    try container.encodeIfPresent(goal, forKey: .goal)
    try container.encodeIfPresent(isMet, forKey: .met)
  }
}

/// One benchmark's part of the table: its rows, and notes on what was skipped or what bounds it.
struct Section: Sendable, Codable {
  var id: String
  var title: String
  var rows: [Row] = []
  var notes: [String] = []
}

/// The whole run: where it ran, with which sizes, and every section.
struct Report: Sendable, Codable {
  var machine: Machine
  var settings: [String: String]
  var sections: [Section] = []
  var seconds: Double = 0

  /// The table as the terminal and BENCHMARKS.md show it.
  var table: String {
    let labelWidth = max(44, sections.flatMap(\.rows).map(\.label.count).max() ?? 0) + 2
    func cell(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    var lines: [String] = []
    lines.append(
      "figure".padding(toLength: labelWidth, withPad: " ", startingAt: 0) + cell("median", 12) + cell("min", 12)
        + cell("max", 12) + "   goal")
    for section in sections {
      lines.append("")
      lines.append("\(section.id)  \(section.title)")
      for row in section.rows {
        var line =
          ("  " + row.label).padding(toLength: labelWidth, withPad: " ", startingAt: 0)
          + cell(row.unit.format(row.measurement.median), 12) + cell(row.unit.format(row.measurement.min), 12)
          + cell(row.unit.format(row.measurement.max), 12)
        if let goal = row.goal {
          let scope = goal.scope == .everyRun ? " every run" : ""
          line += "   \(goal.comparison.rawValue) \(row.unit.format(goal.value))\(scope)  "
          line += row.isMet == true ? "met" : "MISSED"
        }
        lines.append(line)
      }
      for note in section.notes { lines.append("  note: " + note) }
    }
    return lines.joined(separator: "\n")
  }

  /// The goals that were missed, by section and row.
  var misses: [String] {
    sections.flatMap { section in
      section.rows.filter { $0.isMet == false }.map { "\(section.id) \($0.label)" }
    }
  }
}

/// A count with thousands separated by commas ("100,000"), as the table prints sizes.
func grouped(_ number: Int) -> String {
  let digits = String(number.magnitude)
  var result = ""
  for (index, digit) in digits.enumerated() {
    if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
    result.append(digit)
  }
  return (number < 0 ? "-" : "") + result
}
