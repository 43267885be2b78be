import FoundationEssentials
import ScreenJSON
import ScreenKit
import ScreenSystem
import ScreenText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `screenrun plugin check DIR`: holds a plugin's program to the protocol of PLUGINS.md.
///
/// It starts the program, says hello, pages through each list resource (a few pages), fetches a
/// record of each record resource, cancels a request, and closes stdin. A request carries the
/// parameters given (`plugin check --param KEY=VALUE`) that its resource declares; a list whose
/// required parameter is not given is not paged, and a record's required parameter not given is
/// taken from a paged record's member of the same name, or its `id`. A record the check asked
/// for with a value it took that way, answered "not found", is a note, not a violation. It sends one request at a
/// time, so every answer has one request it can belong to, and it reports every broken rule with
/// the request that caused it: the request's line and the answer's line number in the exchange.
/// A stream that cannot be read on (not JSON, a line too long, the program gone, no answer in
/// time) ends the exchange; a wrongly shaped answer does not.
package enum ConformanceCheck {
  /// What the check found.
  package struct Report: Sendable {
    /// A broken rule: why (worded to follow "plugin 'NAME' "), the line of the exchange that broke
    /// it (when a line did), and the request line it answered or followed.
    package struct Violation: Sendable, Equatable {
      package var reason: String
      package var line: Int?
      package var request: Int?
    }

    package var manifest: PluginManifest
    /// The argv run, when it could be resolved.
    package var program: [String] = []
    /// Each line of the exchange, in order: `> ` sent, `< ` received. Line `n` is `exchange[n - 1]`.
    package var exchange: [String] = []
    /// What was checked and held, a line each.
    package var passed: [String] = []
    /// What could not be checked, and why (and other remarks).
    package var notes: [String] = []
    /// What was not checked, a few words each ("list 'items' (needs 'feed')"): the plugin
    /// conforms only in what was checked.
    package var skipped: [String] = []
    package var violations: [Violation] = []
    /// The end of the program's stderr.
    package var log = ""

    package var conforms: Bool { violations.isEmpty }

    /// Line `number` of the exchange, clipped for a message.
    package func line(_ number: Int) -> String {
      guard number >= 1, number <= exchange.count else { return "" }
      return ProtocolRules.clip(exchange[number - 1])
    }
  }

  /// Checks `manifest`'s program: `pages` pages of each list resource, `pageSize` records a page
  /// (at most the resource's largest page).
  package static func run(
    _ manifest: PluginManifest, context: PluginContext, parameters: [String: String] = [:], pages: Int = 3,
    pageSize: Int = 5
  ) -> Report {
    var report = Report(manifest: manifest)
    let timeout = ExternalSource.timeout(manifest, environment: context.environment)
    let spawned: PluginSpawn
    do {
      spawned = try PluginSpawn(manifest, environment: context.environment)
    } catch {
      report.violations.append(Report.Violation(reason: error.message, line: nil, request: nil))
      return report
    }
    report.program = spawned.argv
    let exchange = Exchange(spawned, timeout: timeout)
    var checker = Checker(exchange: exchange, manifest: manifest, report: report, given: parameters)
    checker.check(mode: context.mode, pages: pages, pageSize: pageSize)
    report = checker.report
    let ended = exchange.finish()
    if checker.stopped {
      // The exchange broke off: how the program then ends is no further finding.
    } else if let ended {
      report.passed.append("stop: the program \(ended) when its stdin was closed")
    } else {
      report.violations.append(
        Report.Violation(
          reason: "did not exit within \(ExternalSource.grace) of its stdin closing (its process group was killed)",
          line: nil, request: nil))
    }
    report.exchange = exchange.lines
    report.log = String(decoding: exchange.log, as: UTF8.self)
    return report
  }

  /// The checks, in order, on one exchange.
  private struct Checker {
    let exchange: Exchange
    let manifest: PluginManifest
    var report: Report
    /// The parameters given (`--param`).
    let given: [String: String]
    /// Whether the exchange broke off (nothing more can be read from it).
    var stopped = false
    private var nextID = 1
    private var answered: Set<Int> = []
    private var cancelled: Set<Int> = []
    /// The records the pages held, for the record resources' parameters.
    private var records: [JSONObject] = []
    /// Each paged list resource's first page: the size asked for and its records (the objects).
    private var firstPages: [(resource: Resource, pageSize: Int, records: [JSONObject])] = []

    init(exchange: Exchange, manifest: PluginManifest, report: Report, given: [String: String]) {
      self.exchange = exchange
      self.manifest = manifest
      self.report = report
      self.given = given
    }

    /// The given parameters `resource` declares.
    private func givenParameters(for resource: Resource) -> [String: String] {
      given.filter { name, _ in resource.parameter(named: name) != nil }
    }

    /// The first required parameter of `resource` that was not given.
    private func missing(_ resource: Resource) -> Parameter? {
      resource.parameters.first { $0.required && given[$0.name] == nil }
    }

    mutating func check(mode: PluginContext.DataMode, pages: Int, pageSize: Int) {
      let hello = exchange.send(.hello(Wire.Hello(mode: mode)))
      // A start is given `ExternalSource.helloTimeout`, as the runtime gives it.
      guard
        let answer = receive(
          after: hello, waitingFor: "its \"hello\"", within: ExternalSource.helloTimeout(exchange.timeout))
      else { return }
      if case .failure(let broken) = WireCodec.hello(answer.message) {
        return stop(broken.reason, line: answer.line, request: hello)
      }
      report.passed.append("hello: protocol \(PluginManifest.protocolVersion) (lines \(hello) and \(answer.line))")
      for resource in manifest.resources where resource.kind == .list && !stopped {
        page(resource, pages: pages, pageSize: min(pageSize, resource.maxPageSize))
      }
      for resource in manifest.resources where resource.kind == .record && !stopped {
        record(resource)
      }
      if !stopped, let resource = manifest.resources.first(where: { $0.kind == .list && missing($0) == nil }) {
        cancel(resource, pageSize: min(pageSize, resource.maxPageSize))
      } else if !stopped, manifest.resources.contains(where: { $0.kind == .list }) {
        report.notes.append("cancel: not checked; every list resource needs a parameter that was not given")
        report.skipped.append("cancel")
      }
      if !stopped { members() }
    }

    /// Pages through a list resource from its first page, at most `pages` pages.
    private mutating func page(_ resource: Resource, pages: Int, pageSize: Int) {
      if let needed = missing(resource) {
        report.notes.append(
          "\(resource.name): not paged; it needs parameter '\(needed.name)': give one with --param \(needed.name)=VALUE"
        )
        report.skipped.append("list '\(resource.name)' (needs '\(needed.name)')")
        return
      }
      let parameters = givenParameters(for: resource)
      var cursor: String?
      var cursors: [String] = []
      var count = 0
      var paged = 0
      while paged < pages, !stopped {
        let (id, sent) = request(
          .page(
            Wire.PageRequest(
              resource: resource.name, parameters: parameters, cursor: cursor, pageSize: pageSize, members: nil)))
        guard let answer = answer(id, to: sent, kind: .page), let page = page(answer, to: sent) else { return }
        if paged == 0 { firstPages.append((resource, pageSize, page.records.compactMap(\.objectValue))) }
        paged += 1
        count += page.records.count
        records += page.records.compactMap(\.objectValue)
        if page.records.count > pageSize {
          violation(
            "answered a page of \(page.records.count) records to a request for \(pageSize)", line: answer.line,
            request: sent)
        }
        if let total = page.total, let reachable = page.reachable, reachable > total {
          violation(
            "answered a page whose \"reachable\" (\(reachable)) is more than its \"total\" (\(total))",
            line: answer.line, request: sent)
        }
        if let nonObject = page.records.first(where: { $0.objectValue == nil }) {
          report.notes.append(
            "\(resource.name): a record is \(nonObject.typeDescription), not an object: a screen binds members (line \(answer.line))"
          )
        }
        guard let next = page.next else { break }
        if page.records.isEmpty {
          violation("answered an empty page with a \"next\" cursor", line: answer.line, request: sent)
          break
        }
        if cursors.contains(next) || next == "" {
          violation(
            "answered a page whose \"next\" cursor '\(ProtocolRules.clip(next))' was given before: paging would never end",
            line: answer.line, request: sent)
          break
        }
        cursors.append(next)
        cursor = next
      }
      let cursorsText =
        cursors.isEmpty ? "no next cursor" : "cursors " + cursors.map { "'\($0)'" }.joined(separator: ", ")
      report.passed.append(
        "\(resource.name): \(paged) page\(paged == 1 ? "" : "s") of at most \(pageSize), \(count) records, \(ProtocolRules.clip(cursorsText))"
      )
    }

    /// Fetches one record: its parameters given, or its required ones taken from the paged records
    /// (`TakenParameters`, which the check of a declared API shares).
    private mutating func record(_ resource: Resource) {
      let taking = TakenParameters(for: resource, given: given, records: records)
      if let missing = taking.missing {
        report.notes.append(
          "\(resource.name): not fetched; no paged record has a member '\(missing)' to take its value from: give one with --param \(missing)=VALUE"
        )
        report.skipped.append("record '\(resource.name)' (needs '\(missing)')")
        return
      }
      let (parameters, madeUp) = (taking.parameters, taking.taken)
      let (id, sent) = request(.record(Wire.RecordRequest(resource: resource.name, parameters: parameters)))
      guard let answer = answer(id, to: sent, kind: .record, notFoundIsNote: !madeUp.isEmpty) else {
        if notFound {
          notFound = false
          let taken = madeUp.map { "'\($0)' (\(ProtocolRules.clip(parameters[$0] ?? "")))" }.joined(separator: ", ")
          report.notes.append(
            "\(resource.name): the check took \(taken) from a paged record, and the plugin answered \"not found\" (line \(sent + 1)); give one that exists with --param \(madeUp[0])=VALUE"
          )
          report.skipped.append("record '\(resource.name)' (not found)")
        }
        return
      }
      switch answer.body {
      case .failure(let broken): violation(broken.reason, line: answer.line, request: sent)
      case .success:
        let given = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\(ProtocolRules.clip($0.value))" }
        report.passed.append("\(resource.name): a record (\(given.joined(separator: ", ")))")
      }
    }

    /// Sends a page request and cancels it at once, then asks again: an answer to the cancelled
    /// one may come or not, but the plugin must go on serving.
    private mutating func cancel(_ resource: Resource, pageSize: Int) {
      let first = Wire.Request.page(
        Wire.PageRequest(
          resource: resource.name, parameters: givenParameters(for: resource), cursor: nil, pageSize: pageSize,
          members: nil))
      let (stale, _) = request(first)
      _ = exchange.send(.cancel(id: stale))
      cancelled.insert(stale)
      let (id, sent) = request(first)
      guard let answer = answer(id, to: sent, kind: .page), page(answer, to: sent) != nil else { return }
      report.passed.append(
        "cancel: request \(stale) cancelled \(answered.contains(stale) ? "(its answer came, and was dropped)" : "(no answer came)"), and the next one answered"
      )
    }

    /// Asks again for the first page of the first list resource that had records, naming in
    /// `members` about half of the members every one of them has: the plugin may leave out the
    /// members not named (or send whole records), never one named, and the page keeps its records.
    private mutating func members() {
      guard let (resource, pageSize, first) = firstPages.first(where: { !$0.records.isEmpty }) else {
        report.notes.append("members: not checked; no list resource gave a first page of records (objects)")
        return
      }
      var common = Set(first[0].keys)
      for record in first.dropFirst() { common.formIntersection(record.keys) }
      let named = Array(common.sorted().prefix(max(1, common.count / 2)))
      guard !named.isEmpty else {
        report.notes.append("members: not checked; the records of the first page of \(resource.name) share no member")
        return
      }
      let (id, sent) = request(
        .page(
          Wire.PageRequest(
            resource: resource.name, parameters: givenParameters(for: resource), cursor: nil, pageSize: pageSize,
            members: RecordMembers(named))))
      guard let answer = answer(id, to: sent, kind: .page), let page = page(answer, to: sent) else { return }
      guard page.records.count >= first.count else {
        return violation(
          "answered a page of \(page.records.count) records to a request naming \"members\", where the same page without them had \(first.count): the hint must not change which records a page holds",
          line: answer.line, request: sent)
      }
      var more = false
      for (index, record) in page.records.enumerated() {
        guard let object = record.objectValue else { continue }
        if let missing = named.first(where: { object[$0] == nil }) {
          return violation(
            "answered a page whose record \(index + 1) lacks member '\(ProtocolRules.clip(missing))', which its request named in \"members\"",
            line: answer.line, request: sent)
        }
        more = more || object.keys.contains { !named.contains($0) }
      }
      let list = named.map { "'\(ProtocolRules.clip($0))'" }.joined(separator: ", ")
      report.passed.append(
        "members: a page of \(resource.name) naming \(list) has them in every record (\(more ? "other members sent too, which is allowed" : "the others left out"))"
      )
    }

    /// Sends a request; its id and line.
    private mutating func request(_ request: Wire.Request) -> (id: Int, line: Int) {
      let id = nextID
      nextID += 1
      return (id, exchange.send(.request(id: id, request)))
    }

    /// The page an answer holds, or nil with the rule it breaks recorded.
    private mutating func page(_ answer: (body: Result<Wire.Body, Wire.Broken>, line: Int), to sent: Int)
      -> Wire.PageAnswer?
    {
      switch answer.body {
      case .success(.page(let page)): return page
      case .failure(let broken): violation(broken.reason, line: answer.line, request: sent)
      case .success: break  // `answer(_:to:kind:)` lets only a page through to a page request
      }
      return nil
    }

    /// Whether the last `answer(…, notFoundIsNote: true)` was a well-formed "not found" error.
    private var notFound = false

    /// Reads until the answer to request `id` (sent on line `sent`), checking each line on the
    /// way; nil when the exchange broke off or the answer is an error. With `notFoundIsNote`, a
    /// well-formed "not found" error is no violation: `notFound` is set instead.
    private mutating func answer(_ id: Int, to sent: Int, kind: Wire.AnswerType, notFoundIsNote: Bool = false)
      -> (body: Result<Wire.Body, Wire.Broken>, line: Int)?
    {
      while true {
        guard let message = receive(after: sent, waitingFor: "an answer to request \(id)") else { return nil }
        let line = message.line
        let answer: Wire.Answer
        switch WireCodec.answer(message.message) {
        case .failure(let broken):
          stop(broken.reason, line: line, request: sent)
          return nil
        case .success(let decoded): answer = decoded
        }
        let answeredID = answer.id
        if answeredID != id {
          if answered.contains(answeredID) {
            stop("answered request \(answeredID) twice", line: line, request: sent)
            return nil
          }
          if cancelled.contains(answeredID) {
            answered.insert(answeredID)  // a cancelled request's answer: dropped
            continue
          }
          stop("answered request \(answeredID), which was never sent", line: line, request: sent)
          return nil
        }
        answered.insert(id)
        if case .success(.error(let error)) = answer.body {
          if let broken = error.broken {
            violation(broken.reason, line: line, request: sent)
          } else if notFoundIsNote, error.kind == "not found" {
            notFound = true
          } else {
            violation(
              "answered the \(kind.rawValue) request with an error: \(ProtocolRules.error(error, plugin: manifest.name))",
              line: line, request: sent)
          }
          return nil
        }
        guard answer.type == kind else {
          violation(
            "answered a \"\(kind.rawValue)\" request with \"\(answer.type.rawValue)\"", line: line, request: sent)
          return nil
        }
        return (answer.body, line)
      }
    }

    /// The next message, or nil (with the violation recorded) when the exchange broke off.
    private mutating func receive(after sent: Int, waitingFor what: String, within seconds: Double? = nil)
      -> (message: Wire.Incoming, line: Int)?
    {
      let seconds = seconds ?? exchange.timeout
      while true {
        switch exchange.receive(within: seconds) {
        case .line(let line, let bytes):
          switch WireCodec.decode(bytes) {
          case nil: continue
          case .failure(let broken)?:
            stop(broken.reason, line: line, request: sent)
            return nil
          case .success(let message)?: return (message, line)
          }
        case .tooLong(let line):
          stop("wrote a line over \(ExternalSource.maximumLine >> 20) MiB", line: line, request: sent)
        case .ended(let how):
          stop("\(how) while the check waited for \(what)", line: nil, request: sent)
        case .timedOut:
          stop(
            "did not answer within \(ExternalProcess.seconds(seconds)) (waiting for \(what))", line: nil, request: sent)
        case .stoppedReading(let line):
          stop(
            "did not read line \(line) of the exchange within \(ExternalProcess.seconds(exchange.timeout)): it stopped reading its stdin",
            line: nil, request: line)
        }
        return nil
      }
    }

    private mutating func violation(_ reason: String, line: Int?, request: Int?) {
      report.violations.append(Report.Violation(reason: reason, line: line, request: request))
    }

    private mutating func stop(_ reason: String, line: Int?, request: Int?) {
      violation(reason, line: line, request: request)
      stopped = true
    }
  }
}

