import ScreenFormat
import ScreenJSON

/// The third step of loading a screen, for its templates: one outside a record (a title, a
/// footer, a source parameter) cannot read record fields, and `{meta.…}` has a fixed set of keys.
enum TemplateCheck {
  /// The problems of a screen's templates: reading record fields where there is no record, or
  /// metadata that does not exist.
  package static func problems(_ spec: ScreenSpec) -> [SpecProblem] {
    var problems: [SpecProblem] = []
    func noRecord(_ template: Template?, _ pointer: JSONPointer, _ what: String) {
      guard let template, template.readsRecord else { return }
      problems.append(
        SpecProblem(
          .template, pointer: pointer, anchor: .value(offset: 0),
          message:
            "\(what) has no record to read fields from; use {params.…}, {query} or {meta.…} in \(JSON.string(template.source).lineText)"
        ))
    }
    for (name, template) in spec.source.parameters {
      noRecord(template, .root / "source" / "params" / name, "a source parameter")
    }
    if !spec.body.titleHasRecord {
      noRecord(spec.title, .root / "title", "a \(spec.kind) screen's title")
      noRecord(spec.footer, .root / "footer", "a \(spec.kind) screen's footer")
    }
    for (pointer, template, what) in spec.body.templatesWithoutRecord { noRecord(template, pointer, what) }
    for (pointer, template) in spec.namedTemplates {
      for key in template.metaKeys where !MetaKey.all.contains(key) {
        let message = Diagnostic.Message.unknown(
          "unknown metadata '{meta.\(key)}'", name: key, among: MetaKey.all, spelled: { "meta.\($0)" },
          notes: ["metadata: \(MetaKey.all.map { "meta.\($0)" }.joined(separator: ", "))"])
        problems.append(SpecProblem(.template, pointer: pointer, anchor: .value(offset: 0), message: message))
      }
    }
    return problems
  }
}

/// The metadata a template can read as `{meta.…}`.
package enum MetaKey {
  /// The data source's attribution text.
  package static let attribution = "attribution"
  /// How many records match in all, when known.
  package static let total = "total"
  /// How many records are loaded.
  package static let count = "count"

  package static let all = [attribution, total, count]
}
