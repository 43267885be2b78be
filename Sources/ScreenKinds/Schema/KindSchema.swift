import ScreenJSON
import ScreenKit

/// A kind's part of the JSON Schema of a screen file, declared in the kind's folder beside its
/// decoder (`Kinds/List/` has its own, …) and handed to `ScreenSchema` by its registration: the
/// keys it adds, the definitions they use, the keys it requires, and its rules.
package struct KindSchema: Sendable {
  /// Each key the kind adds (`ScreenKind.keys`), with its schema and description.
  package var keys: [String: JSON] = [:]
  /// Definitions (`$defs`) the keys refer to, by name.
  package var definitions: [(name: String, schema: JSON)] = []
  /// The keys a screen of the kind must have, beside the common ones.
  package var required: [String] = []
  /// Rules a screen of the kind keeps beyond each key's own schema.
  package var rules: [JSON] = []
  /// Rules a resource adds for a screen of the kind bound to it.
  package var resourceRules: @Sendable (Resource) -> [JSON] = { _ in [] }

  package init(
    keys: [String: JSON] = [:], definitions: [(name: String, schema: JSON)] = [], required: [String] = [],
    rules: [JSON] = [], resourceRules: @escaping @Sendable (Resource) -> [JSON] = { _ in [] }
  ) {
    self.keys = keys
    self.definitions = definitions
    self.required = required
    self.rules = rules
    self.resourceRules = resourceRules
  }
}
