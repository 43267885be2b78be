import Foundation
import PluginHTTP
import ScreenKit
import Testing

@Suite("HTTP configuration from the environment")
struct HTTPConfigurationTests {
  @Test("defaults: 10 s to connect, 30 s in all, the cache under XDG_CACHE_HOME")
  func defaults() throws {
    let configuration = try HTTPConfiguration(environment: ["XDG_CACHE_HOME": "/tmp/xdg", "HOME": "/home/u"])
    #expect(configuration.connectTimeout == .seconds(10))
    #expect(configuration.timeout == .seconds(30))
    #expect(configuration.cacheDirectory?.path == "/tmp/xdg/screenrun/http")
  }

  @Test("SCREENRUN_HTTP_TIMEOUT and SCREENRUN_HTTP_CONNECT_TIMEOUT override; connect never exceeds the whole")
  func overrides() throws {
    let configuration = try HTTPConfiguration(environment: ["SCREENRUN_HTTP_TIMEOUT": "2.5"])
    #expect(configuration.timeout == .milliseconds(2500))
    #expect(configuration.connectTimeout == .milliseconds(2500))
    let both = try HTTPConfiguration(environment: [
      "SCREENRUN_HTTP_TIMEOUT": "60", "SCREENRUN_HTTP_CONNECT_TIMEOUT": "3",
    ])
    #expect(both.timeout == .seconds(60))
    #expect(both.connectTimeout == .seconds(3))
  }

  @Test("a malformed timeout is an error that names the variable", arguments: ["soon", "0", "-1", "1e9", "nan"])
  func malformed(_ value: String) {
    #expect {
      try HTTPConfiguration(environment: ["SCREENRUN_HTTP_TIMEOUT": value])
    } throws: { error in
      (error as? DataSourceError)?.kind == .badRequest(parameter: "SCREENRUN_HTTP_TIMEOUT")
    }
  }

  @Test("the cache falls back to ~/.cache, ignores a relative XDG_CACHE_HOME, and SCREENRUN_NO_CACHE turns it off")
  func cacheDirectory() {
    #expect(HTTPConfiguration.cacheDirectory(["HOME": "/home/u"])?.path == "/home/u/.cache/screenrun/http")
    #expect(
      HTTPConfiguration.cacheDirectory(["XDG_CACHE_HOME": "rel", "HOME": "/home/u"])?.path
        == "/home/u/.cache/screenrun/http")
    #expect(HTTPConfiguration.cacheDirectory([:]) == nil)
    #expect(HTTPConfiguration.cacheDirectory(["HOME": "/home/u", "SCREENRUN_NO_CACHE": "1"]) == nil)
    #expect(HTTPConfiguration.cacheDirectory(["HOME": "/home/u", "SCREENRUN_NO_CACHE": "0"]) != nil)
  }
}
