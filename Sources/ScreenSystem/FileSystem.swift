#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few questions about files that start-up asks, straight from the C library: `stat`
/// and `realpath`, without `FileManager` and `URL`, whose first use costs more than
/// the answers (they show in the profile of `screenrun --once`).
package enum FileSystem {
  /// Whether something stands at `path` (symbolic links followed), as `FileManager.fileExists`.
  package static func exists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0
  }

  /// Whether `path` is a folder (symbolic links followed).
  package static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// `path` with its symbolic links resolved and made absolute (`realpath`), or `path` as it is
  /// when that fails (nothing there, a loop).
  package static func resolvingLinks(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `path` made absolute against the current folder, with `.` and `..` parts and repeated or
  /// trailing slashes taken out; symbolic links are left as they are (as
  /// `URL.standardizedFileURL` gives it).
  package static func standardized(_ path: String) -> String {
    var absolute = path
    if !path.hasPrefix("/"), let folder = getcwd(nil, 0) {
      absolute = String(cString: folder) + "/" + path
      free(folder)
    }
    var parts: [Substring] = []
    for part in absolute.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(part)
      }
    }
    // Not `joined(separator:)`: over `Substring`s it is the standard library's generic code,
    // whose first call at start-up costs more than the loop.
    var standardized = ""
    for part in parts {
      standardized += "/"
      standardized += part
    }
    return standardized.isEmpty ? "/" : standardized
  }
}
