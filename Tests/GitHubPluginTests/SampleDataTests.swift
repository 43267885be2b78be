import Foundation
import ScreenKit
import Testing

@testable import GitHubPlugin

@Suite("GitHub sample data")
struct SampleDataTests {
  /// The binary carries the dataset as a Swift string so an installed screenrun needs no files;
  /// build_sample.py writes both, and this catches one regenerated without the other.
  @Test func embeddedDataHoldsTheSameDataAsTheJSONFile() throws {
    let file = try JSON.parse(Array(try Data(contentsOf: Paths.sampleJSON)), options: .response)
    let embedded = try JSON.parse(gitHubSampleJSON, options: .response)
    #expect(file == embedded)
    #expect(file["repositories"]?.arrayValue?.isEmpty == false)
  }

  @Test func bundledDatasetLoadsEveryRecordedRepositoryAndCommit() throws {
    let dataset = try GitHubDataset.bundled.get()
    #expect(dataset.repositories.count == 76)
    #expect(dataset.repositories.map(\.id) == dataset.repositories.map(\.id).sorted())
    #expect(Set(dataset.commitNames) == ["PyGithub/PyGithub", "sigmavirus24/github3.py"])
    #expect(dataset.attribution == "Sample data: recorded GitHub responses")
  }

  /// The search-only score is kept apart as `_score`; records leave the plugin as GitHub sends
  /// them, and the score still orders best matches.
  @Test func recordedScoreIsTakenOffTheRecord() throws {
    let dataset = try GitHubDataset.bundled.get()
    let pyGithub = try #require(dataset.repository(named: "jacquev6/PyGithub"))
    #expect(pyGithub.record["_score"] == nil)
    #expect(pyGithub.recordedScore == 43.148933)
    #expect(dataset.repositories.allSatisfy { $0.record["_score"] == nil })
  }

  @Test func datasetWithoutRepositoriesIsADecodingError() {
    #expect(throws: DataSourceError.decoding("the GitHub sample data has no 'repositories' array")) {
      try GitHubDataset(json: ["commits": [:]])
    }
  }
}
