import Testing

@testable import PluginHost
@testable import ScreenKit

/// The framing of the plugin protocol, alone: lines cut from a stream however it is split, a line
/// over the limit, what is left at the end, and bytes that are no text.
@Suite("Line framing of the plugin protocol")
struct LineFramingTests {
  /// The frames of `chunks` pushed one by one, each followed by as many `next()` as give one.
  static func frames(_ chunks: [[UInt8]], limit: Int = 64) -> (frames: [LineFraming.Frame], partial: [UInt8]) {
    var framing = LineFraming(limit: limit)
    var frames: [LineFraming.Frame] = []
    for chunk in chunks {
      framing.append(chunk)
      while let frame = framing.next() {
        frames.append(frame)
        if case .tooLong = frame { return (frames, Array(framing.partial)) }
      }
    }
    return (frames, Array(framing.partial))
  }

  @Test("lines come out whole however the stream is cut, and a line never ended stays partial")
  func cuts() {
    let stream = Array("{\"a\":1}\n\n{\"b\":2}\r\nrest".utf8)
    for size in 1...stream.count {
      let chunks = stride(from: 0, to: stream.count, by: size).map { Array(stream[$0..<min($0 + size, stream.count)]) }
      let (frames, partial) = Self.frames(chunks)
      #expect(frames == [.line(Array("{\"a\":1}".utf8)), .line([]), .line(Array("{\"b\":2}\r".utf8))], "size \(size)")
      #expect(partial == Array("rest".utf8), "size \(size)")
    }
  }

  @Test("a line of the limit passes; one byte more breaks the stream, ended or not, and says so again")
  func limit() {
    let full = [UInt8](repeating: 0x61, count: 64)
    #expect(Self.frames([full + [0x0A]]).frames == [.line(full)])
    let over = full + [0x62]
    for chunks in [[over + [0x0A]], [over], [Array(over.prefix(10)), Array(over.dropFirst(10))]] {
      let (frames, partial) = Self.frames(chunks)
      guard frames.count == 1, case .tooLong(let start) = frames[0] else {
        Issue.record("\(frames)")
        continue
      }
      #expect(start.starts(with: over))
      #expect(partial.isEmpty)
    }
    var framing = LineFraming(limit: 4)
    framing.append(Array("abcdef\nok\n".utf8))
    #expect(framing.next() == .tooLong(start: Array("abcdef\nok\n".utf8)))
    #expect(framing.next() == .tooLong(start: Array("abcdef\nok\n".utf8)), "a broken stream stays broken")
  }

  @Test("a megabyte line in 64 KiB pieces is one line, and a 16 MiB one with no newline is cut at 4 KiB to quote")
  func megabyte() {
    let line = [UInt8](repeating: 0x78, count: 1 << 20)
    let chunks = stride(from: 0, to: line.count, by: 64 << 10).map {
      Array(line[$0..<min($0 + (64 << 10), line.count)])
    }
    #expect(Self.frames(chunks + [[0x0A]], limit: ExternalSource.maximumLine).frames == [.line(line)])
    var framing = LineFraming(limit: ExternalSource.maximumLine)
    let piece = [UInt8](repeating: 0x79, count: 1 << 20)
    for _ in 0..<16 {
      framing.append(piece)
      #expect(framing.next() == nil)
    }
    framing.append([0x79])
    #expect(framing.next() == .tooLong(start: [UInt8](repeating: 0x79, count: LineFraming.quoted)))
  }

  @Test("NUL, invalid UTF-8 and a lone CR are bytes of a line: framing passes them to the codec as they came")
  func bytes() {
    let odd: [UInt8] = [0x00, 0xFF, 0xC3, 0x28, 0x0D, 0x00]
    #expect(Self.frames([odd + [0x0A] + odd]) == ([.line(odd)], odd))
  }
}
