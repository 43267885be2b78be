import ScreenFormat
import ScreenKit

/// A screen's binding to its data source: the part checked against the plugin registry.
package struct SourceBinding: Sendable {
  package var source: SourceSpec
  package var kind: (any SourceBindingKind)?
  package var search: SearchSpec?
  package var paging: PagingSpec?
  /// What the kind holds to the resource beyond these (a table's sort values), run once the
  /// resource is found.
  package var resourceChecks: [@Sendable (Resource) -> [SpecProblem]] = []

  package init(source: SourceSpec, kind: (any SourceBindingKind)?) {
    self.source = source
    self.kind = kind
  }
}

/// What the registry check needs of a screen's kind: its name and the kind of resource it shows.
/// `ScreenKind`, a layer up, conforms.
package protocol SourceBindingKind: Sendable {
  var rawValue: String { get }
  var resource: Resource.Kind { get }
}
