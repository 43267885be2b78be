extension String {
  /// The last part of a path, as `NSString.lastPathComponent` gives it: trailing slashes ignored,
  /// `"/"` for the root, the whole text for a path with no slash.
  package var lastPathComponent: String {
    let path = withoutTrailingSlashes
    guard let slash = path.lastIndex(of: "/") else { return path }
    if path == "/" { return path }
    return String(path[path.index(after: slash)...])
  }

  /// The path without its last part, as `NSString.deletingLastPathComponent` gives it:
  /// `"/a/b/c"` gives `"/a/b"`, `"/a"` gives `"/"`, `"a"` gives `""`.
  package var deletingLastPathComponent: String {
    let path = withoutTrailingSlashes
    guard let slash = path.lastIndex(of: "/") else { return "" }
    if path == "/" { return path }
    var folder = path[..<slash]
    while folder.count > 1, folder.last == "/" { folder = folder.dropLast() }
    return folder.isEmpty ? "/" : String(folder)
  }

  /// The path with `component` added after a slash, as `URL.appendingPathComponent` gives it:
  /// `"/a"` and `"b"` give `"/a/b"`, `"/"` and `"b"` give `"/b"`.
  package func appendingPath(_ component: String) -> String {
    hasSuffix("/") ? self + component : self + "/" + component
  }

  private var withoutTrailingSlashes: String {
    var path = self[...]
    while path.count > 1, path.last == "/" { path = path.dropLast() }
    return String(path)
  }
}
