/// A named data source as the registry knows it: what it offers, the environment variables it
/// reads, and how to make one.
///
///     let plugin = Plugin(
///       name: "books", summary: "A shelf of books", resources: [...],
///       environment: [EnvironmentVariable("BOOKS_TOKEN", summary: "an API token", secret: true)]
///     ) { context in
///       try BooksSource(context: context)
///     }
public struct Plugin: Sendable {
  /// The name screens write in `source.plugin`: letters, digits, `-` and `_`.
  package var name: String
  /// One line, shown by `screenrun --plugins`.
  package var summary: String
  /// What the plugin offers; every request is checked against these before the plugin sees it.
  package var resources: [Resource]
  /// The environment variables it reads, as `screenrun --help`, `--plugins` and the man page list
  /// them. The values of those marked `secret` are registered for redaction before `make` runs.
  package var environment: [EnvironmentVariable]
  /// Makes the plugin's data source for a run's context (its data mode and environment).
  package var make: @Sendable (PluginContext) throws(DataSourceError) -> any DataSource

  /// A plugin that makes its own `DataSource`, described by `resources`:
  /// `init(name: String, summary: String, resources: [Resource], environment:
  /// [EnvironmentVariable] = [], make: @escaping @Sendable (PluginContext) throws(DataSourceError)
  /// -> any DataSource)`. The core checks each request against `resources` before the source sees
  /// it, and registers the values of the `environment` variables marked secret for redaction
  /// before `make` runs. `make` is `@Sendable`, and so is the source it returns (`DataSource`
  /// refines `Sendable`).
  public init(
    name: String, summary: String, resources: [Resource], environment: [EnvironmentVariable] = [],
    make: @escaping @Sendable (PluginContext) throws(DataSourceError) -> any DataSource
  ) {
    self.name = name
    self.summary = summary
    self.resources = resources
    self.environment = environment
    // Whatever source a plugin makes, its secrets are known before it can echo one, and the core
    // checks each request against `resources` first.
    self.make = { context throws(DataSourceError) in
      environment.registerSecrets(from: context.environment)
      let source = try make(context)
      return source is any DeclarationChecked ? source : CheckedSource(resources: resources, source: source)
    }
  }

  /// The resource of that name, of either kind.
  package func resource(named name: String) -> Resource? {
    resources.first { $0.name == name }
  }
}

/// A resource a data source offers: a list of records, or one record, and what a request for it
/// may carry. The core checks every request against this before the plugin's handler runs (see
/// `Resource.violation(parameters:pageSize:)`), so a plugin holds no re-checks of its own.
public struct Resource: Sendable, Hashable {
  /// What a resource answers: `list`, pages of records (`DataSource.page(_:)`), or `record`,
  /// one record (`DataSource.record(_:)`).
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// `list`: pages of records; `record`: one record.
    case list, record
  }

  package var name: String
  package var kind: Kind
  package var summary: String
  package var parameters: [Parameter]
  /// The largest page the data source allows (list resources).
  package var maxPageSize: Int
  /// The parameter a list screen's search text goes to, when the resource is searchable.
  package var search: String?

  /// A resource named `name` (what a screen writes in `source.resource`), of `kind`, described by
  /// `summary` (what `screenrun --plugins` shows), taking `parameters`; a list serves pages of at
  /// most `maxPageSize` records and, with `search`, sends a list screen's search text as that
  /// parameter.
  public init(
    name: String, kind: Kind, summary: String, parameters: [Parameter] = [], maxPageSize: Int = 100,
    search: String? = nil
  ) {
    self.name = name
    self.kind = kind
    self.summary = summary
    self.parameters = parameters
    self.maxPageSize = maxPageSize
    self.search = search
  }

  package func parameter(named name: String) -> Parameter? {
    parameters.first { $0.name == name }
  }
}

/// A parameter of a resource, and the rules a value of it must keep.
///
///     Parameter("orderBy", values: ["name", "-name"], summary: "the order")
///     Parameter("id", required: true, allowsBlank: false, summary: "the record's id")
public struct Parameter: Sendable, Hashable {
  /// The parameter's name, as a screen's `source.params` and a request's `parameters` key it.
  package var name: String
  /// Whether every request must carry it.
  package var required: Bool
  /// Whether a value of only white space is accepted (and handed to the plugin as it is).
  package var allowsBlank: Bool
  /// The only values accepted, when there is a fixed set.
  package var values: [String]?
  /// What `screenrun --plugins` says of it.
  package var summary: String
  /// A declared REST API's value for it when a request has none, or a blank one: what its request
  /// templates read then (`plugin.json`'s `default`).
  package var defaultValue: String?

  /// A parameter and its rules: `init(_ name: String, required: Bool = false, allowsBlank: Bool =
  /// true, values: [String]? = nil, summary: String)`. The core refuses a request without a
  /// `required` one, with a blank value when `allowsBlank` is false, or with a value outside
  /// `values`, before the handler runs.
  public init(
    _ name: String, required: Bool = false, allowsBlank: Bool = true, values: [String]? = nil, summary: String
  ) {
    self.name = name
    self.required = required
    self.allowsBlank = allowsBlank
    self.values = values
    self.summary = summary
  }
}

/// What a plugin is made with: which data to use, and the environment to read settings from.
public struct PluginContext: Sendable {
  /// Where a plugin's data comes from.
  public enum DataMode: String, Sendable {
    /// Bundled recordings, offline.
    case sample
    /// The real API over HTTP.
    case live
  }

  /// Which data the plugin serves: `.sample` (bundled, offline; the default) or `.live`
  /// (`--live`, or `SCREENRUN_DATA=live`).
  public var mode: DataMode
  /// The environment to read settings from (base URLs, tokens). A plugin reads it here, never
  /// from `ProcessInfo`, so that a test can pass its own.
  public var environment: [String: String]

  /// A context: `init(mode: PluginContext.DataMode = .sample, environment: [String: String] =
  /// [:])`. The command line passes its mode and the process environment; a test passes what it
  /// needs (`ScreenDriver(plugins:context:width:)`).
  public init(mode: DataMode = .sample, environment: [String: String] = [:]) {
    self.mode = mode
    self.environment = environment
  }
}
