import ScreenJSON

/// What every bundled sample index is read with: the index that a plugin's `build_sample.py`
/// writes beside its records' JSON (8 bytes of magic, then 8-byte numbers: the JSON's length
/// first, then the plugin's tables), its errors worded once, and the binary search of a table
/// sorted by its first number. `Plugins/Marvel/MarvelDataset.swift` and
/// `Plugins/GitHub/GitHubSampleIndex.swift` read their tables with it.
package struct SampleIndexReader: Sendable {
  /// Who the errors name: "the GitHub sample index …".
  package let name: String

  package init(name: String) { self.name = name }

  /// The header's numbers after the magic: `count` of them from byte 8, the first being the
  /// JSON's length, which must be `json`'s. Throws when the index is not one build_sample.py
  /// wrote, or is not the one of `json`.
  package func header(of index: ResidentBytes, json: ResidentBytes, magic: [UInt8], count: Int) throws(DataSourceError)
    -> [Int]
  {
    guard let head = index.span(0, 8), Array(head) == magic else { throw notWritten }
    var numbers: [Int] = []
    for field in 0..<count {
      guard let number = index.number(at: 8 + field * 8) else { throw notWritten }
      numbers.append(number)
    }
    guard numbers.first == json.count else { throw misfit }
    return numbers
  }

  private var notWritten: DataSourceError {
    .decoding("the \(name) sample index is not one build_sample.py wrote")
  }

  /// The index's tables do not fit in it or its data.
  package var misfit: DataSourceError {
    .decoding("the \(name) sample index does not fit its data: run build_sample.py again")
  }

  /// An entry points outside the index or the data.
  package var outside: DataSourceError {
    .decoding("the \(name) sample index points outside its data: run build_sample.py again")
  }

  /// A record's JSON at `span` (nil: outside the data), with `members`, only those members.
  package func parse(_ span: UnsafeBufferPointer<UInt8>?, members: RecordMembers? = nil) throws(DataSourceError)
    -> JSON
  {
    guard let span else { throw outside }
    do {
      if let members { return try JSON.parse(span, onlyMembers: members, options: .response) }
      return try JSON.parse(span, options: .response)
    } catch {
      throw .decoding("the \(name) sample data is not valid JSON at \(error)")
    }
  }

  /// The place of the entry whose first number is `key`, in a table of `count` entries of
  /// `stride` bytes at `table`, sorted by that number: by binary search, nothing parsed.
  package static func place(of key: Int, in index: ResidentBytes, table: Int, count: Int, stride: Int) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      guard let found = index.number(at: table + middle * stride) else { return nil }
      if found == key { return middle }
      if found < key { low = middle + 1 } else { high = middle }
    }
    return nil
  }
}
