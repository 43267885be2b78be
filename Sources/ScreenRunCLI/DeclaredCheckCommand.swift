import FoundationEssentials
import ScreenKit

/// `screenrun plugin check DIR... [BASE_URL]` for a REST API declared in a `plugin.json` (`http`):
/// asks each resource once, at `BASE_URL` when given (an operand starting with `http://` or
/// `https://`, which stands for the manifest's base URL variable and implies live data), and says
/// what came back: how many records, whether a next page came, and each error, located by the
/// manifest and the resource. A list's next page is asked for too, so its paging is checked.
/// Folders of program plugins go to `PluginCheckCommand`. Exit 0 when every resource answered, 1
/// when one did not, 2 for a broken manifest.
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
    var failed = 0
    var skipped: [String] = []
    for resource in manifest.resources {
      var given = parameters.filter { name, _ in resource.parameter(named: name) != nil }
      if let search = resource.search, given[search] == nil, resource.parameter(named: search)?.required == true {
        given[search] = "a"
      }
      let missing = resource.parameters.filter { $0.required && given[$0.name] == nil }.map(\.name)
      guard missing.isEmpty else {
        skipped.append("'\(resource.name)' (give " + missing.map { "--param \($0)=…" }.joined(separator: " ") + ")")
        continue
      }
      do throws(DataSourceError) {
        switch resource.kind {
        case .list:
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
          Output.write("  ok    '\(resource.name)': \(said)\n")
        case .record:
          let record = try await source.record(RecordRequest(resource: resource.name, parameters: given))
          Output.write("  ok    '\(resource.name)': a record of \(record.value.objectValue?.count ?? 0) members\n")
        }
      } catch {
        failed += 1
        Output.error("\(manifest.file): error: plugin '\(manifest.name)' resource '\(resource.name)': \(error)")
      }
    }
    let notChecked = skipped.isEmpty ? "" : "; not checked: " + skipped.joined(separator: ", ")
    if failed == 0 {
      Output.write("plugin '\(manifest.name)' answers\(notChecked)\n")
      return .ok
    }
    Output.write("plugin '\(manifest.name)': \(failed) resource\(failed == 1 ? "" : "s") failed\(notChecked)\n")
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
