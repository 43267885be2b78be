import ScreenJSON

/// A problem found while decoding a screen, before it is placed in the file's text.
package struct SpecProblem: Sendable, Hashable {
  package enum Anchor: Sendable, Hashable {
    /// The member's key (an unknown or misplaced key) or, for an array element, the element.
    case key
    /// Inside the value, this many characters into the string (a template error).
    case value(offset: Int)
  }

  package var kind: Diagnostic.Kind
  package var pointer: JSONPointer
  package var anchor: Anchor
  package var message: Diagnostic.Message

  package init(_ kind: Diagnostic.Kind = .schema, pointer: JSONPointer, anchor: Anchor, message: Diagnostic.Message) {
    self.kind = kind
    self.pointer = pointer
    self.anchor = anchor
    self.message = message
  }
}
