/// A resource declared together with the code that answers it.
///
///     .list("books", summary: "books by title", parameters: [Parameter("title", summary: "…")],
///           search: "title", maxPageSize: 50) { shelf, request in try shelf.books.page(request) }
///
/// `API` is what the plugin makes for a `PluginContext`: one source, or a protocol that its
/// sample and live sources both conform to.
public struct ResourceHandler<API: Sendable>: Sendable {
  /// Answers a page of a list resource: `@Sendable (API, PageRequest) async throws(DataSourceError)
  /// -> Page`. It is `@Sendable` (requests are answered on any thread, so it captures only
  /// `Sendable` values) and `async` (it may await a request; a closure that awaits nothing is
  /// accepted as well). The request has passed the resource's declared rules.
  public typealias ListHandler = @Sendable (API, PageRequest) async throws(DataSourceError) -> Page
  /// Answers one record of a record resource: `@Sendable (API, RecordRequest) async
  /// throws(DataSourceError) -> Record`, `@Sendable` and `async` as `ListHandler` is.
  public typealias RecordHandler = @Sendable (API, RecordRequest) async throws(DataSourceError) -> Record
  /// Words a request that breaks the resource's rules as the API would:
  /// `@Sendable (API, Violation) -> DataSourceError`.
  public typealias Refusal = @Sendable (API, Violation) -> DataSourceError

  /// The resource as declared: name, kind, summary, parameters, search parameter, largest page.
  package var resource: Resource
  package let answer: Answer
  /// How this resource words a request that breaks its rules; nil: as the declaration does.
  package let refusal: Refusal?

  package enum Answer: Sendable {
    case list(ListHandler)
    case record(RecordHandler)
  }

  /// A list resource and the handler of its pages; `refusal` words what breaks its rules when
  /// it differs from the declaration's wording.
  public static func list(
    _ name: String, summary: String, parameters: [Parameter] = [], search: String? = nil, maxPageSize: Int = 100,
    refusal: Refusal? = nil, _ handler: @escaping ListHandler
  ) -> Self {
    let resource = Resource(
      name: name, kind: .list, summary: summary, parameters: parameters, maxPageSize: maxPageSize, search: search)
    return Self(resource: resource, answer: .list(handler), refusal: refusal)
  }

  /// A record resource and the handler of its records.
  public static func record(
    _ name: String, summary: String, parameters: [Parameter] = [], refusal: Refusal? = nil,
    _ handler: @escaping RecordHandler
  ) -> Self {
    Self(
      resource: Resource(name: name, kind: .record, summary: summary, parameters: parameters),
      answer: .record(handler), refusal: refusal)
  }
}

/// A plugin's resources with their handlers, and how it words a request that breaks a rule.
/// Every request is checked against its resource's declaration before its handler runs.
public struct Declaration<API: Sendable>: Sendable {
  /// The resources, each with its handler.
  package var handlers: [ResourceHandler<API>]
  /// The error for a request that breaks a rule, in the API's own words; by default the core's.
  package var refusal: @Sendable (API, Violation) -> DataSourceError

  /// `init(_ handlers: [ResourceHandler<API>], refusal: @escaping @Sendable (API, Violation) ->
  /// DataSourceError = { _, violation in violation.error })`: the resources, and how a broken rule
  /// is worded for all of them (a handler's own `refusal` wins for its resource).
  public init(
    _ handlers: [ResourceHandler<API>],
    refusal: @escaping @Sendable (API, Violation) -> DataSourceError = { _, violation in violation.error }
  ) {
    self.handlers = handlers
    self.refusal = refusal
  }

  /// The declared resources, in order. (A closure, not `\.resource`: a key path into a generic
  /// type is instantiated at run time, and this runs as every start registers the plugins.)
  package var resources: [Resource] { handlers.map { $0.resource } }

  /// Checks `request`, then hands it to the handler of its list resource.
  package func page(_ request: PageRequest, on api: API) async throws(DataSourceError) -> Page {
    let handler = try self.handler(DeclarationCheck.page(request, against: resources), request.resource, .list, api)
    guard case .list(let answer) = handler.answer else { throw unknown(request.resource, .list) }
    return try await answer(api, request)
  }

  /// Checks `request`, then hands it to the handler of its record resource.
  package func record(_ request: RecordRequest, on api: API) async throws(DataSourceError) -> Record {
    let handler = try self.handler(DeclarationCheck.record(request, against: resources), request.resource, .record, api)
    guard case .record(let answer) = handler.answer else { throw unknown(request.resource, .record) }
    return try await answer(api, request)
  }

  /// The handler of a request the check let through; a refused one in its resource's words.
  private func handler(_ checked: DeclarationCheck.Outcome, _ name: String, _ kind: Resource.Kind, _ api: API)
    throws(DataSourceError) -> ResourceHandler<API>
  {
    switch checked {
    case .undeclared: throw unknown(name, kind)
    case .declared(let index): return handlers[index]
    case .refused(let index, let violation): throw (handlers[index].refusal ?? refusal)(api, violation)
    }
  }

  private func unknown(_ name: String, _ kind: Resource.Kind) -> DataSourceError {
    let names = resources.filter { $0.kind == kind }.map(\.name)
    let said = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " and " : "") + (names.last ?? "none")
    return .badRequest("there is no \(kind.rawValue) resource '\(name)'; the \(kind.rawValue) resources are \(said)")
  }
}

/// A source whose requests are already checked against their declaration.
package protocol DeclarationChecked {}

/// A plugin's own `DataSource` behind the core's check: a request for a declared resource that
/// breaks its rules is refused in the core's words before the source sees it.
struct CheckedSource: DataSource, DeclarationChecked {
  package let resources: [Resource]
  package let source: any DataSource

  package func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    if let error = DeclarationCheck.page(request, against: resources).error { throw error }
    return try await source.page(request)
  }

  package func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    if let error = DeclarationCheck.record(request, against: resources).error { throw error }
    return try await source.record(request)
  }
}

/// The data source a `Declaration` makes of an `API` value: every request checked, then handled.
struct DeclaredSource<API: Sendable>: DataSource, DeclarationChecked {
  package let api: API
  package let declaration: Declaration<API>

  package func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    try await declaration.page(request, on: api)
  }

  package func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    try await declaration.record(request, on: api)
  }
}

extension Plugin {
  /// A plugin of declared resources: `make` builds its `API` for a context, and the core checks
  /// every request against the declaration before the resource's handler runs. `environment`
  /// declares the variables it reads (the secret ones are registered for redaction first).
  ///
  ///     Plugin(name: "books", summary: "A shelf of books", resources: [.list(…), .record(…)]) { context in
  ///       try Shelf(context)
  ///     }
  public init<API: Sendable>(
    name: String, summary: String, declaration: Declaration<API>, environment: [EnvironmentVariable] = [],
    make: @escaping @Sendable (PluginContext) throws(DataSourceError) -> API
  ) {
    self.init(name: name, summary: summary, resources: declaration.resources, environment: environment) {
      context throws(DataSourceError) in
      DeclaredSource(api: try make(context), declaration: declaration)
    }
  }

  /// A plugin of declared resources worded in the core's terms.
  public init<API: Sendable>(
    name: String, summary: String, resources: [ResourceHandler<API>], environment: [EnvironmentVariable] = [],
    make: @escaping @Sendable (PluginContext) throws(DataSourceError) -> API
  ) {
    self.init(name: name, summary: summary, declaration: Declaration(resources), environment: environment, make: make)
  }
}