/// One exchange with a program, a line at a time: what is sent, what is read (with a deadline),
/// and its stderr (the end kept), numbered as one transcript.
private final class Exchange {
  let spawned: PluginSpawn
  let timeout: Double
  private(set) var lines: [String] = []
  private(set) var log: [UInt8] = []
  private var framing = LineFraming(limit: ExternalSource.maximumLine)
  private var outputOpen = true
  private var errorsOpen = true
  private var inputOpen = true
  /// The line the program stopped reading, when a write did not end within the timeout.
  private var unread: Int?

  enum Received {
    case line(Int, [UInt8])
    case tooLong(Int)
    case ended(String)
    case timedOut
    /// The program stopped reading its stdin: line `n` could not be written within the timeout.
    case stoppedReading(Int)
  }

  init(_ spawned: PluginSpawn, timeout: Double) {
    self.spawned = spawned
    self.timeout = timeout
    PluginSpawn.nonBlocking(spawned.input)
    let input = spawned.input
    PluginProcesses.track(spawned.pid) { _ = SystemIO.close(input) }
  }

  /// Writes a message, waiting for room in the pipe at most the timeout; its line number. A
  /// program that does not read it within the timeout is told at the next `receive`.
  func send(_ message: Wire.Outgoing) -> Int {
    lines.append("> " + WireCodec.text(message))
    if inputOpen, unread == nil {
      let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
      switch PluginSpawn.write(WireCodec.encode(message), to: spawned.input, until: deadline) {
      case .all: break
      case .closed: inputOpen = false  // the program is gone: the next read says how
      case .blocked: unread = lines.count
      }
    }
    return lines.count
  }

