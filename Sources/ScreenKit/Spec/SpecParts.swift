import ScreenFormat

/// The parts of a screen spec that the kinds share, decoded by `SpecDecoder`.

/// Where a screen's data comes from: a plugin's resource, with parameter templates.
public struct SourceSpec: Sendable {
  public var plugin: String
  public var resource: String
  public var parameters: [(name: String, value: Template)]
}

public struct SearchSpec: Sendable, Equatable {
  /// The source parameter the search text goes to (`nameStartsWith`, `q`).
  public var parameter: String
  /// Shown in the empty search field: a template with no record to read.
  public var placeholder: Template
  public var debounceMilliseconds: Int
  /// A query shorter than this asks for nothing (it counts as no query).
  public var minLength: Int
  /// With no query, show an empty list and ask no server.
  public var required: Bool
}

public struct PagingSpec: Sendable, Equatable {
  public var pageSize: Int
  /// The next page is asked for when the row this far from the end of what is loaded appears.
  public var prefetch: Int

  public static let `default` = PagingSpec(pageSize: 20, prefetch: 5)
}

/// The screen a row opens, and the parameters it is opened with.
public struct SelectSpec: Sendable {
  /// The target's path, relative to this screen's file.
  public var screen: String
  public var parameters: [(name: String, value: Template)]
}
