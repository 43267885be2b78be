import ScreenJSON
import ScreenText

/// One `{…}` hole of a template: where to read a value, and the filters to pass it through.
package struct TemplateExpression: Sendable, Hashable {
  package enum Root: Sendable, Hashable {
    case record, params, query, meta
  }

  package var root: Root
  package var path: [String]
  /// The name that reads an item's depth in a tree.
  package static let depth = "depth"
  package var filters: [TemplateFilter]

  package func evaluate(in context: TemplateContext) -> String {
    // Secrets go before any filter can cut, fold or pick out a piece of one (`prefix`, `truncate`).
    var value = lookup(in: context).redacted
    for filter in filters { value = filter.apply(to: value, in: context).redacted }
    return value.text
  }

  private func lookup(in context: TemplateContext) -> FilterValue {
    switch root {
    case .record:
      // In a tree, `{depth}` is the item's depth (`TemplateContext.depth`).
      if let depth = context.depth, path.count == 1, path[0] == TemplateExpression.depth { return .json(.int(depth)) }
      return FilterValue(context.record?[path: path])
    case .params:
      return FilterValue(path.first.flatMap { context.params[$0] }.map(JSON.string))
    case .query:
      return .text(context.query)
    case .meta:
      guard let key = path.first, let value = context.meta[key] else { return .missing }
      return FilterValue(value[path: path.dropFirst()])
    }
  }
}

/// A value on its way through filters: still JSON where a filter cares (number, date), text after.
package enum FilterValue: Sendable, Equatable {
  case missing
  case json(JSON)
  case text(String)

  package init(_ json: JSON?) {
    if let json, json != .null { self = .json(json) } else { self = .missing }
  }

  /// The value with every registered secret in its text replaced (`SecretRegistry`).
  var redacted: FilterValue {
    let secrets = SecretRegistry.shared
    guard secrets.isActive else { return self }
    switch self {
    case .missing, .json(.null), .json(.bool), .json(.int), .json(.bigInteger), .json(.double), .json(.object):
      return self
    case .text(let text): return .text(secrets.redact(text))
    case .json(.string(let text)): return .json(.string(secrets.redact(text)))
    case .json(.array(let elements)):
      return .json(
        .array(
          elements.map { element in
            if case .string(let text) = element { return .string(secrets.redact(text)) }
            return element
          }))
    }
  }

  package var isBlank: Bool {
    switch self {
    case .missing: true
    case .json(.string(let text)), .text(let text): text.allSatisfy(\.isWhitespace)
    case .json(.array(let array)): array.isEmpty
    case .json: false
    }
  }

  package var text: String {
    switch self {
    case .missing: ""
    case .text(let text): text
    case .json(let json): Self.text(of: json)
    }
  }

  /// How a JSON value reads as text: scalars plainly, arrays of scalars joined with ", ".
  package static func text(of json: JSON) -> String {
    switch json {
    case .null: ""
    case .bool(let value): value ? "true" : "false"
    case .int(let value): String(value)
    case .bigInteger(let digits): digits
    case .double(let value):
      value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    case .string(let value): value
    case .array(let elements): elements.map(text(of:)).filter { !$0.isEmpty }.joined(separator: ", ")
    case .object: ""
    }
  }
}
