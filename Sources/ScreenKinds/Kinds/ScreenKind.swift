import ScreenJSON
import ScreenKit

/// A kind of screen (`list`, `detail`): everything screenrun knows about it, registered in one
/// place. A kind decodes its part of a screen file, makes the view model of a screen, binds keys,
/// runs script commands, and draws its state. The navigator, the renderer, the script runner and
/// the interactive loop reach a kind only through this and `AnyViewModel`.
///
/// A new kind is a folder in `Kinds/` and one line in `KindRegistry.standard`.
public struct ScreenKind: Sendable, Hashable, CustomStringConvertible {
  /// What a screen file's `kind` says.
  public let name: String
  /// The kind of plugin resource its source must be.
  public let resource: Resource.Kind
  /// The top-level keys of a screen file the kind adds to the common ones.
  public let keys: [String]
  /// The script commands a screen of this kind runs itself (beyond `wait`, `open`, `back`, `key`).
  public let scriptCommands: [String]
  /// Decodes the kind's part of a screen file, reporting problems to the decoder.
  package let decode: @Sendable (JSONObject, inout SpecDecoder) -> (any KindSpec)?
  /// What a screen asks of its data source, beyond its plugin, resource and parameters: while it
  /// is the same, a reloaded screen keeps its view model.
  package let binding: @Sendable (ScreenSpec) -> String
  /// Makes the view model of an opened screen.
  package let makeModel: @Sendable (ModelContext) -> AnyViewModel
  /// The kind's part of the screen file's JSON Schema (`screenrun schema`).
  package let schema: @Sendable () -> KindSchema

  package init(
    name: String, resource: Resource.Kind, keys: [String], scriptCommands: [String],
    decode: @escaping @Sendable (JSONObject, inout SpecDecoder) -> (any KindSpec)?,
    binding: @escaping @Sendable (ScreenSpec) -> String,
    makeModel: @escaping @Sendable (ModelContext) -> AnyViewModel,
    schema: @escaping @Sendable () -> KindSchema = { KindSchema() }
  ) {
    self.name = name
    self.resource = resource
    self.keys = keys
    self.scriptCommands = scriptCommands
    self.decode = decode
    self.binding = binding
    self.makeModel = makeModel
    self.schema = schema
  }

  /// The name, as a screen file spells it.
  public var rawValue: String { name }
  public var description: String { name }

  public static func == (a: ScreenKind, b: ScreenKind) -> Bool { a.name == b.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// What a kind needs to make the view model of a screen being opened.
public struct ModelContext: Sendable {
  public var spec: ScreenSpec
  /// The screen's source parameters, rendered with its navigation parameters.
  public var parameters: [String: String]
  public var source: any DataSource
  public var scheduler: any Scheduler
  /// The model this one replaces, when a screen file was edited and reloaded: its query and
  /// highlight carry over.
  public var previous: AnyViewModel?

  package init(
    spec: ScreenSpec, parameters: [String: String], source: any DataSource, scheduler: any Scheduler,
    previous: AnyViewModel?
  ) {
    self.spec = spec
    self.parameters = parameters
    self.source = source
    self.scheduler = scheduler
    self.previous = previous
  }
}

/// The kinds of screen a screen file can name.
public struct KindRegistry: Sendable {
  public let kinds: [ScreenKind]

  public init(_ kinds: [ScreenKind]) { self.kinds = kinds }

  /// The kinds screenrun ships: one line a kind.
  public static let standard = KindRegistry([
    .list,
    .detail,
    .table,
  ])

  public var names: [String] { kinds.map(\.name) }

  public func kind(named name: String) -> ScreenKind? { kinds.first { $0.name == name } }

  /// The top-level keys that some kind adds, with the kinds that add each.
  package func owners(of key: String) -> [ScreenKind] { kinds.filter { $0.keys.contains(key) } }
}
