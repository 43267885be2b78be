// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "screenrun",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "screenrun", targets: ["screenrun"]),
    .library(name: "ScreenKit", targets: ["ScreenKit"]),
  ],
  targets: [
    // jansson, from the system: Debian's libjansson-dev (found through pkg-config).
    .systemLibrary(
      name: "CJansson",
      pkgConfig: "jansson",
      providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]
    ),
    // The runtime. It names no data source: plugins are the only places that know an API.
    .target(
      name: "ScreenKit",
      dependencies: ["CJansson"]
    ),
    .target(
      name: "MarvelPlugin",
      dependencies: ["ScreenKit"],
      path: "Plugins/Marvel",
      exclude: ["Sample/build_sample.py", "Sample/PROVENANCE.md", "Sample/marvel-sample.json"]
    ),
    .target(
      name: "GitHubPlugin",
      dependencies: ["ScreenKit"],
      path: "Plugins/GitHub",
      exclude: ["Sample/build_sample.py", "Sample/PROVENANCE.md", "Sample/github-sample.json"]
    ),
    .executableTarget(
      name: "screenrun",
      dependencies: ["ScreenKit", "MarvelPlugin", "GitHubPlugin"]
    ),
    // What the test targets share: snapshots, counting data sources.
    .target(
      name: "TestSupport",
      dependencies: ["ScreenKit"],
      path: "Tests/TestSupport"
    ),
    .testTarget(
      name: "ScreenKitTests",
      dependencies: ["ScreenKit", "TestSupport"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "MarvelPluginTests",
      dependencies: ["MarvelPlugin", "ScreenKit", "TestSupport"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "GitHubPluginTests",
      dependencies: ["GitHubPlugin", "ScreenKit", "TestSupport"],
      exclude: ["__Snapshots__"]
    ),
    // End-to-end tests of the command-line tool: they run the built `screenrun`.
    .testTarget(
      name: "ScreenrunTests",
      dependencies: ["screenrun"],
      exclude: ["Catalog"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
