// A libFuzzer target for what the GitHub live source does with an answer: a search page
// (items, total_count, the Link header's next page), a repository, a commits list, a commit, and
// the error answers (401, 404, 422 with `errors[]`, and the rate limits read from 403 and 429
// headers). The bytes are an HTTP answer (status line, headers, a blank line, the body; see
// Tests/Fuzz/Support/FuzzHTTPClient.swift), served by the stand-in client to the real
// `GitHubLiveSource`. `Tests/Fuzz/run build github` builds it.

import PluginHTTP
import ScreenKit

private let token = "ghp_fuzzToken0123456789"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGitHub(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzHTTP.answer = FuzzAnswer(Array(UnsafeBufferPointer(start: data, count: size)))
  // With and without a token: the messages of a 401 and of a rate limit differ.
  var environment = ["GITHUB_API_URL": "https://api.github.com", "SCREENRUN_NO_CACHE": "1"]
  if size % 2 == 0 { environment["GITHUB_TOKEN"] = token }
  FuzzHTTP.wait { [environment] in
    let source: GitHubLiveSource
    do {
      source = try GitHubLiveSource(environment: environment)
    } catch {
      fatalError("the GitHub live source did not start: \(error)")
    }
    for (resource, parameters) in [("repositories", ["q": "swift"]), ("commits", ["repo": "apple/swift"])] {
      var request = PageRequest(resource: resource, parameters: parameters, pageSize: 30)
      await FuzzHTTP.call(hiding: token) { () throws(DataSourceError) in
        let page = try await source.page(request)
        if resource == "repositories" {
          for record in page.records { _ = GitHubRepository(record) }
        }
        request.cursor = page.next
      }
      if request.cursor != nil {
        await FuzzHTTP.call(hiding: token) { () throws(DataSourceError) in _ = try await source.page(request) }
      }
    }
    for (resource, parameters) in [
      ("repository", ["repo": "apple/swift"]), ("commit", ["repo": "a/b", "sha": "abc1"]),
    ] {
      await FuzzHTTP.call(hiding: token) { () throws(DataSourceError) in
        _ = try await source.record(RecordRequest(resource: resource, parameters: parameters))
      }
    }
  }
  return 0
}
