import ScreenFormat
import ScreenJSON
import ScreenKit

/// What a tabs screen declares: its tabs, each a screen file of its own. It has no source: each
/// tab's screen has its own.
package struct TabsSpec: KindSpec {
  package var tabs: [TabSpec]

  package var namedTemplates: [(pointer: JSONPointer, template: Template)] {
    tabs.enumerated().flatMap { index, tab -> [(pointer: JSONPointer, template: Template)] in
      let pointer = JSONPointer.root / "tabs" / index
      return [(pointer / "title", tab.title)]
        + tab.select.parameters.map { (pointer / "params" / $0.name, $0.value) }
    }
  }

  /// The screen a tab shows is opened as a `select` opens one: `--check` walks every tab.
  package var targets: [(pointer: JSONPointer, select: SelectSpec)] {
    tabs.enumerated().map { (JSONPointer.root / "tabs" / $0.offset, $0.element.select) }
  }

  package var select: SelectSpec? { nil }
  /// The title stands over every tab, and reads no record.
  package var titleHasRecord: Bool { false }

  package var templatesWithoutRecord: [(pointer: JSONPointer, template: Template, what: String)] {
    tabs.enumerated().flatMap { index, tab -> [(pointer: JSONPointer, template: Template, what: String)] in
      let pointer = JSONPointer.root / "tabs" / index
      return [(pointer / "title", tab.title, "a tab's title")]
        + tab.select.parameters.map { (pointer / "params" / $0.name, $0.value, "a tab's parameter") }
    }
  }
}
