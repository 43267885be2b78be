import FoundationEssentials
import ScreenKit
import Synchronization

/// The bundled Marvel data: every distinct character and comic in the recorded responses (see
/// Sample/PROVENANCE.md), read in place from `marvel-sample.json` through the index that
/// build_sample.py writes beside it. Opening it reads a header; a page parses its own records
/// and nothing else, so the first frame costs the same over 64 characters or 1,446.
///
/// `SCREENRUN_MARVEL_SAMPLE=FOLDER` reads another dataset of the same format (a
/// `marvel-sample.json` and `marvel-sample.index` that build_sample.py wrote with
/// `--output-dir FOLDER`) by the same code, mapped from the files instead of linked in.
struct MarvelDataset: Sendable {
  static let folderVariable = "SCREENRUN_MARVEL_SAMPLE"
  static let magic = Array("SRMARVL1".utf8)

  let attribution: String
  /// How many characters there are.
  let count: Int
  private let json: ResidentBytes
  private let index: ResidentBytes
  private let characterTable: Int
  private let idTable: Int
  private let comicCount: Int
  private let comicTable: Int
  /// What this dataset has parsed and sorted already, shared by every source that reads it.
  private let memo = Memo()

  /// Records parsed once a dataset per (record, members), and the orders of the whole dataset.
  private final class Memo: Sendable {
    let characters = ParsedRecordMemo()
    let comics = ParsedRecordMemo()
    /// The ids of each character's recorded comics, as a JSON array.
    let comicLists = ParsedRecordMemo()
    /// At most 4 arrays of one `Int` per character.
    let orders = Mutex<[Order: [Int]]>([:])
  }

  /// The dataset in the binary.
  static let bundled: Result<MarvelDataset, DataSourceError> = Result { () throws(DataSourceError) in
    try MarvelDataset(json: .marvelSampleJSON, index: .marvelSampleIndex)
  }

  /// The bundled dataset, or the one the environment names.
  static func load(environment: [String: String]) throws(DataSourceError) -> MarvelDataset {
    guard let folder = environment[folderVariable], !folder.isEmpty else { return try bundled.get() }
    do {
      return try MarvelDataset(
        json: .mappedMarvelSample(folder + "/marvel-sample.json"),
        index: .mappedMarvelSample(folder + "/marvel-sample.index"))
    } catch {
      throw .decoding("\(folderVariable): \(error.message)")
    }
  }

  init(json: ResidentBytes, index: ResidentBytes) throws(DataSourceError) {
    let header = try Self.reader.header(of: index, json: json, magic: Self.magic, count: 8)
    let (attributionOffset, attributionLength, count) = (header[1], header[2], header[3])
    let (characterTable, idTable, comicCount, comicTable) = (header[4], header[5], header[6], header[7])
    guard count <= index.count / 64, comicCount <= index.count / 24,
      index.span(characterTable, count * 64) != nil, index.span(idTable, count * 16) != nil,
      index.span(comicTable, comicCount * 24) != nil
    else { throw Self.reader.misfit }
    self.json = json
    self.index = index
    self.count = count
    self.characterTable = characterTable
    self.idTable = idTable
    self.comicCount = comicCount
    self.comicTable = comicTable
    let attribution = try? Self.reader.parse(json.span(attributionOffset, attributionLength))
    self.attribution = attribution?.stringValue ?? "Data provided by Marvel."
  }

  // MARK: - Characters, by their place in name order

  /// The character at `ordinal` in name order; with `members`, only those of its members (the
  /// others are stepped over, not parsed).
  func character(at ordinal: Int, members: RecordMembers? = nil) throws(DataSourceError) -> JSON {
    let span = entrySpan(ordinal, field: 0, in: json)
    return try memo.characters.record(ordinal, members: members, cost: span?.count ?? 0) {
      () throws(DataSourceError) in try Self.reader.parse(span, members: members)
    }
  }

  /// The lowercased name of the character at `ordinal`, as UTF-8.
  func nameKey(at ordinal: Int) -> UnsafeBufferPointer<UInt8> {
    entrySpan(ordinal, field: 2, in: index) ?? UnsafeBufferPointer(start: nil, count: 0)
  }

  /// The `modified` text of the character at `ordinal`, as UTF-8 ("" when it has none).
  func modifiedKey(at ordinal: Int) -> UnsafeBufferPointer<UInt8> {
    entrySpan(ordinal, field: 4, in: index) ?? UnsafeBufferPointer(start: nil, count: 0)
  }

  /// What a list of characters can be ordered by.
  enum Order: Hashable, Sendable {
    /// The lowercased name.
    case name(descending: Bool)
    /// The `modified` text: Marvel's timestamps share one format, so their text sorts as their
    /// time does.
    case modified(descending: Bool)
  }

  /// The characters of `matches` (a run of the name order) in `order`; ties keep the name order.
  /// The order of the whole dataset is sorted once a dataset and filtered by `matches`; until it
  /// is, a run of at most 64 characters is sorted by itself.
  func ordinals(_ matches: Range<Int>, in order: Order) -> [Int] {
    let matches = matches.clamped(to: 0..<count)
    if let whole = memo.orders.withLock({ $0[order] }) {
      return matches.count == count ? whole : whole.filter(matches.contains)
    }
    if matches.count <= 64 { return sorted(Array(matches), in: order) }
    let computed = sorted(Array(0..<count), in: order)
    let whole = memo.orders.withLock { orders in
      if let found = orders[order] { return found }
      orders[order] = computed
      return computed
    }
    return matches.count == count ? whole : whole.filter(matches.contains)
  }

