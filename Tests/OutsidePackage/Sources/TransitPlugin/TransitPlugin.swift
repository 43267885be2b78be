import PluginHTTP

/// Stops and their departures, from a transit API with a bearer token: docs/plugins/swift.md's Swift example.
public enum TransitPlugin {
  public static let plugin = Plugin(
    name: "transit", summary: "Stops and their next departures, from a transit API",
    resources: [
      .list("stops", summary: "stops, by name", parameters: [Parameter("q", summary: "the name")], search: "q") {
        api, request throws(DataSourceError) in
        let page = try PageCursor.pageNumber(request.cursor)
        let answer = try await api.fetch(
          "/stops", query: [("q", request["q"]), ("page", "\(page)"), ("size", "\(request.pageSize)")])
        return try answer.page(at: .root / "stops", total: .root / "total", pageNumber: page, size: request.pageSize)
      },
      .record("stop", summary: "a stop", parameters: [Parameter("id", required: true, summary: "its id")]) {
        api, request throws(DataSourceError) in
        Record(try await api.fetch("/stops/\(request["id"], parameter: "id")").object(at: .root / "stop", "a stop"))
      },
    ],
    environment: [
      EnvironmentVariable("TRANSIT_API_URL", summary: "the API's server", defaultValue: "https://transit.example"),
      EnvironmentVariable("TRANSIT_TOKEN", summary: "an API token, sent as a bearer token", secret: true),
    ]
  ) { context throws(DataSourceError) in
    try LiveService(
      environment: context.environment, baseURLVariable: "TRANSIT_API_URL", defaultBaseURL: "https://transit.example",
      bearer: "TRANSIT_TOKEN", errors: HTTPErrorMapping(api: "Transit"))
  }
}
