import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a failed file operation says to a person, without full Foundation (whose
/// `localizedDescription` needs its localization tables): the C library's words for the errno
/// under it, such as "No such file or directory".
package enum SystemError {
  package static func describe(_ error: any Error) -> String {
    if let posix = error as? POSIXError { return words(posix.code.rawValue) }
    if let cocoa = error as? CocoaError {
      if let posix = cocoa.underlying as? POSIXError { return words(posix.code.rawValue) }
      return "file error \(cocoa.code.rawValue)"
    }
    return String(describing: error)
  }

  /// The C library's words for `errno`.
  package static func words(_ errno: Int32) -> String {
    guard let text = strerror(errno) else { return "error \(errno)" }
    return String(cString: text)
  }

  /// The path of the running program (Linux's /proc/self/exe, which has its links resolved), or
  /// nil where it cannot be read.
  package static var executablePath: String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments.first }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
