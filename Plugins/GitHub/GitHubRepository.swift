import ScreenKit

/// A repository record with what search reads from it, taken out once when the dataset loads,
/// so a search over thousands of records compares plain values instead of walking JSON.
struct GitHubRepository: Sendable {
  /// The record as the API sends it (the dataset's `_score` taken off); of the bundled data's
  /// search list, only the members search reads (`searched`).
  let record: JSON
  let id: Int
  let fullName: String
  /// Lowercased, as search compares them.
  let name: String
  let lowercasedFullName: String
  let owner: String
  let description: String
  /// Nil in records from before GitHub had topics (2017), which a `topic:` qualifier never matches.
  let topics: [String]?
  let language: String?
  let stars: Int
  let forks: Int
  let size: Int?
  /// The search score recorded with the record, for the query it was recorded for; 0 when none.
  let recordedScore: Double
  let createdAt: String?
  let pushedAt: String?
  let updatedAt: String?
  let isArchived: Bool?
  let isFork: Bool
  let isPrivate: Bool
  let isMirror: Bool
  /// The license's `key` and `spdx_id`, lowercased; empty for `license: null` or no license field.
  let licenses: [String]

  /// The members of a record that this reads (and so search and its qualifiers read): a record
  /// parsed with only these gives the same repository, but for `record`. build_sample.py's
  /// SEARCHED names the same members for the index's search records.
  static let searched: RecordMembers = {
    var members = RecordMembers([
      "id", "full_name", "_score", "name", "description", "topics", "language", "stargazers_count", "watchers_count",
      "forks_count", "forks", "size", "created_at", "pushed_at", "updated_at", "archived", "fork", "private",
      "mirror_url",
    ])
    for path in [["owner", "login"], ["license", "key"], ["license", "spdx_id"]] { members.insert(path[...]) }
    return members
  }()

  /// Reads a repository record; nil when it lacks what every repository has (an id and a full name).
  init?(_ json: JSON) {
    guard case .object(var object) = json, let id = json["id"]?.intValue,
      let fullName = json["full_name"]?.stringValue
    else { return nil }
    let recordedScore = json["_score"].flatMap(Self.number) ?? 0
    object["_score"] = nil
    record = .object(object)
    self.id = id
    self.fullName = fullName
    lowercasedFullName = fullName.lowercased()
    name = (json["name"]?.stringValue ?? String(fullName.split(separator: "/").last ?? "")).lowercased()
    owner = (json[path: ["owner", "login"]]?.stringValue ?? String(fullName.split(separator: "/").first ?? ""))
      .lowercased()
    description = json["description"]?.stringValue?.lowercased() ?? ""
    topics = json["topics"]?.arrayValue?.compactMap { $0.stringValue?.lowercased() }
    language = json["language"]?.stringValue?.lowercased()
    stars = json["stargazers_count"]?.intValue ?? json["watchers_count"]?.intValue ?? 0
    forks = json["forks_count"]?.intValue ?? json["forks"]?.intValue ?? 0
    size = json["size"]?.intValue
    self.recordedScore = recordedScore
    createdAt = json["created_at"]?.stringValue
    pushedAt = json["pushed_at"]?.stringValue
    updatedAt = json["updated_at"]?.stringValue
    isArchived = json["archived"]?.boolValue
    isFork = json["fork"]?.boolValue ?? false
    isPrivate = json["private"]?.boolValue ?? false
    isMirror = json["mirror_url"]?.stringValue != nil
    licenses = [json[path: ["license", "key"]], json[path: ["license", "spdx_id"]]]
      .compactMap { $0?.stringValue?.lowercased() }
  }

  private static func number(_ json: JSON) -> Double? {
    switch json {
    case .int(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }
}
