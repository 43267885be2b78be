import Foundation

/// The figures of one quantity over several runs: what the table shows is the median, with the
/// smallest and largest run beside it, because one run on a shared machine proves little.
struct Measurement: Sendable, Codable {
  /// Every run, in the order measured.
  var runs: [Double]

  init(_ runs: [Double]) {
    self.runs = runs
  }

  var median: Double {
    let sorted = runs.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  var min: Double { runs.min() ?? .nan }
  var max: Double { runs.max() ?? .nan }

  /// The run-by-run ratio of two quantities measured side by side (run `i` of each was taken in
  /// the same round), so a burst of load on the machine falls on both sides of each ratio.
  static func ratio(_ numerator: Measurement, _ denominator: Measurement) -> Measurement {
    Measurement(zip(numerator.runs, denominator.runs).map { $0 / $1 })
  }

  /// The same runs, each mapped (seconds to MB/s, for example).
  func map(_ transform: (Double) -> Double) -> Measurement {
    Measurement(runs.map(transform))
  }
}

/// Wall time of a piece of work, on the monotonic clock.
enum Stopwatch {
  /// Seconds `work` took.
  static func seconds(_ work: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try work()
    return (clock.now - start).seconds
  }
}

extension Duration {
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}

/// Runs `contenders` round by round, `rounds` times, rotating who goes first in each round, so
/// that no contender always runs on a cache warmed (or a core heated) by another.
///
/// Returns one measurement per contender, in the order given, each with one run per round.
func sideBySide(rounds: Int, _ contenders: [() throws -> Double]) throws -> [Measurement] {
  var runs = Array(repeating: [Double](), count: contenders.count)
  for round in 0..<rounds {
    for step in 0..<contenders.count {
      let index = (round + step) % contenders.count
      runs[index].append(try contenders[index]())
    }
  }
  return runs.map(Measurement.init)
}
