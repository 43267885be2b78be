import PluginHost
import ScreenKit

/// The text of `screenrun --plugins`: each data source, its resources and their parameters, and
/// the environment variables it reads.
enum PluginListing {
  /// `found` are the external plugins: each is listed with where it came from and what it shadows.
  static func text(_ registry: PluginRegistry, found: [PluginDiscovery.Found] = []) -> String {
    var lines: [String] = []
    for plugin in registry.all {
      if !lines.isEmpty { lines.append("") }
      lines.append("\(plugin.name): \(plugin.summary)")
      if let external = found.first(where: { $0.manifest.name == plugin.name }) {
        lines.append("  from \(external.place.origin) \(external.manifest.file)")
        for shadowed in external.shadows { lines.append("  shadows \(shadowed)") }
      }
      for resource in plugin.resources {
        var line = "  \(resource.name) (\(resource.kind.rawValue)): \(resource.summary)"
        if resource.kind == .list { line += "; at most \(resource.maxPageSize) a page" }
        lines.append(line)
        for parameter in resource.parameters {
          let marks = [parameter.required ? "required" : nil, parameter.name == resource.search ? "search" : nil]
            .compactMap { $0 }
          let marked = marks.isEmpty ? "" : " (\(marks.joined(separator: ", ")))"
          lines.append("    \(parameter.name)\(marked): \(parameter.summary)")
        }
      }
      if !plugin.environment.isEmpty { lines.append("  environment:") }
      for variable in plugin.environment { lines.append("    \(variable.name): \(variable.help)") }
    }
    // A manifest's words are untrusted text: no escape reaches the terminal.
    return TerminalSafe.sanitize(lines.joined(separator: "\n"), keepNewlines: true) + "\n"
  }
}
