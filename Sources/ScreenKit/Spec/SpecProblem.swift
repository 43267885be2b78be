/// A problem found while decoding a screen, before it is placed in the file's text.
struct SpecProblem: Sendable, Hashable {
  enum Anchor: Sendable, Hashable {
    /// The member's key (an unknown or misplaced key) or, for an array element, the element.
    case key
    /// Inside the value, this many characters into the string (a template error).
    case value(offset: Int)
  }

  var pointer: JSONPointer
  var anchor: Anchor
  var message: String
}
