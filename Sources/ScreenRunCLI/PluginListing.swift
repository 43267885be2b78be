import ScreenKit

/// The text of `screenrun --plugins`: each data source, its resources and their parameters.
enum PluginListing {
  static func text(_ registry: PluginRegistry) -> String {
    var lines: [String] = []
    for plugin in registry.all {
      if !lines.isEmpty { lines.append("") }
      lines.append("\(plugin.name): \(plugin.summary)")
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
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
