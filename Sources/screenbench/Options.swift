/// What to measure, and how much: the full sizes of the issue by default, tiny ones with
/// `--smoke` (what CI runs, so the benchmark keeps compiling and running), or any in between.
struct Options: Sendable {
  /// Which benchmarks run, by id (P1…P13). P1 needs the builds of `Tests/Benchmarks/p1`, so it
  /// runs when `--p1-builds` is given (which the script does), and not by default.
  var only: Set<String> = ["P2", "P3", "P4", "P5", "P6", "P7", "P8", "P10", "P11", "P12", "P13"]
  /// P1: the folder `Tests/Benchmarks/p1` filled with the static and dynamic screenrun and the
  /// four hello-worlds.
  var p1Builds: String?
  /// Every benchmark's id, in order.
  static let ids = ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P10", "P11", "P12", "P13"]
  /// Runs per figure; nil means each benchmark's own default.
  var runs: Int?
  /// P2: the size of the generated document, in megabytes.
  var megabytes = 20.0
  /// P3: how many records each rendered list holds.
  var renderSizes = [100, 10_000, 100_000]
  /// P4: how many randomized bursts.
  var trials = 1_000
  /// P5: how many records are loaded; P10: how many rows the large list loads.
  var records = 100_000
  /// P10: keystrokes timed on each screen.
  var keystrokes = 500
  /// Seed of every random choice (documents, latencies, keystrokes), so runs can be compared.
  var seed: UInt64 = 6
  /// P13: the screen left idle, and the query it starts with (nil: none).
  var idleScreen = Options.defaultIdleScreen
  var idleQuery: String? = Options.defaultIdleQuery
  /// P13: how long it is left alone, in seconds.
  var idleSeconds = 60
  /// P13's screen by default: a list of GitHub's repositories, searched for what a recording
  /// answers (`Tests/Fixtures/Recorded/github/github_vcr_search_repositories_github3_2017.json`).
  /// Issue 41's screen: four tabs, each refreshing every 5 s, on searches the recordings hold.
  static let defaultIdleScreen = "Tests/Benchmarks/idle/dashboard.json"
  static let defaultIdleQuery: String? = nil
  var smoke = false
  /// Where the table is also written, as JSON.
  var jsonPath: String?
  /// The package root (holding Screens/ and Plugins/); found from the working folder by default.
  var root: String?

