// A libFuzzer target for the width and wrapping code (Sources/ScreenText): the first
// byte picks a width from 1 to 200, the rest is text (made valid UTF-8). Wrapping, cutting and
// padding must keep to the width, and so must every line of a frame that shows the text, except
// a URL alone on its line. `Tests/Fuzz/run build width` builds it.

@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenKit
@testable import ScreenText

private func screen(_ text: String) -> ScreenSpec {
  let root = try! JSON.parse(Array(text.utf8), options: .document)
  var decoder = SpecDecoder()
  guard let spec = decoder.decode(root, file: "fuzz.json", kinds: .standard) else { fatalError("\(decoder.problems)") }
  return spec
}

private let detail = screen(
  """
  {"kind": "detail", "title": "{name}", "source": {"plugin": "p", "resource": "r"},
   "sections": [{"type": "text", "value": "{text}"}, {"type": "image", "label": "Picture", "value": "{url}"},
     {"type": "fields", "fields": [{"label": "Name", "value": "{text}"}, {"label": "{text}", "value": "x"}]},
     {"type": "list", "header": "Items", "items": "items", "row": "{name}"}],
   "footer": "{text}"}
  """)

private let list = screen(
  """
  {"kind": "list", "title": "{query} {meta.attribution}", "source": {"plugin": "p", "resource": "r"},
   "search": {"param": "q"}, "row": {"title": "{name}", "subtitle": "{text}"}, "footer": "{meta.attribution}"}
  """)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWidth(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let width = Int(data[0]) % 200 + 1
  let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)

  let wrapped = TextWidth.wrap(text, toColumns: width)
  // Nothing but the spaces where lines break is lost (nor added).
  let kept = { (text: String) in Array(text.unicodeScalars.filter { $0 != " " && $0 != "\n" }) }
  if kept(wrapped.joined()) != kept(text) { fail("wrap lost text", wrapped.joined(separator: "|"), width) }
  for line in wrapped {
    // The exceptions wrapping allows: a character wider than a line of one column (with any
    // zero-width characters next to it), and a URL.
    let visible = line.count { TextWidth.columns(of: $0) > 0 }
    if TextWidth.width(of: line) > width, visible > 1, !FrameLine.isLoneURL(line) { fail("wrap", line, width) }
  }
  if width > 1 || TextWidth.width(of: text) <= 1 {
    let cut = TextWidth.truncate(text, toColumns: width)
    if TextWidth.width(of: cut) > width { fail("truncate", cut, width) }
    let padded = TextWidth.pad(text, toColumns: width)
    if TextWidth.width(of: padded) != width { fail("pad", padded, width) }
  }

  let record = JSON.object(
    JSONObject([
      "name": .string(text), "text": .string(text), "url": .string("https://example.com/" + text),
      "items": .array([.object(JSONObject(["name": .string(text)]))]),
    ]))
  var loaded = DetailViewModel.State()
  loaded.status = .loaded
  loaded.record = record
  var failed = DetailViewModel.State()
  failed.status = .error(.server(status: 500, text))
  var rows = ListViewModel.State()
  rows.status = .loaded
  rows.records = [record, record]
  rows.query = text
  rows.attribution = text
  var states = [
    ScreenState(spec: detail, parameters: ["id": text], content: .of(DetailKind.self, loaded)),
    ScreenState(spec: detail, parameters: ["id": text], content: .of(DetailKind.self, failed)),
    ScreenState(spec: list, parameters: [:], content: .of(ListKind.self, rows), selection: 1),
  ]
  states[0].problems = [text]
  for state in states {
    for options in [RenderOptions(width: width), RenderOptions(width: width, height: 12, scroll: 2)] {
      let frame = TextRenderer.render(state, options: options)
      for line in frame.split(separator: "\n", omittingEmptySubsequences: false) {
        if TextWidth.width(of: line) > options.width, !FrameLine.isLoneURL(line) {
          fail("render", String(line), options.width)
        }
      }
    }
  }
  return 0
}

private func fail(_ what: String, _ line: String, _ width: Int) -> Never {
  fatalError("\(what): a line of \(TextWidth.width(of: line)) columns at width \(width): \(line.debugDescription)")
}
