// A libFuzzer target for the template parser (Sources/ScreenFormat/Templates): the input up to the
// first NUL byte is a template; after it, when there is one, a JSON record to render against,
// else a small record with the kinds of value the APIs send. `Tests/Fuzz/run build template`
// builds it.

@testable import ScreenFormat
@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenKit

private let sample = try! JSON.parse(
  Array(
    """
    {"id": 1009368, "name": "Iron Man", "description": "Wounded, captured\\nand forced \\u001b[2J to build",
     "modified": "2016-09-28T12:08:19-0400", "score": 1.5e300, "big": 9223372036854775807, "small": -9223372036854775808,
     "comics": {"available": 2664, "items": [{"name": "A"}, {"name": null}]}, "tags": [], "blank": "  ",
     "thumbnail": {"path": "http://i.annihil.us/u/prod/marvel/i/mg/9/c0/527bb7b37ff55", "extension": "jpg"}}
    """.utf8), options: .response)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let split = bytes.firstIndex(of: 0) ?? size
  let source = String(decoding: bytes[..<split], as: UTF8.self)
  guard let template = try? Template(source) else { return 0 }
  var record = sample
  if split < size, let given = try? JSON.parse(Array(bytes[(split + 1)...]), options: .response) { record = given }
  let context = TemplateContext(
    record: record, params: ["id": "1009368", "q": "\u{1B}]52;c;"], query: "iron",
    meta: [MetaKey.attribution: .string("Data provided by Marvel. © 2024 MARVEL")])
  _ = template.render(in: context)
  _ = template.render(in: TemplateContext())
  let line = template.line(in: context)
  if line.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) {
    fatalError("a rendered line holds a control character")
  }
  _ = template.lineIfAny(in: context)
  _ = (template.parameterNames, template.readsRecord, template.isConstant, template.metaKeys)
  // What a template was parsed from parses again to the same template.
  guard let again = try? Template(template.source), again == template else {
    fatalError("a template does not parse the same twice")
  }
  return 0
}
