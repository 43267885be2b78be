import ScreenKit

/// The Marvel Comics characters API as a screenrun data source.
///
/// Sample mode answers from real recorded responses bundled into the binary, with the API's own
/// rules for searching, paging and errors.
public enum MarvelPlugin {
  public static let name = "marvel"

  public static let plugin = Plugin(
    name: name,
    summary: "Marvel Comics characters and their comics (bundled recordings; live needs a Marvel-compatible server)",
    resources: [
      Resource(
        name: "characters", kind: .list, summary: "characters, by name",
        parameters: [
          Parameter("nameStartsWith", summary: "names starting with this text (any case)"),
          Parameter("name", summary: "exactly this name (any case)"),
          Parameter("orderBy", summary: "name, -name, modified or -modified"),
        ],
        maxPageSize: 100),
      Resource(
        name: "character", kind: .record, summary: "one character",
        parameters: [Parameter("id", required: true, summary: "the character's id")]),
      Resource(
        name: "character-comics", kind: .list, summary: "the comics a character appears in",
        parameters: [
          Parameter("id", required: true, summary: "the character's id"),
          Parameter("titleStartsWith", summary: "titles starting with this text (any case)"),
        ],
        maxPageSize: 100),
    ]
  ) { context throws(DataSourceError) in
    switch context.mode {
    case .sample:
      return try MarvelSampleSource(environment: context.environment)
    case .live:
      return try MarvelLiveSource(environment: context.environment)
    }
  }
}
