import Testing

@testable import MarvelPlugin
@testable import ScreenJSON
@testable import ScreenKit

/// `orderBy` sorts the whole dataset once and filters it by the matches, and a page serves the
/// records it parsed before; every answer is the one the straightforward way gives: sort the
/// matches by a byte comparator, parse each record of a page.
@Suite("Marvel sample order: the fast path against the straightforward one")
struct MarvelSampleOrderTests {
  static let orders: [MarvelDataset.Order] = [
    .name(descending: false), .name(descending: true), .modified(descending: false), .modified(descending: true),
  ]

  /// The straightforward order of `matches`: sorted by the key's bytes, ties in name order.
  static func straightforward(_ matches: Range<Int>, in order: MarvelDataset.Order, of dataset: MarvelDataset) -> [Int]
  {
    let (key, descending) =
      switch order {
      case .name(let descending): (dataset.nameKey(at:), descending)
      case .modified(let descending): (dataset.modifiedKey(at:), descending)
      }
    return matches.sorted { left, right in
      let (a, b) = (Array(key(left)), Array(key(right)))
      if a == b { return left < right }
      return a.lexicographicallyPrecedes(b) != descending
    }
  }

  /// Runs of the name order of every size: each one- and two-letter prefix's, a spread of others,
  /// empty ones and the whole; asked first of a dataset that has sorted nothing yet (small runs
  /// are sorted by themselves), then again once it holds its whole orders.
  @Test func everyRunIsOrderedAsTheStraightforwardSortOrdersIt() throws {
    let dataset = try MarvelDataset(json: .marvelSampleJSON, index: .marvelSampleIndex)
    var runs: [Range<Int>] = [0..<0, 5..<5, 0..<1, dataset.count - 1..<dataset.count]
    for first in UInt8(ascii: " ")...UInt8(ascii: "z") {
      runs.append(dataset.characters(withPrefix: [first]))
      for second in [UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "o"), UInt8(ascii: "-"), UInt8(ascii: " ")] {
        runs.append(dataset.characters(withPrefix: [first, second]))
      }
    }
    for start in stride(from: 0, to: dataset.count, by: 97) {
      for length in [2, 30, 64, 65, 200, 900] { runs.append(start..<min(dataset.count, start + length)) }
    }
    for round in ["before", "after"] {
      for order in Self.orders {
        for run in runs {
          #expect(
            dataset.ordinals(run, in: order) == Self.straightforward(run, in: order, of: dataset), "\(round) \(run)")
        }
        if round == "before" {
          #expect(
            dataset.ordinals(0..<dataset.count, in: order)
              == Self.straightforward(0..<dataset.count, in: order, of: dataset))
        }
      }
    }
  }

  /// Pages of characters for every order, prefix, page and set of members, twice (the second
  /// time from the records kept), hold the straightforward order's records cut from the whole.
  @Test func pagesAreThoseOfTheStraightforwardOrder() async throws {
    let source = try MarvelSampleSource()
    let dataset = source.dataset
    let reference = try MarvelDataset(json: .marvelSampleJSON, index: .marvelSampleIndex)
    let memberSets: [RecordMembers?] = [
      nil, ["name", "modified", "id"],
      RecordMembers(paths: [["comics", "available"], ["thumbnail", "path"], ["nope"]]),
    ]
    for _ in 0..<2 {
      for prefix in [nil, "a", "s", "iron", "spider-", "x", "zzz"] as [String?] {
        for orderBy in [nil, "name", "-name", "modified", "-modified"] as [String?] {
          var parameters: [String: String] = [:]
          parameters["nameStartsWith"] = prefix
          parameters["orderBy"] = orderBy
          var run = 0..<dataset.count
          if let prefix { run = dataset.characters(withPrefix: Array(prefix.utf8)) }
          let expected: [Int] =
            switch orderBy {
            case "name": Self.straightforward(run, in: .name(descending: false), of: dataset)
            case "-name": Self.straightforward(run, in: .name(descending: true), of: dataset)
            case "modified": Self.straightforward(run, in: .modified(descending: false), of: dataset)
            case "-modified": Self.straightforward(run, in: .modified(descending: true), of: dataset)
            default: Array(run)
            }
          for (pageSize, members) in zip([100, 20, 7], memberSets) {
            for offset in [0, pageSize, 3 * pageSize, expected.count - 1] where offset >= 0 {
              let cursor = offset == 0 ? nil : PageCursor(String(offset))
              let page = try await source.characters(
                PageRequest(
                  resource: "characters", parameters: parameters, cursor: cursor, pageSize: pageSize, members: members))
              let slice = expected[min(offset, expected.count)..<min(offset + pageSize, expected.count)]
              var want: [JSON] = []
              for ordinal in slice {
                let whole = try reference.character(at: ordinal)
                want.append(members?.project(whole) ?? whole)
              }
              #expect(page.records == want, "\(prefix ?? "-") \(orderBy ?? "-") \(offset)")
              #expect(page.total == expected.count)
            }
          }
        }
      }
    }
  }

  /// A character's recorded comic ids read again are those a dataset that read nothing before
  /// parses.
  @Test func comicIDsReadAgainAreTheSame() throws {
    let dataset = try MarvelDataset.bundled.get()
    for ordinal in stride(from: 0, to: dataset.count, by: 7) {
      let fresh = try MarvelDataset(json: .marvelSampleJSON, index: .marvelSampleIndex)
      let first = try dataset.recordedComicIDs(ofCharacterAt: ordinal)
      #expect(first == (try fresh.recordedComicIDs(ofCharacterAt: ordinal)), "\(ordinal)")
      #expect(first == (try dataset.recordedComicIDs(ofCharacterAt: ordinal)), "\(ordinal)")
    }
  }

  /// A comic read twice, or with other members, is the record parsed whole and cut.
  @Test func comicsReadAgainAreTheSame() throws {
    let dataset = try MarvelDataset.bundled.get()
    let reference = try MarvelDataset(json: .marvelSampleJSON, index: .marvelSampleIndex)
    for place in stride(from: 0, to: 5_000, by: 37) {
      guard let whole = try? reference.comic(at: place) else { break }
      for members in [nil, ["title"], ["id", "title", "nope"]] as [RecordMembers?] {
        #expect(try dataset.comic(at: place, members: members) == (members?.project(whole) ?? whole))
        #expect(try dataset.comic(at: place, members: members) == (members?.project(whole) ?? whole))
      }
    }
  }
}
