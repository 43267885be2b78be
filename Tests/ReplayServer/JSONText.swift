import ScreenKit

/// JSON values back to text, for replaying recorded bodies that the fixtures store as JSON
/// rather than as the bytes sent. Key order is kept, so the body reads as it was recorded.
enum JSONText {
  static func bytes(_ value: JSON) -> [UInt8] {
    var output: [UInt8] = []
    write(value, into: &output)
    return output
  }

  private static func write(_ value: JSON, into output: inout [UInt8]) {
    switch value {
    case .null: output += Array("null".utf8)
    case .bool(let flag): output += Array((flag ? "true" : "false").utf8)
    case .int(let number): output += Array(String(number).utf8)
    case .bigInteger(let digits): output += Array(digits.utf8)
    case .double(let number): output += Array(String(describing: number).utf8)
    case .string(let text): writeString(text, into: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        write(element, into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      output.append(UInt8(ascii: "{"))
      for (index, member) in object.members.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        writeString(member.key, into: &output)
        output.append(UInt8(ascii: ":"))
        write(member.value, into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func writeString(_ text: String, into output: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output += Array(#"\""#.utf8)
      case UInt8(ascii: "\\"): output += Array(#"\\"#.utf8)
      case UInt8(ascii: "\n"): output += Array(#"\n"#.utf8)
      case UInt8(ascii: "\r"): output += Array(#"\r"#.utf8)
      case UInt8(ascii: "\t"): output += Array(#"\t"#.utf8)
      case 0..<0x20:
        output += Array(#"\u00"#.utf8)
        output.append(hex[Int(byte >> 4)])
        output.append(hex[Int(byte & 0x0f)])
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
