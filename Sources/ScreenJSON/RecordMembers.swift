import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The parts of a record that a screen reads: members by name, each read whole or only in some of
/// its own members, so that a data source can parse no more of a record than a page shows.
///
///     // {name} ({comics.available} comics): `name` whole, and of `comics` only `available`.
///     let read = RecordMembers(paths: [["name"], ["comics", "available"]])
///     read.description  // "comics.available,name"
///
/// A member read whole takes in every narrower read of it (`comics` and `comics.available` is
/// `comics`). Only objects are narrowed: a member that turns out to be an array or a scalar is
/// read whole, whatever the paths below it say.
public struct RecordMembers: Sendable, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible {
  /// How much of one member is read.
  package indirect enum Part: Sendable, Hashable {
    case whole
    /// Only these members of it (when it is an object).
    case only(RecordMembers)
  }

  /// Each member read, by name.
  package private(set) var parts: [String: Part] = [:] {
    didSet { lookupCache = LookupCache() }
  }

  /// `lookup`, made the first time it is asked for (and again after a change).
  private var lookupCache = LookupCache()

  /// The members as the piece reader looks keys up in them: by their UTF-8 bytes.
  package var lookup: MemberLookup { lookupCache.lookup(self) }

  public static func == (a: RecordMembers, b: RecordMembers) -> Bool { a.parts == b.parts }

  public func hash(into hasher: inout Hasher) { hasher.combine(parts) }

  /// Nothing read yet.
  package init() {}

  /// The members named, each read whole.
  package init(_ names: some Sequence<String>) {
    for name in names { parts[name] = .whole }
  }

  public init(arrayLiteral names: String...) {
    self.init(names)
  }

  /// The members that these paths of keys reach (`["comics", "available"]`). An empty path is the
  /// whole record, which no `RecordMembers` can say: it gives nil.
  package init?(paths: some Sequence<[String]>) {
    for path in paths {
      guard !path.isEmpty else { return nil }
      insert(path[...])
    }
  }

  /// The names of the members read, whole or in part.
  package var names: Set<String> { Set(parts.keys) }

  /// Reads `path` too.
  package mutating func insert(_ path: ArraySlice<String>) {
    guard let first = path.first else { return }
    let rest = path.dropFirst()
    if rest.isEmpty {
      parts[first] = .whole
      return
    }
    switch parts[first] {
    case .whole:
      return
    case .only(var inner):
      inner.insert(rest)
      parts[first] = .only(inner)
    case nil:
      var inner = RecordMembers()
      inner.insert(rest)
      parts[first] = .only(inner)
    }
  }

  /// Reads what `other` reads too.
  package mutating func formUnion(_ other: RecordMembers) {
    for path in other.paths { insert(path[...]) }
  }

  /// Every path read, in order: `[["comics", "available"], ["name"]]`.
  package var paths: [[String]] {
    parts.keys.sorted().flatMap { name -> [[String]] in
      switch parts[name] {
      case .only(let inner): return inner.paths.map { [name] + $0 }
      case .whole, nil: return [[name]]
      }
    }
  }

  /// The paths, dotted and in order, joined by commas: `comics.available,name`.
  public var description: String {
    paths.map { $0.joined(separator: ".") }.joined(separator: ",")
  }
}

/// The lookup of one `RecordMembers` value, shared by its copies until one of them changes.
private final class LookupCache: Sendable {
  private let made = Mutex<MemberLookup?>(nil)

  func lookup(_ members: RecordMembers) -> MemberLookup {
    made.withLock { made in
      if let made { return made }
      let lookup = MemberLookup(members)
      made = lookup
      return lookup
    }
  }
}

/// `RecordMembers` as a reader finds a key in it: a plain ASCII key by its UTF-8 bytes, in an
/// open-addressing table, so that a key not asked for (most of a record's) costs no `String` and
/// no hashing of one. It finds what the members' dictionary finds: a key that is the same text as
/// a member in another spelling (`e` + U+0301 for `é`, U+212A for `K`) is found through the
/// dictionary, as `String` equality has it.
package final class MemberLookup: Sendable {
  package enum Part: Sendable {
    case whole
    case only(MemberLookup)
  }

  private let names: [String]
  private let keys: [[UInt8]]
  private let parts: [Part]
  /// Each entry's index, at the slot its key hashes to or after it; -1 for none.
  private let slots: [Int32]
  /// Each entry's index by its name, compared as `String`s are (canonical equivalence).
  private let byName: [String: Int]
  /// Whether every name is ASCII: then an ASCII key is one of them only byte for byte.
  private let allASCII: Bool

  init(_ members: RecordMembers) {
    var names: [String] = []
    var keys: [[UInt8]] = []
    var parts: [Part] = []
    for (name, part) in members.parts {
      names.append(name)
      keys.append(Array(name.utf8))
      switch part {
      case .whole: parts.append(.whole)
      case .only(let inner): parts.append(.only(MemberLookup(inner)))
      }
    }
    var size = 8
    while size < names.count * 2 { size *= 2 }
    var slots = [Int32](repeating: -1, count: size)
    for (index, key) in keys.enumerated() {
      var slot = key.withUnsafeBufferPointer { Self.hash($0) } & (size - 1)
      while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
      slots[slot] = Int32(index)
    }
    self.names = names
    self.keys = keys
    self.parts = parts
    self.slots = slots
    byName = Dictionary(names.enumerated().map { ($1, $0) }) { first, _ in first }
    allASCII = keys.allSatisfy { $0.allSatisfy { $0 < 0x80 } }
  }

  /// The member a plain ASCII key (these bytes) is: the key as text, and how much of the member
  /// is read; nil when the key is not one of the members.
  package func find(ascii key: UnsafeBufferPointer<UInt8>) -> (key: String, part: Part)? {
    var slot = Self.hash(key) & (slots.count - 1)
    while true {
      let index = Int(slots[slot])
      guard index >= 0 else { break }
      if keys[index].withUnsafeBufferPointer({ $0.count == key.count && Self.same($0, key) }) {
        return (names[index], parts[index])  // the same bytes
      }
      slot = (slot + 1) & (slots.count - 1)
    }
    return allASCII ? nil : find(String(decoding: key, as: UTF8.self))
  }

  /// The member `key` is, as `String` equality has it: the key as given, and how much of the
  /// member is read; nil when the key is not one of the members.
  package func find(_ key: String) -> (key: String, part: Part)? {
    byName[key].map { (key, parts[$0]) }
  }

  private static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
  }

  /// FNV-1a of the bytes. The table holds only the members a screen names, at most half full,
  /// so a key from a server, whatever it is, costs at most a run of those to compare.
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return Int(truncatingIfNeeded: hash ^ (hash >> 32))
  }
}
