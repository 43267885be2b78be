import ScreenKit

/// The Marvel Comics characters API as a screenrun data source.
///
/// Sample mode answers from real recorded responses bundled into the binary, with the API's own
/// rules for searching, paging and errors.
public enum MarvelPlugin {
  public static let name = "marvel"

  /// Marvel's resources, each with its handler. The core checks every request against them
  /// before a handler runs, and words what it refuses as Marvel's 409s do.
  static let declaration = Declaration<any MarvelAPI>(
    [
      .list(
        "characters", summary: "characters, by name",
        parameters: [
          Parameter("nameStartsWith", allowsBlank: false, summary: "names starting with this text (any case)"),
          Parameter("name", allowsBlank: false, summary: "exactly this name (any case)"),
          Parameter(
            "orderBy", values: ["name", "-name", "modified", "-modified"], summary: "name, -name, modified or -modified"
          ),
        ],
        search: "nameStartsWith", maxPageSize: 100
      ) { api, request throws(DataSourceError) in try await api.characters(request) },
      .record(
        "character", summary: "one character",
        parameters: [Parameter("id", required: true, summary: "the character's id")]
      ) { api, request throws(DataSourceError) in try await api.character(request) },
      .list(
        "character-comics", summary: "the comics a character appears in",
        parameters: [
          Parameter("id", required: true, summary: "the character's id"),
          Parameter("titleStartsWith", allowsBlank: false, summary: "titles starting with this text (any case)"),
        ],
        search: "titleStartsWith", maxPageSize: 100
      ) { api, request throws(DataSourceError) in try await api.comics(request) },
    ],
    refusal: { api, violation in
      guard violation.kind != .missingParameter, let status = status(of: violation) else {
        return .badRequest("a character id is required", parameter: violation.parameter)
      }
      // As from the server: the parameter is the one the text names, if any.
      return api.refused(status, parameter: MarvelAPIError.named(in: status, among: [violation.parameter ?? ""]))
    }
  )

  /// The variables the plugin reads: the live server and its keys, and another sample dataset.
  static let environment = [
    EnvironmentVariable(
      MarvelLiveSource.baseURLVariable, summary: "the Marvel API's server, for live data",
      defaultValue: MarvelLiveSource.defaultBaseURL),
    EnvironmentVariable(
      MarvelCredentials.publicKeyVariable, summary: "the Marvel API's public key, required for live data"),
    EnvironmentVariable(
      MarvelCredentials.privateKeyVariable, summary: "the Marvel API's private key, required for live data",
      secret: true),
    EnvironmentVariable(
      MarvelDataset.folderVariable,
      summary: "a folder of another sample dataset in the bundled one's format (build_sample.py --output-dir)"),
  ]

  public static let plugin = Plugin(
    name: name,
    summary: "Marvel Comics characters and their comics (bundled recordings; live needs a Marvel-compatible server)",
    declaration: declaration, environment: environment
  ) { context throws(DataSourceError) -> any MarvelAPI in
    switch context.mode {
    case .sample: try MarvelSampleSource(environment: context.environment)
    case .live: try MarvelLiveSource(environment: context.environment)
    }
  }

  /// The `status` text of the 409 Marvel answers a request with that breaks a rule.
  static func status(of violation: Violation) -> String? {
    let name = violation.parameter ?? ""
    switch violation.kind {
    case .unknownParameter: return "We don't recognize the parameter \(name)"
    case .blankParameter: return "\(name) cannot be blank if it is set"
    case .valueNotAllowed: return "\(violation.value ?? "") is not a valid ordering parameter."
    case .missingParameter: return nil
    case .pageSize:
      return Int(violation.value ?? "").map { $0 > 0 } == true
        ? "You may not request more than 100 items." : "You must pass an integer limit greater than 0."
    }
  }
}

/// What both Marvel sources answer: the sample over the bundled recordings, and live over HTTP.
/// A request reaches these only after the core has checked it against `MarvelPlugin.declaration`.
protocol MarvelAPI: DataSource {
  func characters(_ request: PageRequest) async throws(DataSourceError) -> Page
  func character(_ request: RecordRequest) async throws(DataSourceError) -> Record
  func comics(_ request: PageRequest) async throws(DataSourceError) -> Page
  /// Marvel's 409 refusal with `status`, as this source words it.
  func refused(_ status: String, parameter: String?) -> DataSourceError
}

extension MarvelAPI {
  func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    try await MarvelPlugin.declaration.page(request, on: self)
  }

  func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    try await MarvelPlugin.declaration.record(request, on: self)
  }
}