  /// The next line the program writes, within `seconds` (the timeout unless given).
  func receive(within seconds: Double? = nil) -> Received {
    if let unread { return .stoppedReading(unread) }
    let deadline = ContinuousClock.now + .milliseconds(Int((seconds ?? timeout) * 1000))
    while true {
      switch framing.next() {
      case .line(let line)?:
        // Secrets masked before the line is cut: a cut never leaves the start of one.
        let text = SecretRegistry.shared.redact(String(decoding: line, as: UTF8.self))
        lines.append("< " + String(text.prefix(4096)))
        return .line(lines.count, line)
      case .tooLong(let start)?:
        let quoted = SecretRegistry.shared.redact(String(decoding: start, as: UTF8.self))
        lines.append("< " + String(quoted.prefix(200)) + "… (over 16 MiB, no newline)")
        return .tooLong(lines.count)
      case nil: break
      }
      if !outputOpen {
        // Its last words on stderr are read before the end is told.
        let drain = ContinuousClock.now + .milliseconds(200)
        while errorsOpen, ContinuousClock.now < drain { read(until: drain) }
        for _ in 0..<40 {
          if let exit = PluginSpawn.exit(of: spawned.pid) { return .ended(exit) }
          usleep(5000)
        }
        return .ended("closed its stdout")
      }
      guard ContinuousClock.now < deadline else {
        // Its stdout is open, but the program may be gone: a process it started holds the pipe.
        if let exit = PluginSpawn.exit(of: spawned.pid) {
          return .ended("\(exit), and a process it started kept its stdout open")
        }
        return .timedOut
      }
      read(until: deadline)
    }
  }

