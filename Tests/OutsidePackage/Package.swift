// swift-tools-version: 6.0
// A package outside screenrun, as a plugin author would write one: it depends on screenrun by
// path, adds its own plugin, and snapshot-tests its screen. CI builds and tests it (.ci/run).
// Its dependency and target lines are docs/plugins/swift.md's ("Depending on screenrun") with only the path
// changed, and Tests/Docs/run-commands holds the two to each other: change both together.
import PackageDescription

let package = Package(
  name: "OutsidePackage",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "screenrun", path: "../..")],
  targets: [
    .target(
      name: "QuotesPlugin",
      dependencies: [.product(name: "ScreenKit", package: "screenrun")],
      exclude: ["Screens"],
      resources: [.embedInCode("quotes.json")]
    ),
    // `quotesrun`: screenrun with the quotes plugin added, by the command line's library.
    .executableTarget(
      name: "quotesrun",
      dependencies: ["QuotesPlugin", .product(name: "ScreenRunCLI", package: "screenrun")]
    ),
    .testTarget(
      name: "QuotesPluginTests",
      dependencies: ["QuotesPlugin", "quotesrun", .product(name: "ScreenRunTesting", package: "screenrun")],
      exclude: ["__Snapshots__"]
    ),
    // A new test target that has recorded no snapshot yet: its `__Snapshots__` holds only the
    // hidden `.gitkeep`, and the build must print no warning.
    .testTarget(
      name: "NewSnapshotsTests",
      dependencies: [.product(name: "ScreenRunTesting", package: "screenrun")],
      exclude: ["__Snapshots__"]
    ),
    // docs/plugins/swift.md's complete Swift example: a transit API's stops, paged by number with a total,
    // a stop with its departures, and a bearer token; its screens, and a test of them against a
    // table of answers (`HTTPStub`). ExampleLineCountTests counts its lines: 40 at most.
    .target(
      name: "TransitPlugin",
      dependencies: [.product(name: "PluginHTTP", package: "screenrun")],
      exclude: ["Screens"]
    ),
    .testTarget(
      name: "TransitPluginTests",
      dependencies: ["TransitPlugin", .product(name: "ScreenRunTesting", package: "screenrun")],
      exclude: ["__Snapshots__", "api.json"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
