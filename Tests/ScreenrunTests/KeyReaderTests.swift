import ScreenFormat
import ScreenKit
import Testing

@testable import ScreenRunCLI
@testable import ScreenTerminal

/// Bracketed paste: the bytes between ESC[200~ and ESC[201~ are one paste, over any number of
/// reads, and none of them is a key.
@Suite("Key reader")
struct KeyReaderTests {
  @Test func aPasteIsOneKeyAndItsNewlineIsNotEnter() {
    var reader = KeyReader()
    let keys = reader.keys(Array("x\u{1B}[200~iron\r\n\u{1B}[201~\r".utf8))
    #expect(keys == [.character("x"), .paste("iron\r\n"), .enter])
  }

  @Test func aPasteOverManyReadsWithTheEndMarkerSplit() {
    var reader = KeyReader()
    #expect(reader.keys(Array("\u{1B}[200~spi".utf8)) == [])
    #expect(reader.keys(Array("der\n\u{1B}[20".utf8)) == [])
    #expect(reader.keys(Array("1~a".utf8)) == [.paste("spider\n"), .character("a")])
    #expect(reader.keys(Array("\u{1B}[A".utf8)) == [.up])
  }

  @Test("a paste that never ends is ended by Ctrl-C, which is a key, in the same read or a later one")
  func aPasteWithNoEndIsEndedByControlC() {
    var reader = KeyReader()
    #expect(reader.keys(Array("\u{1B}[200~abc".utf8)) == [])
    #expect(reader.keys(Array("py".utf8)) == [])
    #expect(reader.keys([0x03, UInt8(ascii: "q")]) == [.paste("abcpy"), .control("c"), .character("q")])
    var same = KeyReader()
    #expect(same.keys(Array("\u{1B}[200~ab\u{03}\u{1B}[201~".utf8)) == [.paste("ab"), .control("c")])
    #expect(same.keys(Array("x".utf8)) == [.character("x")])
  }

  @Test func aHugePasteIsCut() {
    var reader = KeyReader()
    let big = [UInt8](repeating: UInt8(ascii: "a"), count: KeyReader.maximumPaste + 10)
    let keys = reader.keys(Array("\u{1B}[200~".utf8) + big + Array("\u{1B}[201~".utf8))
    #expect(keys == [.paste(String(repeating: "a", count: KeyReader.maximumPaste))])
  }
}
