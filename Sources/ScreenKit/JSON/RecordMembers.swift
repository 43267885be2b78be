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
  public indirect enum Part: Sendable, Hashable {
    case whole
    /// Only these members of it (when it is an object).
    case only(RecordMembers)
  }

  /// Each member read, by name.
  public private(set) var parts: [String: Part] = [:]

  /// Nothing read yet.
  public init() {}

  /// The members named, each read whole.
  public init(_ names: some Sequence<String>) {
    for name in names { parts[name] = .whole }
  }

  public init(arrayLiteral names: String...) {
    self.init(names)
  }

  /// The members that these paths of keys reach (`["comics", "available"]`). An empty path is the
  /// whole record, which no `RecordMembers` can say: it gives nil.
  public init?(paths: some Sequence<[String]>) {
    for path in paths {
      guard !path.isEmpty else { return nil }
      insert(path[...])
    }
  }

  /// The names of the members read, whole or in part.
  public var names: Set<String> { Set(parts.keys) }

  /// Reads `path` too.
  public mutating func insert(_ path: ArraySlice<String>) {
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
  public mutating func formUnion(_ other: RecordMembers) {
    for path in other.paths { insert(path[...]) }
  }

  /// Every path read, in order: `[["comics", "available"], ["name"]]`.
  public var paths: [[String]] {
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
