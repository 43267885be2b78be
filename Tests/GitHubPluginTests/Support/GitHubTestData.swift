import Foundation
import PluginHost
import ScreenKit
import Testing

@testable import GitHubPlugin

/// Where the package's files are, found from this file so tests run from any directory.
enum Paths {
  /// The package root, which holds Tests/GitHubPluginTests/Support/.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func screen(_ name: String) -> String {
    root.appendingPathComponent("Screens").appendingPathComponent(name).path
  }

  static let sampleJSON = root.appendingPathComponent("Plugins/GitHub/Sample/github-sample.json")
}

/// Small datasets written for one test, in the recorded data's shape, for what the bundled
/// recordings cannot show: thousands of results, a commit with no GitHub account, file lists.
enum Synthetic {
  static func repository(
    id: Int, owner: String = "octo", name: String, description: String? = nil, stars: Int = 0,
    forks: Int = 0, language: String? = "Swift", topics: [String]? = nil, score: Double? = nil,
    updated: String = "2024-01-01T00:00:00Z", license: String? = nil
  ) -> JSON {
    var object = JSONObject()
    object["id"] = .int(id)
    object["name"] = .string(name)
    object["full_name"] = .string("\(owner)/\(name)")
    object["owner"] = ["login": .string(owner)]
    object["private"] = false
    object["html_url"] = .string("https://github.com/\(owner)/\(name)")
    object["description"] = description.map(JSON.string) ?? .null
    object["fork"] = false
    object["updated_at"] = .string(updated)
    object["stargazers_count"] = .int(stars)
    object["forks_count"] = .int(forks)
    object["open_issues_count"] = 0
    object["language"] = language.map(JSON.string) ?? .null
    object["license"] =
      license.map { ["key": .string($0.lowercased()), "name": .string($0), "spdx_id": .string($0)] } ?? .null
    if let topics { object["topics"] = .array(topics.map(JSON.string)) }
    object["default_branch"] = "main"
    if let score { object["_score"] = .double(score) }
    return .object(object)
  }

  static func commit(
    sha: String, message: String, login: String?, name: String = "A. Person", date: String,
    parents: [String] = [], files: [String]? = nil
  ) -> JSON {
    var object = JSONObject()
    object["sha"] = .string(sha)
    object["commit"] = [
      "author": ["name": .string(name), "email": "person@example.com", "date": .string(date)],
      "committer": ["name": .string(name), "email": "person@example.com", "date": .string(date)],
      "message": .string(message),
    ]
    object["html_url"] = .string("https://github.com/octo/app/commit/\(sha)")
    object["author"] = login.map { ["login": .string($0)] } ?? .null
    object["committer"] = login.map { ["login": .string($0)] } ?? .null
    object["parents"] = .array(parents.map { ["sha": .string($0)] })
    if let files { object["files"] = .array(files.map { ["filename": .string($0)] }) }
    return .object(object)
  }

  static func dataset(
    repositories: [JSON], commits: [String: [JSON]] = [:], commitRepositoryIds: [String: Int] = [:]
  ) throws -> GitHubDataset {
    var commitObject = JSONObject()
    for (name, list) in commits.sorted(by: { $0.key < $1.key }) { commitObject[name] = .array(list) }
    var ids = JSONObject()
    for (name, id) in commitRepositoryIds.sorted(by: { $0.key < $1.key }) { ids[name] = .int(id) }
    let json: JSON = [
      "repositories": .array(repositories), "commits": .object(commitObject), "commitRepositoryIds": .object(ids),
    ]
    return try GitHubDataset(json: json, attribution: "Synthetic test data")
  }

  /// `count` repositories that all match the word "github", like the 2,723 results of the
  /// recorded 2014 search `github language:python`.
  static func manyMatches(_ count: Int) throws -> GitHubDataset {
    try dataset(
      repositories: (1...count).map {
        repository(
          id: $0, owner: "user\($0)", name: "github-tool-\($0)", description: "A GitHub helper", stars: count - $0,
          language: "Python")
      })
  }

  /// A registry whose `github` plugin answers from `dataset`, with the real plugin's resources.
  static func registry(_ dataset: GitHubDataset) -> PluginRegistry {
    let real = GitHubPlugin.plugin
    let source = GitHubSampleSource(dataset: dataset)
    return PluginRegistry([Plugin(name: real.name, summary: real.summary, resources: real.resources) { _ in source }])
  }
}

/// Shorthands for asking a data source, as the view models do.
extension DataSource {
  func search(
    _ q: String?, sort: String? = nil, order: String? = nil, cursor: String? = nil, pageSize: Int = 30
  ) async throws(DataSourceError) -> Page {
    var parameters: [String: String] = [:]
    parameters["q"] = q
    parameters["sort"] = sort
    parameters["order"] = order
    return try await page(
      PageRequest(
        resource: "repositories", parameters: parameters, cursor: cursor.map(PageCursor.init), pageSize: pageSize))
  }

  func commits(
    _ repo: String, sha: String? = nil, path: String? = nil, cursor: String? = nil, pageSize: Int = 30
  ) async throws(DataSourceError) -> Page {
    var parameters = ["repo": repo]
    parameters["sha"] = sha
    parameters["path"] = path
    return try await page(
      PageRequest(resource: "commits", parameters: parameters, cursor: cursor.map(PageCursor.init), pageSize: pageSize))
  }
}

extension Page {
  var fullNames: [String] { records.compactMap { $0["full_name"]?.stringValue } }
  var shas: [String] { records.compactMap { $0["sha"]?.stringValue } }
}

/// The `DataSourceError` an async call throws, or nil when it succeeds. Any other error fails
/// the test: a data source throws only its own typed errors.
func failure<T>(
  sourceLocation: SourceLocation = #_sourceLocation, _ work: () async throws -> T
) async -> DataSourceError? {
  do {
    _ = try await work()
    return nil
  } catch let error as DataSourceError {
    return error
  } catch {
    Issue.record("expected a DataSourceError, got \(error)", sourceLocation: sourceLocation)
    return nil
  }
}
