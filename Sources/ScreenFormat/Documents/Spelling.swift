/// Near-name suggestions by edit distance; `Diagnostic.Message.unknown` turns one into a "did you mean".
package enum Spelling {
  /// The candidate closest to `word`, if it is close enough to be what the author meant.
  package static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
    let count = word.count
    let allowed = count <= 3 ? 1 : count <= 6 ? 2 : 3
    let lowered = word.lowercased()
    var best: (name: String, distance: Int)?
    // Names whose lengths differ by more than `allowed` are never near: skipping them keeps a
    // megabyte-long word from costing a megabyte of work per candidate.
    for candidate in candidates where abs(candidate.count - count) <= allowed {
      let distance = editDistance(lowered, candidate.lowercased())
      if distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    guard let best else { return nil }
    return best.distance <= allowed ? best.name : nil
  }

  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = Array(0...b.count)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)  // a swap of two neighbours
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}
