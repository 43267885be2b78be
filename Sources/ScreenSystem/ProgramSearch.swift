#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finding the file a program name runs, by the one rule the actions, the plugins and the
/// benchmarks share.
package enum ProgramSearch {
  /// The folders searched when there is no PATH: the C library's default (`confstr(_CS_PATH)`,
  /// what `execvp` searches then), `/bin:/usr/bin` when it gives none.
  package static let defaultPath: String = {
    let size = confstr(Int32(_CS_PATH), nil, 0)
    guard size > 1 else { return "/bin:/usr/bin" }
    var buffer = [CChar](repeating: 0, count: size)
    guard confstr(Int32(_CS_PATH), &buffer, size) == size else { return "/bin:/usr/bin" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }()

  /// The file `name` runs: itself when it holds a slash, else the first regular file of that name
  /// that may be run (`access(X_OK)`) in a folder of `path` (colon-separated; an empty entry is
  /// the working folder, a folder of the name is passed over, and no PATH is `defaultPath`); nil
  /// when there is none.
  package static func program(_ name: String, path: String?) -> String? {
    if name.contains("/") { return name }
    guard !name.isEmpty else { return nil }
    for folder in (path ?? defaultPath).split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
      var status = stat()
      if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
        return candidate
      }
    }
    return nil
  }
}
