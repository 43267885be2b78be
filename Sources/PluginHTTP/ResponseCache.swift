import FoundationEssentials
import ScreenKit
import ScreenSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The on-disk cache of responses that carried an ETag, so that a request can ask
/// `If-None-Match` and take a 304 as "use what you have".
///
/// One file per request, named by the MD5 of the request with its secrets removed, under
/// `$XDG_CACHE_HOME/screenrun/http`, a folder that only this user may write (one that others may
/// write to is not used). A file is written whole to a temporary name and renamed into
/// place, so a reader never sees half of one; a file that is damaged anyway (cut short, edited,
/// from another version) is ignored and replaced by the next answer, never a crash.
package struct ResponseCache: Sendable {
  package let directory: URL

  package init(directory: URL) {
    self.directory = directory
  }

  /// The largest cache file read: the largest body an answer may have, and its head.
  package static let maximumFileSize = (64 << 20) + (64 << 10)

  /// The stored answer for `key`, or nil when there is none or it cannot be trusted. Only a
  /// regular file is read: a FIFO or a device put in its place is never opened.
  package func entry(for key: CacheKey) -> CacheEntry? {
    guard isPrivate,
      case .success(let bytes) = RegularFile.contents(of: fileURL(key).path, limit: Self.maximumFileSize),
      let entry = CacheEntry(decoding: bytes), entry.key == key.text
    else { return nil }
    return entry
  }

  /// Stores `entry` for `key`, atomically. Failing to store is not an error: the cache only saves
  /// a transfer, so a read-only or full disk costs time, not the answer.
  package func store(_ entry: CacheEntry, for key: CacheKey) {
    guard
      (try? FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil
    else { return }
    // Checked once the folder is there: one made meanwhile by someone else is not written to.
    guard isPrivate else { return }
    let target = fileURL(key).path
    let temporary = directory.appendingPathComponent(
      ".\(key.fileName).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    ).path
    let bytes = entry.encoded()
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    let written = bytes.withUnsafeBytes { buffer in SystemIO.writeAll(descriptor, buffer) } == .all
    let closed = close(descriptor) == 0
    guard written, closed, rename(temporary, target) == 0 else {
      unlink(temporary)
      return
    }
  }

  /// Forgets the answer for `key` (a 200 without an ETag replaces what was there).
  package func remove(_ key: CacheKey) {
    unlink(fileURL(key).path)
  }

  /// Whether the cache's folder and the `screenrun` folder above it, where they exist, are this
  /// user's and writable by no other (links followed). Another user who can write there could
  /// plant an answer that a 304 then makes screenrun show as the server's, or take the cached
  /// answers of authenticated requests away: such a cache is neither read nor written (a
  /// shared `XDG_CACHE_HOME=/tmp/cache`, a `screenrun` folder someone made in a sticky `/tmp`).
  private var isPrivate: Bool {
    for path in [directory.path, directory.deletingLastPathComponent().path] {
      var status = stat()
      guard stat(path, &status) == 0 else { continue }  // not there yet: `store` makes it 0700
      guard status.st_uid == geteuid(), status.st_mode & 0o022 == 0 else { return false }
    }
    return true
  }

  package func fileURL(_ key: CacheKey) -> URL {
    directory.appendingPathComponent(key.fileName)
  }

}

/// What a cached response is filed under: the method, the URL with secret and unkeyed query
/// items removed, and the `Accept` header (GitHub answers one URL in several media types).
package struct CacheKey: Sendable, Equatable {
  /// The key as text; it holds no secret, so it is stored in the file to guard against collisions.
  package let text: String

  package init(_ request: HTTPRequest, redactor: Redactor) {
    let url = CacheKey.keyedURL(request.url, removing: request.unkeyedQueryItems.union(Redactor.defaultQueryNames))
    text = "GET \(redactor(url))\naccept: \(request.headers["Accept"] ?? "")"
  }

  /// The file name: 32 hex digits, so no part of the URL, secret or not, names a file.
  package var fileName: String { MD5.hex(text) }

  private static func keyedURL(_ url: URL, removing names: Set<String>) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
    let lowercased = Set(names.map { $0.lowercased() })
    if let items = components.percentEncodedQueryItems {
      let kept = items.filter { !lowercased.contains($0.name.lowercased()) }
      components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
    }
    components.user = nil
    components.password = nil
    return components.string ?? url.absoluteString
  }
}

/// One cached response: its ETag, the headers worth keeping, and the body.
///
/// On disk it is a few lines of text, a blank line, then the body's bytes:
///
///     screenrun-cache 1
///     key: GET https://api.github.com/search/repositories?q=swift
///     accept: application/vnd.github+json
///     etag: W/"3f42…"
///     header: Link: <https://api.github.com/…&page=2>; rel="next"
///     body-length: 5120
///     body-md5: 9e107d9d372bb6826bd81d3542a419d6
///
///     {"total_count": …}
package struct CacheEntry: Sendable {
  package var key: String
  package var etag: String
  package var headers: [(name: String, value: String)]
  package var body: [UInt8]

  package init(key: String, etag: String, headers: [(name: String, value: String)], body: [UInt8]) {
    self.key = key
    self.etag = etag
    self.headers = headers
    self.body = body
  }

  static let magic = "screenrun-cache 1"

  package func encoded() -> [UInt8] {
    var lines = [Self.magic]
    // The key is two lines: "GET url" and "accept: …".
    let keyLines = key.split(separator: "\n", omittingEmptySubsequences: false)
    lines.append("key: " + Self.oneLine(String(keyLines.first ?? "")))
    lines.append(Self.oneLine(keyLines.dropFirst().joined(separator: " ")))
    lines.append("etag: " + Self.oneLine(etag))
    for (name, value) in headers { lines.append("header: \(Self.oneLine(name)): \(Self.oneLine(value))") }
    lines.append("body-length: \(body.count)")
    lines.append("body-md5: \(MD5.hex(body))")
    return Array((lines.joined(separator: "\n") + "\n\n").utf8) + body
  }

  /// Reads a cache file; nil for anything that is not exactly what `encoded()` writes.
  package init?(decoding bytes: [UInt8]) {
    guard let split = Self.headEnd(bytes) else { return nil }
    let head = String(decoding: bytes[..<split], as: UTF8.self)
    let body = Array(bytes[(split + 2)...])
    var lines = head.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count >= 6, lines.removeFirst() == Self.magic else { return nil }
    guard let url = Self.value(lines.removeFirst(), "key") else { return nil }
    let accept = lines.removeFirst()
    guard accept.hasPrefix("accept: "), let etag = Self.value(lines.removeFirst(), "etag"), !etag.isEmpty else {
      return nil
    }
    var headers: [(name: String, value: String)] = []
    var length: Int?
    var md5: String?
    for line in lines {
      if let field = Self.value(line, "header"), let colon = field.firstIndex(of: ":") {
        headers.append(
          (String(field[..<colon]), String(field[field.index(after: colon)...]).trimmingSpaces()))
      } else if let text = Self.value(line, "body-length") {
        length = CheckedNumber.integer(text, in: 0...Int.max)
      } else if let text = Self.value(line, "body-md5") {
        md5 = text
      } else {
        return nil
      }
    }
    guard let length, length == body.count, let md5, md5 == MD5.hex(body) else { return nil }
    self.init(key: url + "\n" + accept, etag: etag, headers: headers, body: body)
  }

  private static func headEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 2 else { return nil }
    let limit = min(bytes.count - 1, 64 << 10)
    var index = 0
    while index < limit {
      if bytes[index] == 0x0a, bytes[index + 1] == 0x0a { return index }
      index += 1
    }
    return nil
  }

  private static func value(_ line: String, _ name: String) -> String? {
    line.hasPrefix(name + ": ") ? String(line.dropFirst(name.count + 2)) : nil
  }

  private static func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
  }
}
