import PluginHTTP
import PluginHost
import ScreenKit

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the REST APIs that `plugin.json` files declare with no code (the `http` object): live over
/// PluginHTTP, the HTTP layer of the compiled-in live sources (its timeouts, ETag cache, body limit,
/// cancellation, error mapping and redaction), and from the manifest's `sample` file otherwise.
package enum DeclaredHTTP {
  /// Makes `DeclaredSources` run declared APIs with this target's sources.
  package static func install() {
    DeclaredSources.install { manifest, context throws(DataSourceError) in try source(manifest, context: context) }
  }

  /// The source of `manifest`'s declared API: live with `--live`, else its sample.
  package static func source(
    _ manifest: PluginManifest, context: PluginContext, clock: @escaping @Sendable () -> Double = DeclaredClock.now
  ) throws(DataSourceError) -> any DataSource {
    guard let http = manifest.http else {
      throw .transport("plugin '\(manifest.name)' declares no http API")
    }
    switch context.mode {
    case .live:
      return try DeclaredLiveSource(manifest: manifest, http: http, environment: context.environment, clock: clock)
    case .sample:
      guard let sample = http.sample else {
        throw .badRequest(
          "plugin '\(manifest.name)' has no sample data; run with --live (its server: \(http.baseURLVariable), "
            + "default \(http.defaultBaseURL))")
      }
      return DeclaredSampleSource(manifest: manifest, http: http, sample: sample)
    }
  }
}

/// The time a computed credential is made at (`timestamp`, `timestampMs`).
package enum DeclaredClock {
  /// Seconds since 1970.
  package static let now: @Sendable () -> Double = {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
  }
}