  /// `ordinals` sorted by the key of `order`; ties keep the name order.
  func sorted(_ ordinals: [Int], in order: Order) -> [Int] {
    let (key, descending) =
      switch order {
      case .name(let descending): (nameKey(at:), descending)
      case .modified(let descending): (modifiedKey(at:), descending)
      }
    let keys = ordinals.map(key)
    var positions = Array(ordinals.indices)
    positions.sort { left, right in
      let order = Self.compare(keys[left], keys[right])
      return order == 0 ? ordinals[left] < ordinals[right] : (order < 0) != descending
    }
    return positions.map { ordinals[$0] }
  }

  /// Compares two keys byte by byte.
  static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
    for (a, b) in zip(left, right) where a != b { return a < b ? -1 : 1 }
    return left.count == right.count ? 0 : left.count < right.count ? -1 : 1
  }

  /// The characters whose lowercased names start with `prefix` (lowercased UTF-8): one run of
  /// the name order, found by two binary searches.
  func characters(withPrefix prefix: [UInt8]) -> Range<Int> {
    let start = firstOrdinal { Self.compare(nameKey(at: $0), prefix, prefixOnly: true) >= 0 }
    let end = firstOrdinal { Self.compare(nameKey(at: $0), prefix, prefixOnly: true) > 0 }
    return start..<max(start, end)
  }

  /// The characters whose lowercased names are `name` (lowercased UTF-8).
  func characters(named name: [UInt8]) -> Range<Int> {
    let start = firstOrdinal { Self.compare(nameKey(at: $0), name, prefixOnly: false) >= 0 }
    let end = firstOrdinal { Self.compare(nameKey(at: $0), name, prefixOnly: false) > 0 }
    return start..<max(start, end)
  }

  /// The place in name order of the character with this id.
  func ordinal(ofID text: String?) -> Int? {
    guard let text = Parameter.trimmed(text), let id = Int(text), id >= 0,
      let place = SampleIndexReader.place(of: id, in: index, table: idTable, count: count, stride: 16)
    else { return nil }
    return index.number(at: idTable + place * 16 + 8).flatMap { $0 < count ? $0 : nil }
  }

  func character(id: String?) throws(DataSourceError) -> JSON? {
    guard let ordinal = ordinal(ofID: id) else { return nil }
    return try character(at: ordinal)
  }

  // MARK: - Comics

  /// The ids of the character's comics, when a response listing them was recorded; nil when
  /// only the character's own record names some.
  func recordedComicIDs(ofCharacterAt ordinal: Int) throws(DataSourceError) -> [Int]? {
    guard let length = index.number(at: characterTable + ordinal * 64 + 56), length > 0 else { return nil }
    let span = entrySpan(ordinal, field: 6, in: json)
    let list = try memo.comicLists.record(ordinal, members: nil, cost: span?.count ?? 0) {
      () throws(DataSourceError) in try Self.reader.parse(span)
    }
    return list.arrayValue?.compactMap(\.intValue) ?? []
  }

  /// The comic with this id, when the recordings hold its record.
  func comic(id: Int) throws(DataSourceError) -> JSON? {
    guard let place = comicPlace(id: id) else { return nil }
    return try comic(at: place)
  }

  /// Where in the comic table the record of the comic with this id is, when the recordings hold
  /// one: found by binary search, nothing parsed.
  func comicPlace(id: Int) -> Int? {
    SampleIndexReader.place(of: id, in: index, table: comicTable, count: comicCount, stride: 24)
  }

  /// The comic at `place` in the comic table (see `comicPlace(id:)`); with `members`, only those
  /// of its members.
  func comic(at place: Int, members: RecordMembers? = nil) throws(DataSourceError) -> JSON {
    let entry = comicTable + place * 24
    guard place >= 0, place < comicCount, let offset = index.number(at: entry + 8),
      let length = index.number(at: entry + 16)
    else { throw Self.outside }
    let span = json.span(offset, length)
    return try memo.comics.record(place, members: members, cost: length) { () throws(DataSourceError) in
      try Self.reader.parse(span, members: members)
    }
  }

  // MARK: - Parts

  /// The span that the entry's offset and length fields (`field`, `field + 1`) give in `bytes`.
  private func entrySpan(_ ordinal: Int, field: Int, in bytes: ResidentBytes) -> UnsafeBufferPointer<UInt8>? {
    guard ordinal >= 0, ordinal < count else { return nil }
    let entry = characterTable + ordinal * 64 + field * 8
    guard let offset = index.number(at: entry), let length = index.number(at: entry + 8) else { return nil }
    return bytes.span(offset, length)
  }

  /// The first ordinal for which `isAtOrPast` holds, which holds for every ordinal after it.
  private func firstOrdinal(where isAtOrPast: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if isAtOrPast(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// Compares a key with `text` by bytes; with `prefixOnly`, a key that starts with `text`
  /// counts as equal to it.
  static func compare(_ key: UnsafeBufferPointer<UInt8>, _ text: [UInt8], prefixOnly: Bool) -> Int {
    for (position, byte) in text.enumerated() {
      guard position < key.count else { return -1 }
      if key[position] != byte { return key[position] < byte ? -1 : 1 }
    }
    return prefixOnly || key.count == text.count ? 0 : 1
  }

  private static let reader = SampleIndexReader(name: "Marvel")
  private static var outside: DataSourceError { reader.outside }
}
