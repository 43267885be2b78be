import Foundation
import MarvelPlugin
import PluginHost
import ScreenKinds
import ScreenKit
import ScreenSystem

/// P5: the peak resident memory of a process that pages through many records and holds them the
/// way a list screen holds them (Screens/characters.json's list: each page of an API's answer
/// parsed, and of each record the members the screen reads kept, `PagedList.kept`), next to the
/// raw bytes of the answers; and, on rows of their own, one whole response loaded through the JSON
/// layer and through jansson alone. Each figure comes from a fresh child process (this program,
/// run again in a child mode), so nothing measured before can raise the high-water mark.
struct MemoryBenchmark {
  let records: Int
  let seed: UInt64
  let runs: Int
  /// This program, to run as the child.
  let executable: String

  /// What a child does before it reports its high-water mark.
  enum Mode: String, CaseIterable {
    /// Reads the file only: the process, its libraries and the raw bytes.
    case bytes
    /// Reads it and parses it with jansson alone (then frees the tree).
    case jansson
    /// Reads it and loads it through the JSON layer, into `JSON` values.
    case json
    /// Pages through the records, 100 an answer, and holds them as the characters list does.
    case list
    /// The same, holding every record whole (a screen whose template reads the record whole).
    case listWhole = "list-whole"
  }

  /// Records in one answer of the paged modes (Marvel's largest page).
  static let pageSize = 100

  func run() throws -> Section {
    let bytes = APIDocument.response(records: records, seed: seed)
    let raw = Double(bytes.count) / 1_048_576
    var section = Section(
      id: "P5", title: "memory: peak RSS (VmHWM) after loading \(grouped(records)) records")
    let path = NSTemporaryDirectory() + "/screenbench-\(getpid()).json"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }

    var pagedRaw = 0.0
    let measured = try sideBySide(
      rounds: runs,
      Mode.allCases.map { mode in
        {
          let (peak, raw) = try peak(mode, path)
          if let raw { pagedRaw = raw }
          return peak
        }
      })
    let pages = (records + Self.pageSize - 1) / Self.pageSize
    section.rows.append(
      Row("raw bytes of \(grouped(pages)) answers of \(Self.pageSize) records", .megabytes, Measurement([pagedRaw])))
    section.rows.append(
      Row(
        "peak: list holding them (members the screen reads)", .megabytes, measured[3], goal: .atMost(3 * pagedRaw + 30))
    )
    section.rows.append(Row("list peak / raw bytes", .ratio, measured[3].map { $0 / pagedRaw }))
    section.rows.append(Row("peak: list holding them whole (no goal)", .megabytes, measured[4]))
    section.rows.append(Row("raw JSON bytes of one response", .megabytes, Measurement([raw])))
    section.rows.append(Row("peak: process + bytes read", .megabytes, measured[0]))
    section.rows.append(Row("peak: + jansson tree (json_loadb)", .megabytes, measured[1]))
    section.rows.append(Row("peak: + JSON layer (JSON.parse, whole records)", .megabytes, measured[2]))
    section.rows.append(Row("JSON layer peak / raw bytes", .ratio, measured[2].map { $0 / raw }))
    section.rows.append(Row("JSON layer peak / jansson peak", .ratio, Measurement.ratio(measured[2], measured[1])))
    section.notes.append(
      "goal: 3 x raw + 30 MB = \(Unit.megabytes.format(3 * pagedRaw + 30)) for the list; MB here are MiB")
    return section
  }

  /// Runs a child in `mode` on the file and returns its high-water mark in MiB, and the raw bytes
  /// it paged through (MiB) in the paged modes.
  private func peak(_ mode: Mode, _ path: String) throws -> (peak: Double, raw: Double?) {
    let arguments = [executable, Self.childFlag, mode.rawValue, path, String(records), String(seed)]
    guard let output = ChildProcess.output(of: arguments) else {
      throw ChildProcess.Failure(description: "the P5 child (\(mode.rawValue)) failed")
    }
    let fields = output.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
    guard let kilobytes = fields.first else {
      throw ChildProcess.Failure(description: "the P5 child (\(mode.rawValue)) printed '\(output)'")
    }
    return (kilobytes / 1_024, fields.count > 2 ? fields[2] / 1_048_576 : nil)
  }

  static let childFlag = "--memory-child"

  /// The child: loads the file as `mode` says, then prints its VmHWM in kB and what it loaded.
  static func child(_ arguments: [String]) -> Int32 {
    guard arguments.count == 4, let mode = Mode(rawValue: arguments[0]), let records = Int(arguments[2]),
      let seed = UInt64(arguments[3])
    else {
      return 2
    }
    if mode == .list || mode == .listWhole {
      return paged(records: records, seed: seed, whole: mode == .listWhole)
    }
    guard let bytes = read(arguments[1]) else { return 2 }
    var loaded = 0
    switch mode {
    case .list, .listWhole:
      return 2
    case .bytes:
      loaded = bytes.count
    case .jansson:
      loaded = RawJansson.parseAndRelease(bytes) ? 1 : 0
    case .json:
      loaded = (try? JSON.parse(bytes, options: .response))?[path: ["data", "results"]]?.arrayValue?.count ?? 0
    }
    guard loaded > 0, let peak = highWaterMark() else { return 1 }
    print("\(peak) \(loaded)")
    return 0
  }

  /// Pages through `records` records, `pageSize` an answer (each generated, parsed as a live
  /// source parses it, `data.results` taken), holding them as the characters list holds them
  /// (`PagedList.kept`, with the members its templates read, or whole); prints the peak in kB,
  /// the records held and the raw bytes of the answers.
  private static func paged(records: Int, seed: UInt64, whole: Bool) -> Int32 {
    let registry = PluginRegistry([MarvelPlugin.plugin])
    guard let spec = try? ScreenLoader(registry: registry, kinds: .standard).load(FirstFrameBenchmark.screen) else {
      return 1
    }
    let members = whole ? nil : spec.recordMembers
    var held: [JSON] = []
    var raw = 0
    var page = 0
    while held.count < records {
      let bytes = APIDocument.response(records: min(pageSize, records - held.count), seed: seed &+ UInt64(page))
      raw += bytes.count
      guard let answer = try? JSON.parse(bytes, options: .response),
        let results = answer[path: ["data", "results"]]?.arrayValue, !results.isEmpty
      else { return 1 }
      held += PagedList.kept(results, members: members)
      page += 1
    }
    guard let peak = highWaterMark() else { return 1 }
    print("\(peak) \(held.count) \(raw)")
    return 0
  }

  /// The file's bytes, read into an array of exactly its size (no doubling as it grows).
  private static func read(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    let size = Int(status.st_size)
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      while count < size {
        let got = SystemIO.read(descriptor, buffer.baseAddress! + count, size - count)
        if got <= 0 {
          failed = got < 0
          break
        }
        count += got
      }
    }
    return failed ? nil : bytes
  }

  /// VmHWM from /proc/self/status: the most resident memory this process has had, in kB.
  private static func highWaterMark() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }
    return nil
  }
}
