import ScreenFormat
import ScreenJSON
import ScreenKit
import ScreenTerminal

/// The parameters a sort goes to: `param` gets the sort value, and `order`, when the resource has
/// one, `asc` or `desc` (GitHub's `sort` and `order`); without `order` a descending sort is the
/// value with a `-` before it (Marvel's `orderBy=-modified`).
package struct SortSpec: Sendable, Equatable {
  package var parameter: String
  package var order: String?

  /// The source parameters that sort by `value`.
  func parameters(_ value: String, descending: Bool) -> [String: String] {
    guard let order else { return [parameter: descending ? "-" + value : value] }
    return [parameter: value, order: descending ? "desc" : "asc"]
  }
}

/// What the source sorts a choice by: the value sent (`stars`), and the direction the sort key
/// takes first (a value written `-stars` in the screen file sorts descending first).
package struct SortKey: Sendable, Equatable {
  package var value: String
  package var descendingFirst: Bool
}

/// The sort a sorted list stands in: a choice (a table's column), by its index, and which way.
package struct ListSort: Sendable, Equatable, CustomStringConvertible {
  /// The choice's index among the kind's (`SortChoice.index`).
  package var column: Int
  package var descending: Bool

  package init(column: Int, descending: Bool) {
    self.column = column
    self.descending = descending
  }

  package var description: String { (descending ? "-" : "") + String(column) }
}

/// One way a kind's screen sorts: its index (`ListSort.column`), the name a script's `sort` and
/// the help give it, and what the source sorts it by.
package struct SortChoice: Sendable, Equatable {
  package var index: Int
  package var name: String
  package var key: SortKey

  package init(index: Int, name: String, key: SortKey) {
    self.index = index
    self.name = name
    self.key = key
  }
}

/// How a kind sorts by composition: the Ctrl-S cycle, and `sort NAME` of a script, over the
/// choices its spec offers.
package enum Sorting {
  /// The sort after `sort` in the cycle Ctrl-S steps through: each choice in its first direction,
  /// then the other, then the next choice, and after the last the source's own order.
  package static func next(after sort: ListSort?, among choices: [SortChoice]) -> ListSort? {
    let ways = choices.flatMap { choice in
      [choice.key.descendingFirst, !choice.key.descendingFirst].map { ListSort(column: choice.index, descending: $0) }
    }
    guard let sort, let place = ways.firstIndex(of: sort) else { return ways.first }
    return ways.indices.contains(place + 1) ? ways[place + 1] : nil
  }

  /// The choice that `name` names: its name or its sort value, in any case.
  package static func choice(named name: String, among choices: [SortChoice]) -> Int? {
    let wanted = name.lowercased()
    return choices.first { $0.name.lowercased() == wanted || $0.key.value.lowercased() == wanted }?.index
  }

  /// `sort NAME` (ascending) or `sort -NAME` (descending); NAME is a choice's name or sort value.
  /// What `file`'s screen sorts by, or why it cannot.
  package static func parse(_ argument: String, among choices: [SortChoice], file: String) -> Result<
    ListSort, SortError
  > {
    let names = choices.map(\.name)
    let sortable = names.isEmpty ? "no column of \(file) sorts" : "sortable: " + names.joined(separator: ", ")
    let text = argument.trimmingWhitespace()
    let name = text.hasPrefix("-") ? String(text.dropFirst()) : text
    guard !name.isEmpty else {
      return .failure(SortError("'sort' needs a column, as in 'sort stars' or 'sort -stars' (\(sortable))"))
    }
    guard let column = choice(named: name, among: choices) else {
      let message = Diagnostic.Message.unknown(
        "'sort': no sortable column '\(name)'", name: name, among: choices.map(\.key.value) + names,
        notes: [sortable])
      return .failure(SortError(message.description))
    }
    return .success(ListSort(column: column, descending: text.hasPrefix("-")))
  }

  /// Why a script's `sort` cannot run.
  package struct SortError: Error, Sendable {
    package var message: String
    init(_ message: String) { self.message = message }
  }
}

extension KeyBinding {
  /// Ctrl-S: the next sort in the cycle, on a screen that has choices; `sort` finds the sort in
  /// the state, `choices` the spec's, and `action` makes the kind's action.
  package static func sort(
    state sort: @escaping @Sendable (K.State) -> ListSort?, choices: @escaping @Sendable (K.Spec) -> [SortChoice],
    action: @escaping @Sendable (ListSort?) -> K.Action
  ) -> KeyBinding {
    KeyBinding(
      [.control("s")], hint: KeyHint("Ctrl-S sort", need: .action),
      help: "sort by the next column and direction (then the source's own order)",
      when: Condition { !choices($0.spec).isEmpty }
    ) { _, screen in .send(action(Sorting.next(after: sort(screen.state), among: choices(screen.spec)))) }
  }
}

extension KindCommand {
  /// `sort NAME` or `sort -NAME`: see `KeyBinding.sort`.
  package static func sort(
    choices: @escaping @Sendable (K.Spec) -> [SortChoice], action: @escaping @Sendable (ListSort?) -> K.Action
  ) -> KindCommand {
    KindCommand(
      "sort", argument: .text, help: "sort by a column, ascending (`sort stars`) or descending (`sort -stars`)"
    ) { argument, screen in
      switch Sorting.parse(argument, among: choices(screen.spec), file: screen.screen.spec.file) {
      case .success(let sort): .send([action(sort)])
      case .failure(let error): .failed(error.message)
      }
    }
  }
}
