import ScreenFormat
import ScreenJSON
import ScreenKit

/// A kind of screen that a screen file can name, its type erased: what a `ScreenSpec` holds and
/// the registry lists. It answers for the kind from the kind's own static members, so the
/// decoder, the schema, the navigator and the script reader never learn which kind it is.
package struct ScreenKind: Sendable, Hashable, CustomStringConvertible {
  /// The kind's type.
  package let type: any Kind.Type

  package init(_ type: any Kind.Type) { self.type = type }

  /// What a screen file's `kind` says.
  package var name: String { type.name }
  /// The kind of plugin resource its source must be.
  package var resource: Resource.Kind { type.resource }
  /// Whether its screens have a source (a tabs screen has none: each tab's screen has its own).
  package var hasSource: Bool { type.hasSource }
  /// The top-level keys of a screen file the kind adds to the common ones.
  package var keys: [String] { type.keys }
  /// The script commands a screen of this kind runs itself (beyond `wait`, `open`, `back`, `key`).
  package var scriptCommands: [String] { type.commandArguments.map(\.name) }

  /// The name, as a screen file spells it.
  package var rawValue: String { name }
  package var description: String { name }

  package static func == (a: ScreenKind, b: ScreenKind) -> Bool { a.name == b.name }
  package func hash(into hasher: inout Hasher) { hasher.combine(name) }

  /// The kind's part of the screen file's JSON Schema.
  package var schema: KindSchema { type.schema }

  /// Decodes the kind's part of a screen file.
  package func decode(_ object: JSONObject, _ decoder: inout SpecDecoder) -> (any KindSpec)? {
    type.decodeErased(object, &decoder)
  }

  /// What a screen asks of its data source, beyond its plugin, resource and parameters.
  package func sourceBinding(_ spec: ScreenSpec) -> String { type.sourceBindingErased(spec) }

  /// What a script command given `argument` must be given, when a kind declares `name`.
  package func argument(ofCommand name: String) -> CommandArgument? {
    type.commandArguments.first { $0.name == name }?.argument
  }

  /// Opens a screen of this kind; nil when the screen is not of this kind.
  package func open(_ context: ModelContext) -> AnyViewModel? { type.open(context) }
}

// What `ScreenKind` asks of its type, in no associated type: a kind's type answers these itself.
extension Kind {
  fileprivate static func decodeErased(_ object: JSONObject, _ decoder: inout SpecDecoder) -> (any KindSpec)? {
    decode(object, &decoder)
  }

  fileprivate static func sourceBindingErased(_ spec: ScreenSpec) -> String {
    guard let body = spec.body as? Spec else { return "" }
    return sourceBinding(body, of: spec)
  }

  fileprivate static var commandArguments: [(name: String, argument: CommandArgument)] {
    commands.map { ($0.name, $0.argument) }
  }

  fileprivate static func open(_ context: ModelContext) -> AnyViewModel? { AnyViewModel(Self.self, context) }
}

/// What a kind needs to open a screen.
package struct ModelContext: Sendable {
  package var spec: ScreenSpec
  /// The screen's source parameters, rendered with its navigation parameters.
  package var parameters: [String: String]
  package var source: any DataSource
  /// The screen this one replaces, when a screen file was edited and reloaded: its query and
  /// highlight carry over.
  package var previous: AnyViewModel?

  package init(
    spec: ScreenSpec, parameters: [String: String], source: any DataSource, previous: AnyViewModel?
  ) {
    self.spec = spec
    self.parameters = parameters
    self.source = source
    self.previous = previous
  }
}

/// The kinds of screen a screen file can name. It is passed in (to the loader, and through it to
/// the navigator and the script reader), never read from a global: a test, or a screenrun with
/// kinds of its own, makes its own.
package struct KindRegistry: Sendable {
  package let kinds: [ScreenKind]

  /// A registry of these kinds, as in `KindRegistry([CounterKind.self])` (the kind `Kind` shows).
  package init(_ types: [any Kind.Type]) { kinds = types.map(ScreenKind.init) }

  /// The kinds screenrun ships: one line a kind.
  package static var standard: KindRegistry {
    KindRegistry([
      ListKind.self,
      DetailKind.self,
      TableKind.self,
      ChartKind.self,
      TabsKind.self,
    ])
  }

  package var names: [String] { kinds.map(\.name) }

  package func kind(named name: String) -> ScreenKind? { kinds.first { $0.name == name } }

  /// The top-level keys that some kind adds, with the kinds that add each.
  package func owners(of key: String) -> [ScreenKind] { kinds.filter { $0.keys.contains(key) } }

  /// The script commands the kinds add, each once, in the order the kinds declare them.
  package var commandNames: [String] {
    var names: [String] = []
    for name in kinds.flatMap(\.scriptCommands) where !names.contains(name) { names.append(name) }
    return names
  }

  /// What command `name` takes, from the first kind that declares it; nil when none does.
  package func argument(ofCommand name: String) -> CommandArgument? {
    kinds.lazy.compactMap { $0.argument(ofCommand: name) }.first
  }
}
