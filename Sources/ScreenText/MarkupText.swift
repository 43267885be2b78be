/// XML's and HTML's five markup characters, as the references both read: the one table of them,
/// for text between tags or in a quoted attribute (the SVG and HTML pictures, the JUnit report).
package enum MarkupText {
  /// The reference `scalar` is written as, when it is one of `&`, `<`, `>`, `"` and `'`; nil for
  /// any other. `'` is `&#39;`, which HTML 4 reads too, where `&apos;` is XML's and HTML 5's only.
  package static func reference(for scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "&": "&amp;"
    case "<": "&lt;"
    case ">": "&gt;"
    case "\"": "&quot;"
    case "'": "&#39;"
    default: nil
    }
  }

  /// Whether `text` holds any of the five: most text needs no copy.
  package static func needsEscaping(_ text: String) -> Bool {
    text.utf8.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
  }
}
