import ScreenFormat

/// The parts of a screen spec that the kinds share, decoded by `SpecDecoder`.

/// Where a screen's data comes from: a plugin's resource, with parameter templates.
package struct SourceSpec: Sendable {
  package var plugin: String
  package var resource: String
  package var parameters: [(name: String, value: Template)]

  /// No source: a screen that holds others, each with its own (tabs).
  package static let none = SourceSpec(plugin: "", resource: "", parameters: [])
}

package struct SearchSpec: Sendable, Equatable {
  /// The source parameter the search text goes to (`nameStartsWith`, `q`).
  package var parameter: String
  /// Shown in the empty search field: a template with no record to read.
  package var placeholder: Template
  package var debounceMilliseconds: Int
  /// A query shorter than this asks for nothing (it counts as no query).
  package var minLength: Int
  /// With no query, show an empty list and ask no server.
  package var required: Bool
}

package struct PagingSpec: Sendable, Equatable {
  package var pageSize: Int
  /// The next page is asked for when the row this far from the end of what is loaded appears.
  package var prefetch: Int

  package static let `default` = PagingSpec(pageSize: 20, prefetch: 5)
}

/// The screen a row opens, and the parameters it is opened with.
package struct SelectSpec: Sendable {
  /// The target's path, relative to this screen's file.
  package var screen: String
  package var parameters: [(name: String, value: Template)]
}
