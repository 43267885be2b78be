import FoundationEssentials
import PluginHost
import ScreenKit
import ScreenTerminal

/// `screenrun plugin check DIR... [BASE_URL]` for a REST API declared in a `plugin.json` (`http`):
/// asks each resource once, at `BASE_URL` when given (an operand starting with `http://` or
/// `https://`, which stands for the manifest's base URL variable and implies live data), and says
/// what came back, a line on stdout for each resource: how many records, whether a next page
/// came, or the error (also on stderr, located by the manifest and the resource), or why it was
/// not checked. A list's next page is asked for too, so its paging is checked. A record
/// resource's required parameter that `--param` does not give is taken from a record a list
/// answered (`TakenParameters`, as the check of a program plugin takes it). Folders of program
/// plugins go to `PluginCheckCommand`. Exit 0 when every resource checked answered (what was not
/// checked is said), 1 when one did not, 2 for a broken manifest or a usage error.
enum DeclaredCheckCommand {
  static func pluginCheck(_ operands: [String], context: PluginContext, parameters: [String: String]) async
    -> ScreenRunCommand.ExitCode
  {
    let urls = operands.filter { $0.hasPrefix("http://") || $0.hasPrefix("https://") }
    var programs: [String] = []
    var declared: [PluginManifest] = []
    var code = ScreenRunCommand.ExitCode.ok
    for folder in operands where !urls.contains(folder) {
      let trimmed = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
      let file = trimmed.lastPathComponent == "plugin.json" ? trimmed : trimmed + "/plugin.json"
      if let manifest = try? PluginManifest.load(file), manifest.http != nil {
        declared.append(manifest)
      } else {
        programs.append(folder)
      }
    }
    if !programs.isEmpty { code = PluginCheckCommand.run(programs, context: context, parameters: parameters) }
    if urls.count > 1 {
      Output.error("screenrun: error: plugin check takes one base URL, not \(urls.count)")
      return .usage
    }
    for manifest in declared {
      let result = await check(manifest, baseURL: urls.first, context: context, parameters: parameters)
      if result == .failure, code == .ok { code = .failure }
    }
    return code
  }

  static func check(_ manifest: PluginManifest, baseURL: String?, context: PluginContext, parameters: [String: String])
    async -> ScreenRunCommand.ExitCode
  {
    guard let http = manifest.http else { return .ok }
    var environment = context.environment
    if let baseURL { environment[http.baseURLVariable] = baseURL }
    let mode: PluginContext.DataMode = baseURL == nil ? context.mode : .live
    let asked = mode == .live ? (environment[http.baseURLVariable] ?? http.defaultBaseURL) : "its sample"
    Output.write(
      "checking plugin '\(manifest.name)' (\(manifest.file))\n  asks: \(SecretRegistry.shared.redact(withoutUserInfo(asked)))\n"
    )
    let source: any DataSource
    do throws(DataSourceError) {
      source = try manifest.plugin.make(PluginContext(mode: mode, environment: environment))
    } catch {
      Output.error("\(manifest.file): error: plugin '\(manifest.name)': \(error)")
      return .failure
    }
    var outcomes: [Outcome] = []
    // The lists first: a record resource's required parameter not given is taken from a record
    // one of them answered (from the sample, or live), as the check of a program plugin does.
    var listed: [(list: String, records: [JSONObject])] = []
    for resource in manifest.resources where resource.kind == .list {
      let outcome = await checkList(resource, source: source, given: parameters)
      if case .ok(_, let records) = outcome.result { listed.append((resource.name, records)) }
      outcomes.append(outcome)
    }
    // In sample mode a record is found by the sample's `id` member: it is looked at first.
    let preferring = mode == .sample ? http.sample.map { sample in sampleMembers(sample, manifest) } ?? [:] : [:]
    for resource in manifest.resources where resource.kind == .record {
      outcomes.append(
        await checkRecord(resource, source: source, given: parameters, from: listed, preferring: preferring))
    }
    // Told in the manifest's order, whatever order they were checked in.
    let order = manifest.resources.map(\.name)
    outcomes.sort { (order.firstIndex(of: $0.resource) ?? 0) < (order.firstIndex(of: $1.resource) ?? 0) }
    for outcome in outcomes {
      Output.write("  \(outcome.line)\n")
      if case .failed(let error) = outcome.result {
        Output.error("\(manifest.file): error: plugin '\(manifest.name)' resource '\(outcome.resource)': \(error)")
      }
    }
    return summary(of: outcomes, plugin: manifest.name)
  }

  /// What the check of one resource came to.
  struct Outcome {
    enum Result {
      /// It answered: what, and a list's records (objects), for the record resources' parameters.
      case ok(String, [JSONObject])
      case failed(DataSourceError)
      /// Not checked: why, and what the summary says in a few words ("needs 'id'").
      case notChecked(String, short: String)
    }

    var resource: String
    var result: Result

    /// Its line on stdout: `ok    'books': 5 records`, `fail  'book': not found: …`, `note  …`.
    var line: String {
      switch result {
      case .ok(let said, _): "ok    '\(resource)': \(said)"
      case .failed(let error): "fail  '\(resource)': \(Self.oneLine(error.description))"
      case .notChecked(let why, _): "note  '\(resource)': not checked: \(why)"
      }
    }

    /// A message on one line: an error from a server may hold line breaks.
    static func oneLine(_ text: String) -> String {
      text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
  }

