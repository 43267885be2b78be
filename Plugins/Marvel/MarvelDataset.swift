import Foundation
import ScreenKit

/// The bundled Marvel data: every distinct character and comic in the recorded responses
/// (see Sample/PROVENANCE.md), carried inside the binary.
struct MarvelDataset: Sendable {
  let attribution: String
  /// Ordered by name, as the API orders characters by default.
  let characters: [JSON]
  private let charactersByID: [String: JSON]
  /// The comics, by id and by character: made when first asked for, because the characters
  /// screens, where a run starts, need none of them.
  private let comicIndex: @Sendable () throws(DataSourceError) -> ComicIndex

  /// The dataset in the binary, parsed on first use: the characters now, the comics later.
  static let bundled: Result<MarvelDataset, DataSourceError> = Result { () throws(DataSourceError) in
    try MarvelDataset(json: bundledPart(["attributionText", "characters"])) { () throws(DataSourceError) in
      try bundledComics.get()
    }
  }

  /// The bundled comics, parsed once, the first time a screen lists a character's comics.
  private static let bundledComics: Result<ComicIndex, DataSourceError> = Result { () throws(DataSourceError) in
    try ComicIndex(json: bundledPart(["comics", "characterComics"]))
  }

  /// The named members of the bundled data; the others are skipped unread.
  private static func bundledPart(_ members: Set<String>) throws(DataSourceError) -> JSON {
    do {
      return try JSON.parse(marvelSampleJSON, onlyMembers: members, options: .response)
    } catch {
      throw .decoding("the bundled Marvel sample data is not valid JSON at \(error)")
    }
  }

  /// A dataset from one JSON value holding all of it.
  init(json: JSON) throws(DataSourceError) {
    let comics = try ComicIndex(json: json)
    try self.init(json: json) { comics }
  }

  private init(
    json: JSON, comics: @escaping @Sendable () throws(DataSourceError) -> ComicIndex
  ) throws(DataSourceError) {
    guard let characters = json["characters"]?.arrayValue else {
      throw .decoding("the Marvel sample data has no 'characters' array")
    }
    attribution = json["attributionText"]?.stringValue ?? "Data provided by Marvel."
    self.characters = characters
    charactersByID = Dictionary(characters.compactMap { record in record["id"].map { (FilterKey.id($0), record) } }) {
      first, _ in first
    }
    comicIndex = comics
  }

  func character(id: String?) -> JSON? {
    id.flatMap { charactersByID[$0.trimmingCharacters(in: .whitespaces)] }
  }

  func comics(ofCharacter id: String) throws(DataSourceError) -> [JSON] {
    let index = try comicIndex()
    let ids = index.comicIDsByCharacter[id.trimmingCharacters(in: .whitespaces)] ?? []
    return ids.compactMap { index.comicsByID[$0] }
  }
}

/// The comics of the dataset, by id, and the ids of each character's comics.
struct ComicIndex: Sendable {
  let comicsByID: [String: JSON]
  let comicIDsByCharacter: [String: [String]]

  init(json: JSON) throws(DataSourceError) {
    guard let comics = json["comics"]?.arrayValue else {
      throw .decoding("the Marvel sample data has no 'comics' array")
    }
    comicsByID = Dictionary(comics.compactMap { record in record["id"].map { (FilterKey.id($0), record) } }) {
      first, _ in first
    }
    var comicIDs: [String: [String]] = [:]
    for (character, ids) in json["characterComics"]?.objectValue?.members ?? [] {
      comicIDs[character] = ids.arrayValue?.map(FilterKey.id) ?? []
    }
    comicIDsByCharacter = comicIDs
  }
}

/// Ids arrive as JSON numbers in the data and as text in parameters; both key the same record.
enum FilterKey {
  static func id(_ value: JSON) -> String {
    switch value {
    case .int(let number): String(number)
    case .string(let text): text
    default: ""
    }
  }
}
