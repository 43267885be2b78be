import FoundationEssentials
import ScreenKit

/// How the live sources talk HTTP: timeouts and the response cache, read from the environment.
///
/// - `SCREENRUN_HTTP_TIMEOUT`: seconds a whole request may take, however late its answer begins
///   (default 30; curl's `--max-time`).
/// - `SCREENRUN_HTTP_CONNECT_TIMEOUT`: seconds to wait for the connection to be made, its TLS
///   handshake included (default 10, and never more than the whole; curl's `--connect-timeout`).
/// - `SCREENRUN_NO_CACHE=1` (what `--no-cache` sets): no response cache.
/// - `XDG_CACHE_HOME`, else `HOME`: the cache lives in `$XDG_CACHE_HOME/screenrun/http`, or
///   `~/.cache/screenrun/http`.
package struct HTTPConfiguration: Sendable {
  package static let defaultConnectTimeout: Duration = .seconds(10)
  package static let defaultTimeout: Duration = .seconds(30)

  /// The variables it reads beside the cache's, as `--help` and the man page list them: the
  /// command line names none itself.
  package static let variables = [
    EnvironmentVariable(
      "SCREENRUN_HTTP_TIMEOUT", summary: "seconds a whole HTTP request may take",
      defaultValue: String(defaultTimeout.components.seconds)),
    EnvironmentVariable(
      "SCREENRUN_HTTP_CONNECT_TIMEOUT", summary: "seconds to wait for the connection to a server to be made",
      defaultValue: String(defaultConnectTimeout.components.seconds)),
  ]

  package var connectTimeout: Duration
  package var timeout: Duration
  /// Where cached responses live; nil: no cache.
  package var cacheDirectory: URL?
  /// The largest body accepted, so a runaway answer cannot fill memory.
  package var maximumBodySize: Int

  package init(
    connectTimeout: Duration = HTTPConfiguration.defaultConnectTimeout,
    timeout: Duration = HTTPConfiguration.defaultTimeout,
    cacheDirectory: URL? = nil,
    maximumBodySize: Int = 64 << 20
  ) {
    self.timeout = timeout
    self.connectTimeout = min(connectTimeout, timeout)
    self.cacheDirectory = cacheDirectory
    self.maximumBodySize = maximumBodySize
  }

  /// The configuration the environment asks for. A malformed timeout is an error that names the
  /// variable, rather than a silent default.
  package init(environment: [String: String]) throws(DataSourceError) {
    let timeout = try Self.seconds(environment, "SCREENRUN_HTTP_TIMEOUT") ?? Self.defaultTimeout
    let connect = try Self.seconds(environment, "SCREENRUN_HTTP_CONNECT_TIMEOUT") ?? Self.defaultConnectTimeout
    self.init(connectTimeout: connect, timeout: timeout, cacheDirectory: Self.cacheDirectory(environment))
  }

  /// `$XDG_CACHE_HOME/screenrun/http`, or `$HOME/.cache/screenrun/http`; nil when the cache is
  /// switched off or neither variable gives an absolute path (the XDG spec ignores relative ones).
  package static func cacheDirectory(_ environment: [String: String]) -> URL? {
    if let off = environment["SCREENRUN_NO_CACHE"], !off.isEmpty, off != "0" { return nil }
    let base: URL
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      base = URL(fileURLWithPath: xdg, isDirectory: true)
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
    } else {
      return nil
    }
    return base.appendingPathComponent("screenrun", isDirectory: true).appendingPathComponent("http", isDirectory: true)
  }

  private static func seconds(_ environment: [String: String], _ name: String) throws(DataSourceError) -> Duration? {
    guard let text = environment[name]?.trimmingSpaces(), !text.isEmpty else { return nil }
    guard let seconds = CheckedNumber.decimal(text, in: 0.1...3600) else {
      throw .badRequest(
        "\(name) is \(CheckedNumber.quoted(text)); set it to a number of seconds from 0.1 to 3600, such as 30",
        parameter: name)
    }
    return .milliseconds(Int((seconds * 1000).rounded()))
  }
}