  /// Reads what stdout and stderr have, waiting for either until `deadline`.
  private func read(until deadline: ContinuousClock.Instant) {
    var descriptors: [pollfd] = []
    if outputOpen { descriptors.append(pollfd(fd: spawned.output, events: Int16(POLLIN), revents: 0)) }
    if errorsOpen { descriptors.append(pollfd(fd: spawned.errors, events: Int16(POLLIN), revents: 0)) }
    guard !descriptors.isEmpty else { return }
    let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
    let left = max(0, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000) + 1)
    guard poll(&descriptors, nfds_t(descriptors.count), Int32(min(left, 1000))) > 0 else { return }
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    for descriptor in descriptors where descriptor.revents != 0 {
      let count = chunk.withUnsafeMutableBytes { SystemIO.readRetrying(descriptor.fd, $0) }
      if descriptor.fd == spawned.output {
        if count > 0 { framing.append(chunk[0..<count]) } else { outputOpen = false }
      } else if count > 0 {
        log += chunk[0..<count]
        if log.count > ExternalProcess.logLimit { log.removeFirst(log.count - ExternalProcess.logLimit) }
      } else {
        errorsOpen = false
      }
    }
  }

  /// Closes stdin and gives the program the grace period to exit, then stops its process group;
  /// how it ended when it exited within the grace period.
  func finish() -> String? {
    inputOpen = false
    let ended = PluginProcesses.stop([spawned.pid])[spawned.pid]
    close(spawned.output)
    close(spawned.errors)
    return ended
  }
}
