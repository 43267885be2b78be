import Foundation
import ScreenKit

/// The bundled Marvel data: every distinct character and comic in the recorded responses
/// (see Sample/PROVENANCE.md), carried inside the binary.
struct MarvelDataset: Sendable {
  let attribution: String
  /// Ordered by name, as the API orders characters by default.
  let characters: [JSON]
  private let charactersByID: [String: JSON]
  private let comicsByID: [String: JSON]
  private let comicIDsByCharacter: [String: [String]]

  /// The dataset in the binary, parsed on first use.
  static let bundled: Result<MarvelDataset, DataSourceError> = Result { () throws(DataSourceError) in
    do {
      return try MarvelDataset(json: JSON.parse(marvelSampleJSON, options: .response))
    } catch {
      throw .decoding("the bundled Marvel sample data is not valid JSON at \(error)")
    }
  }

  init(json: JSON) throws(DataSourceError) {
    guard let characters = json["characters"]?.arrayValue, let comics = json["comics"]?.arrayValue else {
      throw .decoding("the Marvel sample data has no 'characters' or 'comics' array")
    }
    attribution = json["attributionText"]?.stringValue ?? "Data provided by Marvel."
    self.characters = characters
    charactersByID = Dictionary(characters.compactMap { record in record["id"].map { (FilterKey.id($0), record) } }) {
      first, _ in first
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

  func character(id: String?) -> JSON? {
    id.flatMap { charactersByID[$0.trimmingCharacters(in: .whitespaces)] }
  }

  func comics(ofCharacter id: String) -> [JSON] {
    (comicIDsByCharacter[id.trimmingCharacters(in: .whitespaces)] ?? []).compactMap { comicsByID[$0] }
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
