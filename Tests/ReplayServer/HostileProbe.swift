import Foundation
import ScreenKit

/// A hand-made hostile probe from `Tests/Fixtures/Hostile/<plugin>`: exchanges to replay, the
/// page to ask for, and the error the live source must answer with (see the README there).
public struct HostileProbe: Sendable, CustomStringConvertible {
  public var name: String
  /// The exchanges, matching any query: a probe is about the answer, not the request's details.
  public var exchanges: [RecordedExchange]
  public var request: PageRequest
  /// The error kind's family, as Swift names it (`decoding`, `rateLimited`).
  public var kind: String
  /// Text the error message must contain.
  public var message: String

  /// Whether `kind` is the family the probe names, by the name a Swift author writes
  /// (`decoding`, `rateLimited`, `notFound`, …).
  public func expects(_ kind: DataSourceError.Kind) -> Bool {
    let families: [String: DataSourceError.Kind] = [
      "decoding": .decoding, "transport": .transport, "rateLimited": .rateLimited, "badRequest": .badRequest,
      "server": .server, "notFound": .notFound, "badCredentials": .badCredentials, "forbidden": .forbidden,
    ]
    return families[self.kind].map { $0 ~= kind } ?? false
  }

  public var description: String { name }

  /// `Tests/Fixtures/Hostile` in this checkout.
  public static let directory = RecordedFixtures.directory.deletingLastPathComponent()
    .appendingPathComponent("Hostile", isDirectory: true)

  /// The probe files for `plugin`, by name.
  public static func names(_ plugin: String) -> [String] {
    let folder = directory.appendingPathComponent(plugin).path
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }
      .sorted()
  }

  /// Reads probe `name` of `plugin`.
  public init(_ plugin: String, _ name: String, pageSize: Int) throws {
    let url = Self.directory.appendingPathComponent(plugin).appendingPathComponent(name)
    let document = try JSON.parse(Array(try Data(contentsOf: url)), options: .response)
    guard let probe = document["_probe"], let resource = probe["resource"]?.stringValue,
      let kind = probe["kind"]?.stringValue, let message = probe["message"]?.stringValue
    else { throw RecordedFixtures.LoadError(description: "\(name): no _probe with resource, kind and message") }
    var parameters: [String: String] = [:]
    for (key, value) in probe["params"]?.objectValue?.members ?? [] { parameters[key] = value.stringValue }
    self.name = name
    exchanges = try RecordedFixtures.exchanges(in: url).map {
      var exchange = $0
      exchange.query = nil
      return exchange
    }
    request = PageRequest(resource: resource, parameters: parameters, pageSize: pageSize)
    self.kind = kind
    self.message = message
  }
}
