import Foundation

/// Writes to stdout and stderr, unbuffered by Swift, so frames and errors keep their order.
enum Output {
  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  static func error(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}

enum Terminal {
  /// The width of the terminal on `descriptor`, or nil when it is not a terminal.
  static func width(of descriptor: Int32) -> Int? {
    guard isatty(descriptor) == 1 else { return nil }
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
