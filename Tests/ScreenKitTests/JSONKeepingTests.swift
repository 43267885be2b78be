import Testing

@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenKit

/// A list keeps of each record only the members its screen reads: `JSON.keeping` keeps exactly
/// what `JSON.parse(_:onlyMembers:)` keeps, and `PagedList.kept` keeps records whole for a screen
/// that reads them whole.
@Suite("Records kept as a list holds them")
struct JSONKeepingTests {
  static let text = #"""
    {"name": "Thor", "comics": {"available": 3, "items": [{"name": "x"}], "returned": 1},
     "commit": {"author": {"name": "A", "email": "a@b", "date": "d"}, "message": "m", "verification": {"sig": "…"}},
     "urls": [{"type": "detail", "url": "u"}], "id": 7, "thumbnail": "not an object", "é": {"b": [1, {"c": 2}]}}
    """#

  @Test("keeping is what parsing with only those members keeps")
  func keepingAgreesWithTheParser() throws {
    let whole = try JSON.parse(Self.text, options: .response)
    let sets: [[[String]]] = [
      [["name"]], [["comics", "available"]], [["commit", "author", "name"], ["commit", "message"]],
      [["urls", "url"]], [["thumbnail", "path"]], [["é", "b"]], [["é"], ["name"], ["missing", "x"]],
      [["id"], ["urls"]],
      [["name"], ["comics", "available"], ["commit", "author", "name"], ["commit", "message"], ["urls", "url"]],
    ]
    for paths in sets {
      let members = try #require(RecordMembers(paths: paths))
      let parsed = try JSON.parse(Self.text, onlyMembers: members, options: .response)
      #expect(whole.keeping(members) == parsed, "\(paths)")
      #expect(whole.keeping(members).objectValue?.keys == parsed.objectValue?.keys, "\(paths)")
    }
    #expect(JSON.array([1, 2]).keeping(try #require(RecordMembers(paths: [["a"]]))) == [1, 2])
  }

  @Test("a path deeper than the walk goes keeps the rest whole, at no depth of recursion")
  func deepPathsKeepTheRestWhole() throws {
    var value: JSON = ["leaf": 1, "other": 2]
    for _ in 0..<40 { value = ["a": value, "drop": true] }
    let path = Array(repeating: "a", count: 40) + ["leaf"]
    let kept = value.keeping(try #require(RecordMembers(paths: [path])))
    var node = kept
    for depth in 0..<JSON.keepingDepth {
      #expect(node.objectValue?.keys == ["a"], "depth \(depth)")
      node = node["a"] ?? .null
    }
    #expect(node.objectValue?.keys.contains("drop") == true)
  }

  @Test("a list keeps the members its screen reads, or whole records when it reads them whole")
  func listKeepsWhatItsScreenReads() throws {
    let whole = try JSON.parse(Self.text, options: .response)
    let members = try #require(RecordMembers(paths: [["name"], ["comics", "available"]]))
    #expect(
      PagedList.kept([whole, whole], members: members) == [
        ["name": "Thor", "comics": ["available": 3]], ["name": "Thor", "comics": ["available": 3]],
      ])
    #expect(PagedList.kept([whole], members: nil) == [whole])
  }
}
