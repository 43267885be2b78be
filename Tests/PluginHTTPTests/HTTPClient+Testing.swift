import PluginHTTP
import ScreenKit
import Testing

extension HTTPClient {
  /// The error this client throws for `request`; a test fails when it answers instead.
  func failure(_ request: HTTPRequest) async throws -> DataSourceError {
    switch await result(request) {
    case .failure(let error):
      return error
    case .success(let response):
      Issue.record("expected an error, got status \(response.status)")
      throw UnexpectedAnswer()
    }
  }

  /// `get(request)` as a value, for a task that a test cancels.
  func result(_ request: HTTPRequest) async -> Result<HTTPResponse, DataSourceError> {
    do throws(DataSourceError) {
      return .success(try await get(request))
    } catch {
      return .failure(error)
    }
  }
}

struct UnexpectedAnswer: Error {}
