import ScreenText

/// The results of `screenrun test` as JUnit XML, the report the common CI systems read: one
/// `testsuite`, a `testcase` per test, a `failure` (with the diff) for a failed or new test, and an
/// `error` for a broken one.
enum JUnitReport {
  static func xml(_ results: [TestCommand.Result]) -> String {
    var (failures, errors) = (0, 0)
    var cases = ""
    for result in results {
      let folder = (result.name.split(separator: "/").dropLast()).joined(separator: ".")
      var name = String(result.name.split(separator: "/").last ?? "")
      if name.hasSuffix("." + ScreenTest.fileExtension) { name.removeLast(ScreenTest.fileExtension.count + 1) }
      cases += "    <testcase classname=\"\(escaped(folder.isEmpty ? "screentest" : folder))\""
      cases += " name=\"\(escaped(name))\" file=\"\(escaped(result.name))\""
      switch result.verdict {
      case .passed:
        cases += "/>\n"
      case .updated:
        cases += ">\n      <system-out>updated</system-out>\n    </testcase>\n"
      case .failed(let diffs):
        failures += 1
        cases +=
          ">\n      <failure type=\"mismatch\" message=\"the output differs; it is in \(escaped(result.pending ?? ""))\">"
        cases += escaped(TestCommand.plain(diffs), attribute: false) + "</failure>\n    </testcase>\n"
      case .new:
        failures += 1
        cases += ">\n      <failure type=\"unrecorded\" message=\"no expected output yet: review and accept it\">"
        cases += escaped("the output is in \(result.pending ?? "")") + "</failure>\n    </testcase>\n"
      case .broken(let messages):
        errors += 1
        cases += ">\n      <error type=\"broken\" message=\"\(escaped(messages.first ?? "broken"))\">"
        cases += escaped(messages.joined(separator: "\n"), attribute: false) + "</error>\n    </testcase>\n"
      }
    }
    let counts = "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="screenrun test" \(counts)>
        <testsuite name="screenrun test" \(counts) skipped="0">

      """ + cases + "  </testsuite>\n</testsuites>\n"
  }

  /// Text as XML 1.0 character data or an attribute value: the five markup characters as
  /// entities, tab, newline and carriage return as character references (an attribute keeps
  /// them), and every character XML 1.0 cannot hold (other controls, U+FFFE, U+FFFF) named as
  /// `⟨U+XXXX⟩`.
  static func escaped(_ text: String, attribute: Bool = true) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if let reference = MarkupText.reference(for: scalar) {
        result += reference
        continue
      }
      switch scalar {
      case "\t": result += "&#9;"
      case "\n": result += attribute ? "&#10;" : "\n"
      case "\r": result += "&#13;"
      default:
        let value = scalar.value
        if value < 0x20 || value == 0xFFFE || value == 0xFFFF || (0x7F...0x9F).contains(value) {
          result += Visible.code(scalar)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
