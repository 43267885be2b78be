/// The items of a tree of records, depth-first: each item, then the items of its `children`
/// member (a field path), then its next sibling, as threaded comments and file trees are shown.
///
///     let thread: [JSON] = [["by": "a", "kids": [["by": "b"]]], ["by": "c"]]
///     JSONTree(thread, children: ["kids"]).nodes.map(\.depth)  // [0, 1, 0]
///
/// The walk keeps its own stack, one entry a level, and never recurses: a tree nested as deep as
/// memory allows, or a megabyte wide, costs time and memory in proportion to its items and no
/// thread stack. `limit` bounds the items kept; `count` is every item of the tree all the same,
/// so that a list can say how many it does not show.
package struct JSONTree: Sendable {
  /// An item and how deep it is: 0 for the top level.
  package struct Node: Sendable {
    package var record: JSON
    package var depth: Int
  }

  /// The items kept, depth-first: at most `limit`.
  package private(set) var nodes: [Node] = []
  /// How many items the whole tree holds.
  package private(set) var count = 0

  /// The tree of `items` and their `children` (a path of member names); with `children` nil, the
  /// items alone, each at depth 0.
  package init(_ items: [JSON], children: [String]?, limit: Int? = nil) {
    let limit = max(0, limit ?? Int.max)
    guard let children else {
      nodes = items.prefix(limit).map { Node(record: $0, depth: 0) }
      count = items.count
      return
    }
    // Each level being walked: its items and the index of the next one.
    var stack: [(items: [JSON], next: Int)] = [(items, 0)]
    while let last = stack.indices.last {
      guard stack[last].next < stack[last].items.count else {
        stack.removeLast()
        continue
      }
      let item = stack[last].items[stack[last].next]
      stack[last].next += 1
      count += 1
      if nodes.count < limit { nodes.append(Node(record: item, depth: last)) }
      if case .array(let kids)? = item[path: children], !kids.isEmpty { stack.append((kids, 0)) }
    }
  }
}
