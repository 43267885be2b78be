import Foundation
import ScreenKinds
import ScreenKit

/// P2: how fast the JSON layer turns an API response into `JSON` values, next to jansson alone
/// (the parse the layer starts with) and Foundation's `JSONSerialization`, on the same bytes.
struct JSONThroughputBenchmark {
  let megabytes: Double
  let seed: UInt64
  let runs: Int

  func run() throws -> Section {
    let (bytes, records) = APIDocument.response(megabytes: megabytes, seed: seed)
    let data = Data(bytes)
    let size = Double(bytes.count) / 1_000_000
    var section = Section(
      id: "P2", title: String(format: "JSON throughput: %.1f MB API response, %d records", size, records))

    // Every contender must read the whole document, or it measures nothing.
    let parsed = try JSON.parse(bytes, options: .response)
    guard parsed[path: ["data", "results"]]?.arrayValue?.count == records else {
      throw ChildProcess.Failure(description: "the JSON layer read the generated document wrong")
    }
    guard RawJansson.parseAndRelease(bytes) else {
      throw ChildProcess.Failure(description: "jansson refused the generated document")
    }
    _ = try JSONSerialization.jsonObject(with: data)

    let measured = try sideBySide(
      rounds: runs,
      [
        { try Stopwatch.seconds { _ = try JSON.parse(bytes, options: .response) } },
        { Stopwatch.seconds { _ = RawJansson.parseAndRelease(bytes) } },
        { try Stopwatch.seconds { _ = try JSONSerialization.jsonObject(with: data) } },
      ])
    let throughput = measured.map { $0.map { size / $0 } }
    section.rows.append(Row("ScreenKit JSON.parse (parse + convert)", .megabytesPerSecond, throughput[0]))
    section.rows.append(Row("jansson json_loadb + json_decref", .megabytesPerSecond, throughput[1]))
    section.rows.append(Row("Foundation JSONSerialization", .megabytesPerSecond, throughput[2]))
    section.rows.append(
      Row("JSON.parse / jansson", .ratio, Measurement.ratio(throughput[0], throughput[1]), goal: .atLeast(0.8)))
    section.rows.append(
      Row(
        "JSON.parse / JSONSerialization", .ratio, Measurement.ratio(throughput[0], throughput[2]), goal: .atLeast(1.0)))
    return section
  }
}
