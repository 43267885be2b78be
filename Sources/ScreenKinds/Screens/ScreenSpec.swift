import ScreenFormat
import ScreenJSON
import ScreenKit

/// A screen, as declared in a screen file and checked when it loaded. The parts every screen has
/// are here; the rest belongs to the screen's kind (`body`: the kind's `Spec`).
package struct ScreenSpec: Sendable {
  /// A screen's kind: its registration in the kind registry.
  package typealias Kind = ScreenKind

  /// The file it was loaded from, as given; `select` paths resolve against its folder.
  package var file: String
  package var version: Int
  package var title: Template
  package var source: SourceSpec
  package var kind: Kind
  /// What the kind declares beyond the common keys.
  package var body: any KindSpec
  /// A line under the screen, such as the data source's attribution.
  package var footer: Template?
  /// The keys that act on the record (`actions`): open, copy, run.
  package var actions: [ScreenAction] = []
  /// How often the screen asks its source again for what it shows (`refresh`); nil: never.
  package var refresh: Duration?
  /// Whether the screen asks its source for whole records, every member sent, whatever its
  /// templates read (`--output json`, `--explain`); `ScreenLoader.wholeRecords` sets it.
  package var readsWholeRecords = false
  /// Whether the screen's records are printed as each page comes and then let go (`--output`):
  /// a list keeps only its last page's; `ScreenLoader.streamsRecords` sets it.
  package var streamsRecords = false

  /// Every template of the screen, with where it stands in the file.
  package var namedTemplates: [(pointer: JSONPointer, template: Template)] {
    let root = JSONPointer.root
    var templates: [(pointer: JSONPointer, template: Template)] = [(root / "title", title)]
    for parameter in source.parameters {
      templates.append((root / "source" / "params" / parameter.name, parameter.value))
    }
    if let footer { templates.append((root / "footer", footer)) }
    templates += body.namedTemplates
    for action in actions { templates += action.namedTemplates }
    return templates
  }

  /// The screen its rows open, if any.
  package var select: SelectSpec? { body.select }

  /// The members of a record that the screen's templates read, which is all that a data source
  /// needs to return of each; nil when a template reads the record whole, or the screen reads
  /// whole records (`readsWholeRecords`).
  package var recordMembers: RecordMembers? {
    guard !readsWholeRecords else { return nil }
    var members = RecordMembers()
    // A screen that refreshes keeps the records' ids, which its highlight follows.
    let identity = refresh == nil ? [] : [body.recordID].compactMap { $0 }
    for template in namedTemplates.map(\.template) + identity {
      guard let read = template.recordMembers else { return nil }
      members.formUnion(read)
    }
    return members
  }

  /// The navigation parameters the screen reads (`{params.id}`), which whoever opens it must give.
  package var parameterNames: Set<String> {
    namedTemplates.reduce(into: Set<String>()) { $0.formUnion($1.template.parameterNames) }
  }
}

/// The part of a screen that its kind declares.
package protocol KindSpec: Sendable {
  /// The kind's templates, each with where it stands in the file.
  var namedTemplates: [(pointer: JSONPointer, template: Template)] { get }
  /// The screen a row opens, if the kind has rows that open one.
  var select: SelectSpec? { get }
  /// Whether the screen's `title` and `footer` are drawn with a record to read (a detail's are;
  /// a list's stand above and below many).
  var titleHasRecord: Bool { get }
  /// The kind's templates that have no record to read, each with where it stands and what it is.
  var templatesWithoutRecord: [(pointer: JSONPointer, template: Template, what: String)] { get }
  /// Every screen the kind's screens can open, each with where its `select` stands in the file
  /// (`--check` walks them all).
  var targets: [(pointer: JSONPointer, select: SelectSpec)] { get }
  /// The part of the screen that is a `Part`: itself, or the part of another kind that a kind
  /// built on it holds (a table's list part); nil otherwise. A requirement answered with casts to
  /// concrete types, never `as? any Protocol`, which asks the runtime to look for a conformance.
  func part<Part: KindSpec>(_ type: Part.Type) -> Part?
  /// Whether the screen has a search, which typed characters go to (and which a one-letter
  /// action key would shadow).
  var hasSearch: Bool { get }
  /// Whether the screen declares a preview pane: the detail screen of its highlighted row,
  /// beside it where the terminal is wide enough.
  var hasPreview: Bool { get }
  /// What names one of its records across refreshes (a list's `id`); nil for a kind whose
  /// highlight follows no record.
  var recordID: Template? { get }
  /// The screens it holds as tabs, each live at once (a `tabs` screen); empty for any other.
  var tabs: [TabSpec] { get }
}

extension KindSpec {
  package var titleHasRecord: Bool { true }
  package func part<Part: KindSpec>(_ type: Part.Type) -> Part? { self as? Part }
  package var hasSearch: Bool { false }
  package var hasPreview: Bool { false }
  package var recordID: Template? { nil }
  package var tabs: [TabSpec] { [] }
  package var templatesWithoutRecord: [(pointer: JSONPointer, template: Template, what: String)] { [] }
  package var targets: [(pointer: JSONPointer, select: SelectSpec)] {
    select.map { [(JSONPointer.root / "select", $0)] } ?? []
  }
}
