#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment as a dictionary, read from the C library's `environ`: what
/// `ProcessInfo.processInfo.environment` gives, without making `ProcessInfo` (which reads much
/// more about the process than its environment, and shows in the profile of `screenrun --once`).
package enum ProcessEnvironment {
  /// Every `NAME=value` of `environ`; an entry without `=` is left out, and of a name given twice
  /// the first is kept, as `getenv` finds it.
  package static func current() -> [String: String] {
    var environment: [String: String] = [:]
    #if canImport(Darwin)
      let first = _NSGetEnviron()?.pointee
    #else
      let first: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    #endif
    guard var entry = first else { return environment }
    // Sized once: growing a dictionary of strings rehashes it, each time.
    var count = 0
    while entry[count] != nil { count += 1 }
    environment.reserveCapacity(count)
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "="), equals != text.startIndex {
        let name = String(text[..<equals])
        if environment[name] == nil { environment[name] = String(text[text.index(after: equals)...]) }
      }
      entry += 1
    }
    return environment
  }
}
