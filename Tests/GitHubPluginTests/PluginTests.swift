import GitHubPlugin
import PluginHost
import ScreenKinds
import ScreenKit
import Testing

@Suite("GitHub plugin")
struct PluginTests {
  @Test func registersAsGitHubWithItsFourResources() throws {
    let registry = PluginRegistry([GitHubPlugin.plugin])
    let plugin = try #require(registry.plugin(named: "github"))
    #expect(plugin.resources.map(\.name) == ["repositories", "repository", "commits", "commit"])
    #expect(plugin.resources.map(\.kind) == [.list, .record, .list, .record])
    #expect(plugin.resource(named: "repositories")?.parameters.map(\.name) == ["q", "sort", "order"])
    #expect(plugin.resource(named: "repositories")?.parameter(named: "q")?.required == true)
    #expect(plugin.resource(named: "commits")?.parameters.map(\.name) == ["repo", "sha", "path"])
    #expect(plugin.resource(named: "commit")?.parameters.filter(\.required).map(\.name) == ["repo", "sha"])
    #expect(plugin.resources.filter { $0.kind == .list }.allSatisfy { $0.maxPageSize == 100 })
  }

  @Test func theFourScreensPassTheChecks() {
    let loader = ScreenLoader(registry: PluginRegistry([GitHubPlugin.plugin]), kinds: .standard)
    let files = ["repositories.json", "repository.json", "commits.json", "commit.json"].map(Paths.screen)
    let problems = loader.check(files)
    #expect(problems.isEmpty, "\(problems.map(\.description))")
  }
}
