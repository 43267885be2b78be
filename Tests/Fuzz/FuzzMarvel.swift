// A libFuzzer target for what the Marvel live source does with an answer: the page and record
// decoding (data.offset, count, total, results), the error bodies of both of Marvel's shapes, and
// the redaction of what a server echoes. The bytes are an HTTP answer (status line, headers, a
// blank line, the body; see Tests/Fuzz/Support/FuzzHTTPClient.swift), served by the stand-in
// client to the real `MarvelLiveSource`. `Tests/Fuzz/run build marvel` builds it.

import PluginHTTP
import ScreenKit

private let privateKey = "fuzz-private-key-0123"
private let environment = [
  "MARVEL_PUBLIC_KEY": "fuzz-public-key", "MARVEL_PRIVATE_KEY": privateKey, "SCREENRUN_NO_CACHE": "1",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarvel(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzHTTP.answer = FuzzAnswer(Array(UnsafeBufferPointer(start: data, count: size)))
  FuzzHTTP.wait {
    let source: MarvelLiveSource
    do {
      source = try MarvelLiveSource(environment: environment, timestamp: { "1" })
    } catch {
      fatalError("the Marvel live source did not start: \(error)")
    }
    var characters = PageRequest(resource: "characters", parameters: ["nameStartsWith": "Iron"], pageSize: 20)
    await FuzzHTTP.call(hiding: privateKey) { () throws(DataSourceError) in
      let page = try await source.page(characters)
      characters.cursor = page.next
    }
    if characters.cursor != nil {
      await FuzzHTTP.call(hiding: privateKey) { () throws(DataSourceError) in _ = try await source.page(characters) }
    }
    let comics = PageRequest(
      resource: "character-comics", parameters: ["id": "1009368"], cursor: PageCursor("20"), pageSize: 20)
    await FuzzHTTP.call(hiding: privateKey) { () throws(DataSourceError) in _ = try await source.page(comics) }
    await FuzzHTTP.call(hiding: privateKey) { () throws(DataSourceError) in
      _ = try await source.record(RecordRequest(resource: "character", parameters: ["id": "1009368"]))
    }
  }
  return 0
}
