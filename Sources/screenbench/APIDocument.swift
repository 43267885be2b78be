/// Generates a response shaped like the Marvel API's `/v1/public/characters`: an envelope with
/// `data.results`, and records with nested objects (thumbnail, comics, series, stories, events),
/// arrays of summaries, URLs, numbers and Unicode text (accents, CJK, emoji, escapes).
///
/// The records follow the field names and sizes of the real recordings in Plugins/Marvel/Sample,
/// so parsing them costs what parsing the API costs; the text is made up.
struct APIDocument {
  private var random: SeededGenerator
  private var bytes: [UInt8] = []

  private static let names = [
    "Spider-Man", "Iron Man", "Captain America", "Thor", "Hulk", "Black Widow", "Zoë Quinn", "Señor Muerte",
    "Wolverine", "Storm", "Jean Grey", "Ms. Marvel (Kamala Khan)", "鋼鉄の男", "Шторм", "Δέλτα", "Doctor Strange",
    "Scarlet Witch", "Black Panther", "Shang-Chi", "Gwen Stacy 🕷", "Howard the Duck", "Moon Knight",
  ]
  private static let words = [
    "the", "of", "and", "a", "hero", "who", "fought", "against", "cosmic", "forces", "in", "New York", "city",
    "powers", "gained", "after", "an", "accident", "with", "gamma", "radiation", "mutant", "team", "Avengers",
    "X-Men", "mysterious", "ancient", "technology", "café", "naïve", "“quoted”", "über", "日本", "🦸",
  ]
  private static let series = [
    "Avengers: The Initiative", "Amazing Spider-Man", "Uncanny X-Men", "Marvel Premiere", "Fantastic Four",
    "Hulk", "Secret Wars", "Civil War", "Captain Marvel", "New Avengers",
  ]

  init(seed: UInt64) {
    random = SeededGenerator(seed: seed)
  }

  /// A whole response of about `megabytes` MB, and how many records it holds.
  static func response(megabytes: Double, seed: UInt64) -> (bytes: [UInt8], records: Int) {
    var document = APIDocument(seed: seed)
    return document.response { written, _ in Double(written) >= megabytes * 1_000_000 }
  }

  /// A whole response with exactly `records` records.
  static func response(records: Int, seed: UInt64) -> [UInt8] {
    var document = APIDocument(seed: seed)
    return document.response { _, count in count >= records }.bytes
  }

  /// Writes records until `done(bytesWritten, recordCount)` says so.
  private mutating func response(until done: (Int, Int) -> Bool) -> (bytes: [UInt8], records: Int) {
    bytes = []
    write(
      #"{"code":200,"status":"Ok","copyright":"© 2024 MARVEL","attributionText":"Data provided by Marvel. © 2024 MARVEL","#
    )
    write(#""etag":"f0fbae65eb2f8f28bdeea0a29be8749a4e67acb3","data":{"offset":0,"limit":100,"results":["#)
    var count = 0
    while !done(bytes.count, count) {
      if count > 0 { write(",") }
      record(id: 1_009_144 + count)
      count += 1
    }
    write(#"],"total":\#(count),"count":\#(count)}}"#)
    return (bytes, count)
  }

  private mutating func record(id: Int) {
    let name = Self.names.randomElement(using: &random)! + " \(id % 977)"
    write(#"{"id":\#(id),"name":"#)
    string(name)
    write(#","description":"#)
    string(sentence(words: Int.random(in: 0...40, using: &random)))
    write(#","modified":"20\#(10 + id % 14)-0\#(1 + id % 9)-1\#(id % 10)T14:18:17-0400","#)
    write(#""rating":\#(Double(Int.random(in: 0...1000, using: &random)) / 8),"#)
    write(#""thumbnail":{"path":"http://i.annihil.us/u/prod/marvel/i/mg/\#(hex(2))/\#(hex(2))/\#(hex(13))","#)
    write(#""extension":"jpg"},"resourceURI":"http://gateway.marvel.com/v1/public/characters/\#(id)","#)
    collection("comics", id: id, count: Int.random(in: 0...12, using: &random), kind: nil)
    write(",")
    collection("series", id: id, count: Int.random(in: 0...6, using: &random), kind: nil)
    write(",")
    collection("stories", id: id, count: Int.random(in: 0...10, using: &random), kind: ["cover", "interiorStory"])
    write(",")
    collection("events", id: id, count: Int.random(in: 0...4, using: &random), kind: nil)
    write(#","urls":["#)
    for (index, type) in ["detail", "wiki", "comiclink"].prefix(Int.random(in: 1...3, using: &random)).enumerated() {
      if index > 0 { write(",") }
      write(#"{"type":"\#(type)","url":"http://marvel.com/characters/\#(id)/\#(type)?utm_campaign=apiRef"}"#)
    }
    write("]}")
  }

  /// `"comics":{"available":…,"collectionURI":…,"items":[…],"returned":…}`, as the API nests them.
  private mutating func collection(_ name: String, id: Int, count: Int, kind: [String]?) {
    let available = count + Int.random(in: 0...3, using: &random) * (count == 0 ? 0 : 20)
    write(#""\#(name)":{"available":\#(available),"#)
    write(#""collectionURI":"http://gateway.marvel.com/v1/public/characters/\#(id)/\#(name)","items":["#)
    for index in 0..<count {
      if index > 0 { write(",") }
      let item = Int.random(in: 1_000...99_999, using: &random)
      write(#"{"resourceURI":"http://gateway.marvel.com/v1/public/\#(name)/\#(item)","name":"#)
      string("\(Self.series.randomElement(using: &random)!) (\(1963 + item % 60)) #\(item % 200)")
      if let kind { write(#","type":"\#(kind.randomElement(using: &random)!)""#) }
      write("}")
    }
    write(#"],"returned":\#(count)}"#)
  }

  private mutating func sentence(words count: Int) -> String {
    (0..<count).map { _ in Self.words.randomElement(using: &random)! }.joined(separator: " ")
  }

  private mutating func hex(_ digits: Int) -> String {
    String((0..<digits).map { _ in "0123456789abcdef".randomElement(using: &random)! })
  }

  private mutating func write(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped, and one
  /// non-ASCII character in five written as a `\u` escape, as some APIs send them.
  private mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": write("\\\"")
      case "\\": write("\\\\")
      case "\n": write("\\n")
      case _ where scalar.value < 0x20:
        write("\\u00" + String(scalar.value, radix: 16).leftPadded(to: 2))
      case _ where scalar.value > 0x7F && scalar.value < 0x10000 && Int.random(in: 0..<5, using: &random) == 0:
        write("\\u" + String(scalar.value, radix: 16).leftPadded(to: 4))
      default:
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}