  static let usage = """
    usage: screenbench [--smoke] [--only P1,P2,...] [--runs N] [--mb N] [--render-sizes N,N,...]
                       [--trials N] [--records N] [--keystrokes N] [--seed N] [--root DIR]
                       [--json FILE] [--p1-builds DIR] [--idle-screen FILE] [--idle-query TEXT]
                       [--idle-seconds N]

    Measures screenrun side by side with its baselines and prints a table: each figure is the
    median of several runs, with the min and max. Run it from the package root:

      swift run -c release screenbench     P2 to P8, P10, P11 and P12
      Tests/Benchmarks/p1                  P1: builds screenrun static and dynamic, and the
                                           hello-worlds, then runs screenbench --only P1

    options:
      --smoke              tiny sizes and few runs (a few seconds): checks that it still works
      --only IDS           run only these benchmarks: P1 first frame (with --p1-builds), P2 JSON throughput,
                           P3 render scaling, P4 search requests, P5 memory,
                           P6 pathological sizes (1 MB against 256 KB; 128 KB with --smoke),
                           P7 a page through an external plugin against in-process
                           P8 screen tests (screenrun test against a process per test),
                           P10 keystroke to frame through a pty (sample data, 100,000 rows),
                           P11 paging through a declared REST API against the compiled-in source,
                           P12 bytes and frames a keystroke writes through a pty (↓, a character, PgDn),
                           P13 a screen left idle in a pty, live against the replay server: CPU time,
                           wakeups, bytes written and requests (60 s; 5 s with --smoke)
      --runs N             runs per figure (default: 21 for P1, P3 and P7, 7 for P2, 3 for P5)
      --mb N               P2: megabytes of generated JSON (default 20)
      --render-sizes LIST  P3: records loaded in each list (default 100,10000,100000)
      --trials N           P4: randomized keystroke bursts (default 1000)
      --records N          P5: records loaded, P10: rows of the large list (default 100000)
      --keystrokes N       P10: keystrokes timed on each screen (default 500); P12: keystrokes of
                           each kind, at most 20
      --seed N             seed of the generated data and random latencies (default 6)
      --root DIR           the package root (default: found from the working folder)
      --json FILE          also write the table, with every run, as JSON
      --p1-builds DIR      P1: the folder of builds Tests/Benchmarks/p1 made; P1 runs with it
      --idle-screen FILE   P13: the screen left idle (default Tests/Benchmarks/idle/dashboard.json:
                           4 tabs, each refreshing every 5 s, on recorded searches)
      --idle-query TEXT    P13: the search the screen starts with (default none)
      --idle-seconds N     P13: how long it is left alone (default 60; 5 with --smoke)
    """

  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var explicit: Set<String> = []
    var index = 0
    func value(_ option: String) throws(UsageError) -> String {
      index += 1
      guard index < arguments.count else { throw UsageError(description: "\(option) needs a value") }
      return arguments[index]
    }
    func number(_ option: String, _ text: String) throws(UsageError) -> Int {
      guard let number = Int(text), number > 0 else {
        throw UsageError(description: "\(option) takes a positive whole number, not '\(text)'")
      }
      return number
    }
    while index < arguments.count {
      let option = arguments[index]
      switch option {
      case "--smoke":
        options.smoke = true
      case "--only":
        let ids = try value(option).uppercased().split(separator: ",").map { String($0) }
        guard !ids.isEmpty, ids.allSatisfy({ Options.ids.contains($0) }) else {
          throw UsageError(description: "--only takes ids among \(Options.ids.joined(separator: ","))")
        }
        options.only = Set(ids)
      case "--runs":
        options.runs = try number(option, try value(option))
      case "--mb":
        let text = try value(option)
        guard let megabytes = Double(text), megabytes > 0 else {
          throw UsageError(description: "--mb takes a positive number, not '\(text)'")
        }
        options.megabytes = megabytes
      case "--render-sizes":
        var sizes: [Int] = []
        for part in try value(option).split(separator: ",") { sizes.append(try number(option, String(part))) }
        guard !sizes.isEmpty else { throw UsageError(description: "--render-sizes takes a list such as 100,10000") }
        options.renderSizes = sizes
      case "--trials":
        options.trials = try number(option, try value(option))
      case "--records":
        options.records = try number(option, try value(option))
      case "--keystrokes":
        options.keystrokes = try number(option, try value(option))
      case "--seed":
        let text = try value(option)
        guard let seed = UInt64(text) else { throw UsageError(description: "--seed takes a number, not '\(text)'") }
        options.seed = seed
      case "--root":
        options.root = try value(option)
      case "--json":
        options.jsonPath = try value(option)
      case "--p1-builds":
        options.p1Builds = try value(option)
      case "--idle-screen":
        options.idleScreen = try value(option)
      case "--idle-query":
        let query = try value(option)
        options.idleQuery = query.isEmpty ? nil : query
      case "--idle-seconds":
        options.idleSeconds = try number(option, try value(option))
      case "--help", "-h":
        throw UsageError(description: "")
      default:
        throw UsageError(description: "unknown option '\(option)'")
      }
      explicit.insert(option)
      index += 1
    }
    if options.p1Builds != nil, !explicit.contains("--only") { options.only.insert("P1") }
    if options.only.contains("P1"), options.p1Builds == nil {
      throw UsageError(
        description: "P1 needs the static and dynamic builds: run Tests/Benchmarks/p1, which builds them and runs P1")
    }
    if options.smoke {
      // Tiny sizes, unless given: enough to run every path once, in seconds.
      if !explicit.contains("--runs") { options.runs = 3 }
      if !explicit.contains("--mb") { options.megabytes = 0.5 }
      if !explicit.contains("--render-sizes") { options.renderSizes = [100, 1_000] }
      if !explicit.contains("--trials") { options.trials = 20 }
      if !explicit.contains("--records") { options.records = 1_000 }
      if !explicit.contains("--keystrokes") { options.keystrokes = 20 }
      if !explicit.contains("--idle-seconds") { options.idleSeconds = 5 }
    }
    return options
  }

  func runs(default count: Int) -> Int { runs ?? count }

  /// The sizes and runs, in a line, as the table's heading states them.
  var summary: String {
    let sizes = renderSizes.map(grouped).joined(separator: "/")
    return "P2 \(megabytes) MB, P3 \(sizes) records, P4 \(grouped(trials)) trials, P5 \(grouped(records)) records, "
      + "runs \(runs.map(String.init) ?? "21/7/21/-/3"), seed \(seed)"
  }

  /// The settings as the report records them.
  var settings: [String: String] {
    [
      "runs": runs.map(String.init) ?? "default", "mb": String(megabytes),
      "renderSizes": renderSizes.map(String.init).joined(separator: ","), "trials": String(trials),
      "records": String(records), "keystrokes": String(keystrokes), "seed": String(seed), "smoke": String(smoke),
      "only": only.sorted().joined(separator: ","), "p1Builds": p1Builds ?? "", "idleScreen": idleScreen,
      "idleQuery": idleQuery ?? "", "idleSeconds": String(idleSeconds),
    ]
  }
}
