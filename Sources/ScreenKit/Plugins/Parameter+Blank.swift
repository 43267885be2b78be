/// What "blank" means for a parameter's value, said once: the core's check of a parameter that
/// allows no blank (`Resource.violation`) and the plugins that read a value trimmed use this.
extension Parameter {
  /// Whether `scalar` counts as space: Unicode White_Space, and U+200B (ZERO WIDTH SPACE), as
  /// Foundation's `.whitespacesAndNewlines` counts it.
  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || scalar == "\u{200B}"
  }

  /// Whether a value is blank: empty, or only white space and line breaks.
  package static func isBlank(_ value: some StringProtocol) -> Bool {
    value.unicodeScalars.allSatisfy(isSpace)
  }

  /// A value trimmed of white space and line breaks at both ends; nil when absent or blank.
  /// Trims without Foundation, whose `trimmingCharacters` goes through NSString and costs the
  /// first page a scan of every conformance record.
  package static func trimmed(_ value: String?) -> String? {
    guard let scalars = value?.unicodeScalars, let first = scalars.firstIndex(where: { !isSpace($0) }),
      let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return nil }
    return String(scalars[first...last])
  }
}
