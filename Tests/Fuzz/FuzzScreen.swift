// A libFuzzer target for everything a screen file goes through: jansson, the locator, the spec
// decoder with its templates, and the renderer. `Tests/Fuzz/run build screen` builds it against
// ScreenKit compiled for fuzzing (with testing enabled, so it can reach internal types), and
// `Tests/Fuzz/run` says how to run it.

@testable import ScreenJSON
@testable import ScreenKinds
@testable import ScreenKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScreen(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let root = try? JSON.parse(bytes, options: .document) else { return 0 }
  let locator = JSONLocator(bytes)
  var decoder = SpecDecoder()
  let spec = decoder.decode(root, file: "fuzz.json", kinds: .standard)
  for problem in decoder.problems {
    _ = locator.keyLocation(of: problem.pointer)
    _ = locator.location(ofCharacter: 3, inStringAt: problem.pointer)
  }
  guard let spec else { return 0 }
  let record = root
  let state: ScreenState
  if spec.list != nil {
    var list = ListViewModel.State()
    list.status = .loaded
    list.records = [record, record["row"] ?? .null, .string("\u{1B}[2J")]
    list.query = "q"
    state = ScreenState(spec: spec, parameters: ["id": "1"], content: .of(ListKind.self, list), selection: 1)
  } else {
    var detail = DetailViewModel.State()
    detail.status = .loaded
    detail.record = record
    state = ScreenState(spec: spec, parameters: ["id": "1"], content: .of(DetailKind.self, detail))
  }
  for width in [20, 57] {
    _ = TextRenderer.render(state, options: RenderOptions(width: width))
    _ = TextRenderer.render(state, options: RenderOptions(width: width, height: 9, scroll: 4))
  }
  return 0
}
