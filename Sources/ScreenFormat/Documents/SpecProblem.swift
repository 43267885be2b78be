/// A problem found while decoding a screen, before it is placed in the file's text.
struct SpecProblem: Sendable, Hashable {
  enum Anchor: Sendable, Hashable {
    /// The member's key (an unknown or misplaced key) or, for an array element, the element.
    case key
    /// Inside the value, this many characters into the string (a template error).
    case value(offset: Int)
  }

  var kind: Diagnostic.Kind
  var pointer: JSONPointer
  var anchor: Anchor
  var message: Diagnostic.Message

  init(_ kind: Diagnostic.Kind = .schema, pointer: JSONPointer, anchor: Anchor, message: Diagnostic.Message) {
    self.kind = kind
    self.pointer = pointer
    self.anchor = anchor
    self.message = message
  }
}

/// A screen's binding to its data source: the part checked against the plugin registry.
struct SourceBinding: Sendable {
  var source: SourceSpec
  var kind: ScreenSpec.Kind?
  var search: SearchSpec?
  var paging: PagingSpec?
  /// What the kind holds to the resource beyond these (a table's sort values), run once the
  /// resource is found.
  var resourceChecks: [@Sendable (Resource) -> [SpecProblem]] = []
}