  /// Asks for a list's first page, and its next one when it says there is one.
  static func checkList(_ resource: Resource, source: any DataSource, given parameters: [String: String]) async
    -> Outcome
  {
    var given = parameters.filter { name, _ in resource.parameter(named: name) != nil }
    if let search = resource.search, given[search] == nil, resource.parameter(named: search)?.required == true {
      given[search] = "a"
    }
    if let missing = resource.parameters.first(where: { $0.required && given[$0.name] == nil }) {
      return Outcome(
        resource: resource.name,
        result: .notChecked("give --param \(missing.name)=VALUE", short: "needs '\(missing.name)'"))
    }
    do throws(DataSourceError) {
      let size = min(resource.maxPageSize, 5)
      let first = try await source.page(PageRequest(resource: resource.name, parameters: given, pageSize: size))
      var said = "\(first.records.count) record\(first.records.count == 1 ? "" : "s")"
      if let total = first.total { said += " of \(total)" }
      if let next = first.next {
        let second = try await source.page(
          PageRequest(resource: resource.name, parameters: given, cursor: next, pageSize: size))
        said += "; the next page: \(second.records.count)"
      } else {
        said += "; no next page"
      }
      return Outcome(resource: resource.name, result: .ok(said, first.records.compactMap(\.objectValue)))
    } catch {
      return Outcome(resource: resource.name, result: .failed(error))
    }
  }

  /// Asks for one record, its required parameters given or taken from a record a list answered
  /// (`TakenParameters`, shared with the check of a program plugin). A value taken that way and
  /// answered "not found" is a note, not a failure: the list's record may not be one the record
  /// resource knows.
  static func checkRecord(
    _ resource: Resource, source: any DataSource, given: [String: String],
    from listed: [(list: String, records: [JSONObject])], preferring: [String: String]
  ) async -> Outcome {
    var taking = TakenParameters(for: resource, given: given, records: [], preferring: preferring)
    var list: String?
    if !taking.isComplete {
      for (name, records) in listed {
        let found = TakenParameters(for: resource, given: given, records: records, preferring: preferring)
        if found.isComplete {
          (taking, list) = (found, name)
          break
        }
      }
    }
    if let missing = taking.missing {
      let members = TakenParameters.members(for: missing, of: resource, preferring: preferring)
      let memberText = members.map { "'\($0)'" }.joined(separator: " or ")
      return Outcome(
        resource: resource.name,
        result: .notChecked(
          "give --param \(missing)=VALUE (no list answered a record with a member \(memberText) to take it from)",
          short: "needs '\(missing)'"))
    }
    let from = list.map { ", taken from a record of '\($0)'" } ?? ""
    do throws(DataSourceError) {
      let record = try await source.record(RecordRequest(resource: resource.name, parameters: taking.parameters))
      let members = record.value.objectValue?.count ?? 0
      let took = taking.taken.isEmpty ? "" : " (\(taking.takenText())\(from))"
      return Outcome(resource: resource.name, result: .ok("a record of \(members) members\(took)", []))
    } catch {
      guard !taking.taken.isEmpty, .notFound ~= error.kind else {
        return Outcome(resource: resource.name, result: .failed(error))
      }
      return Outcome(
        resource: resource.name,
        result: .notChecked(
          "the check took \(taking.takenText()) from a record of '\(list ?? "")', and the "
            + "API answered \"\(Outcome.oneLine(error.description))\"; give one that exists with --param "
            + "\(taking.taken[0])=VALUE",
          short: "not found"))
    }
  }

  /// The member of a listed sample record that names a record, by the parameter a record
  /// resource's sample record is found by (its first), for every record resource: the `id` of the
  /// sample of the list the value is taken from (a search hit's `objectID` names the item), or the
  /// record resource's own.
  static func sampleMembers(_ sample: HTTPDeclaration.Sample, _ manifest: PluginManifest) -> [String: String] {
    let listed = manifest.resources.first { $0.kind == .list && sample.resources[$0.name] != nil }
    var members: [String: String] = [:]
    for resource in manifest.resources where resource.kind == .record {
      guard let first = resource.parameters.first,
        let id = listed.flatMap({ sample.resources[$0.name]?.id }) ?? sample.resources[resource.name]?.id
      else { continue }
      members[first.name] = id
    }
    return members
  }

  /// The last line, and the exit status: 0 when every resource checked answered, 1 when one
  /// failed. What was not checked is named, so a plugin is never said to answer whole when part
  /// of it went unchecked.
  static func summary(of outcomes: [Outcome], plugin: String) -> ScreenRunCommand.ExitCode {
    var failed = 0
    var skipped: [String] = []
    for outcome in outcomes {
      switch outcome.result {
      case .ok: break
      case .failed: failed += 1
      case .notChecked(_, let short): skipped.append("'\(outcome.resource)' (\(short))")
      }
    }
    let notChecked = skipped.isEmpty ? "" : "; not checked: " + skipped.joined(separator: ", ")
    if failed == 0 {
      Output.write("plugin '\(plugin)' answers\(skipped.isEmpty ? "" : " in what was checked")\(notChecked)\n")
      return .ok
    }
    Output.write(
      "plugin '\(plugin)': \(failed) of \(outcomes.count) resource\(outcomes.count == 1 ? "" : "s") failed\(notChecked)\n"
    )
    return .failure
  }

  /// A URL's user and password (`https://user:token@host/`) replaced by `REDACTED`: a base URL
  /// from the environment may carry credentials, and the check prints where it asks.
  static func withoutUserInfo(_ url: String) -> String {
    guard let scheme = url.firstRange(of: "://") else { return url }
    let rest = url[scheme.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    guard let at = authority.lastIndex(of: "@") else { return url }
    return String(url[..<scheme.upperBound]) + "REDACTED@" + String(url[authority.index(after: at)...])
  }
}
