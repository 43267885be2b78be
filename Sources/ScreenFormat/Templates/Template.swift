import ScreenJSON
import ScreenText

/// A text with `{field.path|filter}` holes, parsed once when its screen loads.
///
///     let title = try Template("{name|upper} ({comics.available|number} comics)")
///     title.render(in: TemplateContext(record: ironMan))  // "IRON MAN (2,664 comics)"
///
/// `{a.b.c}` reads a field by path and `{a.0.name}` indexes an array; `{params.id}`, `{query}` and
/// `{meta.attribution}` read the navigation parameters, the search text and the data source's
/// metadata; in a tree (`children`), `{depth}` is how deep the item is, from 0. `{.}` is the value itself: in a list section over an array of strings or numbers
/// (`"items": "subjects", "row": "{.}"`), each item. `{{` and `}}` are literal braces.
package struct Template: Sendable, Hashable, CustomStringConvertible {
  /// The text the template was parsed from.
  package let source: String
  package let segments: [Segment]

  package enum Segment: Sendable, Hashable {
    case literal(String)
    case expression(TemplateExpression)
  }

  package init(_ source: String) throws(TemplateError) {
    self.source = source
    var parser = TemplateParser(source)
    self.segments = try parser.parse()
  }

  /// A template of plain text, with no holes.
  package init(literal text: String) {
    self.source = text.replacingOccurrences("{", with: "{{").replacingOccurrences("}", with: "}}")
    self.segments = text.isEmpty ? [] : [.literal(text)]
  }

  package var description: String { source }

  /// The most parts a field path may have (`{a.b.c}` has 3), in an expression or an `or:`. The
  /// members a screen reads are walked as deep as its paths go, so the depth is bounded here,
  /// where `--check` reports it at its place; a record nested deeper than this is rare, and JSON
  /// itself stops at 2,048 levels.
  static let maximumPathParts = 256

  /// Renders the template. A missing field renders as nothing (use `default` to say otherwise).
  package func render(in context: TemplateContext) -> String {
    var output = ""
    for segment in segments {
      switch segment {
      case .literal(let text): output += text
      case .expression(let expression): output += expression.evaluate(in: context)
      }
    }
    // Before any layout: a secret that a wrap or a cut splits is no longer found at the door out.
    return SecretRegistry.shared.redact(output)
  }

  /// Renders as much of the template as a line of `columns` columns shows, and a margin: for a
  /// list's row or a table's cell, which is cut to its width, so that a row template of 100,000
  /// holes does not render them all for every row. What shows of the line, cut to `columns`, is
  /// what `render(in:)` would show.
  ///
  /// It stops at the end of a segment once the text holds at least 64 KiB (or 32 bytes a column)
  /// and, redacted, is wider than `columns` and twice the longest secret's bytes. A secret that
  /// the stop cuts then starts past the columns that show (what follows a secret is no wider than
  /// its bytes), and one that starts within them is whole and redacted. A URL that the stop cuts
  /// is over 2,048 bytes long whole and cut, so it is linked in neither. Text of no width
  /// (combining marks) does not count, so the width is measured each time the bytes double: the
  /// work stays linear in what is rendered.
  package func render(in context: TemplateContext, showing columns: Int) -> String {
    var output = ""
    var check = max(1 << 16, columns * 32)
    for segment in segments {
      switch segment {
      case .literal(let text): output += text
      case .expression(let expression): output += expression.evaluate(in: context)
      }
      guard output.utf8.count >= check else { continue }
      let redacted = SecretRegistry.shared.redact(output)
      if TextWidth.width(of: redacted) > columns + 2 * SecretRegistry.shared.longestLength { return redacted }
      check = 2 * output.utf8.count
    }
    return SecretRegistry.shared.redact(output)
  }

  package var expressions: [TemplateExpression] {
    segments.compactMap {
      if case .expression(let expression) = $0 { return expression }
      return nil
    }
  }

  /// The names of the navigation parameters this template reads (`{params.id}` gives `id`).
  package var parameterNames: Set<String> {
    Set(expressions.compactMap { $0.root == .params ? $0.path.first : nil })
  }

  /// Whether the template reads fields of a record (and so means nothing where there is none).
  package var readsRecord: Bool { expressions.contains { $0.root == .record } }

  /// The members of the record that this template reads, as far down as it reads them
  /// (`{comics.available}` and `{x|or:author.login}` give `comics.available` and `author.login`);
  /// nil when it reads the record whole.
  package var recordMembers: RecordMembers? {
    var paths: [[String]] = []
    for expression in expressions {
      if expression.root == .record { paths.append(expression.path) }
      for filter in expression.filters { paths += filter.fieldPaths }
    }
    return RecordMembers(paths: paths)
  }

  /// The `meta.…` keys this template reads.
  package var metaKeys: [String] { expressions.compactMap { $0.root == .meta ? $0.path.first ?? "" : nil } }

  /// Whether the template is plain text with no holes.
  package var isConstant: Bool { expressions.isEmpty }
}

/// What a template reads from: the record, navigation parameters, the search text, metadata, and
/// the clock.
package struct TemplateContext: Sendable {
  package var record: JSON?
  package var params: [String: String]
  package var query: String
  package var meta: [String: JSON]
  /// What `ago` measures from: the clock of the task that made the context, unless given.
  package var clock: TemplateClock
  /// In a tree (a list or a list section with `children`), how deep the item is, from 0: what
  /// `{depth}` reads there, in place of a member named `depth`; nil elsewhere.
  package var depth: Int?

  package init(
    record: JSON? = nil, params: [String: String] = [:], query: String = "",
    meta: [String: JSON] = [:], clock: TemplateClock = .current, depth: Int? = nil
  ) {
    self.record = record
    self.params = params
    self.query = query
    self.meta = meta
    self.clock = clock
    self.depth = depth
  }
}

/// A problem in a template's text, at a character offset counting from 0.
package struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
  package var offset: Int
  package var message: String

  package var description: String { message }
}
