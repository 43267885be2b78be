import Testing

@testable import ScreenFormat
@testable import ScreenKit
@testable import ScreenText

/// Secrets are redacted before a wrap, a cut or a filter can split one: no line holds a piece.
@Suite("Secrets: redacted before layout")
struct RedactionBeforeLayoutTests {
  /// A secret of this test alone (the registry is the process's).
  static let secret = "ghp_layoutTest" + String(UInt64.random(in: 1...UInt64.max), radix: 36) + "Zq"

  init() { SecretRegistry.shared.register(Self.secret) }

  /// Whether `text` holds 8 characters in a row of the secret, in any case.
  static func holdsPiece(_ text: String) -> Bool {
    let folded = text.lowercased()
    let secret = Array(Self.secret.lowercased())
    return (0...(secret.count - 8)).contains { folded.contains(String(secret[$0..<($0 + 8)])) }
  }

  @Test("a wrap at any width shows no piece of a secret, in either case")
  func wraps() {
    for text in ["see \(Self.secret) here", "token \(Self.secret.uppercased()) is bad", Self.secret] {
      for width in 1...60 {
        let lines = TextWidth.wrap(text, toColumns: width)
        #expect(!lines.contains(where: Self.holdsPiece), "\(width): \(lines)")
      }
    }
  }

  @Test("a cut at any width shows no piece of a secret")
  func cuts() {
    for width in 1...60 {
      let cut = TextWidth.truncate("x" + Self.secret + " and more text after it", toColumns: width)
      #expect(!Self.holdsPiece(cut), "\(width): \(cut)")
    }
  }

  @Test("template filters see the value redacted: prefix, truncate and upper show no piece")
  func filters() throws {
    let context = TemplateContext(record: ["d": .string("a " + Self.secret), "l": .array([.string(Self.secret)])])
    for source in ["{d|prefix:12}", "{d|truncate:15}", "{d|upper}", "{l}", "{x|or:d|prefix:20}", "ghp_{d}"] {
      let text = try Template(source).render(in: context)
      #expect(!Self.holdsPiece(text), "\(source): \(text)")
    }
  }
}
