/// Text with chosen Unicode scalars written as `\uXXXX` (four hex digits at least), so that what
/// it quotes is safe to print, `cat` or paste: the one escaper that diagnostics and the plugin log
/// share.
package enum ScalarEscape {
  /// `text` with every scalar for which `escapes` is true written as `\uXXXX`; `text` itself
  /// when there is none.
  package static func escaped(_ text: String, where escapes: (Unicode.Scalar) -> Bool) -> String {
    guard text.unicodeScalars.contains(where: escapes) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if escapes(scalar) {
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
