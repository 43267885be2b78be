// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "screenrun",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "screenrun", targets: ["screenrun"]),
    .library(name: "ScreenKit", targets: ["ScreenKit"]),
    .library(name: "PluginHTTP", targets: ["PluginHTTP"]),
    .library(name: "ScreenRunTesting", targets: ["ScreenRunTesting"]),
    // The command line as a library: an executable of `await ScreenRun.main(plugins: [...])` is a
    // screenrun with plugins of its own.
    .library(name: "ScreenRunCLI", targets: ["ScreenRunCLI"]),
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
      dependencies: ["CJansson", "CSpawn"]
    ),
    // fork and exec for plugin programs, with what posix_spawn cannot set (PR_SET_PDEATHSIG),
    // and PR_SET_CHILD_SUBREAPER: no plugin process outlives screenrun.
    .target(name: "CSpawn"),
    // libcurl, loaded with dlopen when live mode makes its first request (never linked: sample
    // mode does not pay for loading it). Typed C wrappers; no libcurl headers needed to build.
    .target(name: "CCurl"),
    // The HTTP the live data sources share: libcurl with timeouts and cancellation, the ETag
    // cache, MD5, and the redaction that keeps secrets out of every message.
    .target(
      name: "PluginHTTP",
      dependencies: ["ScreenKit", "CCurl"]
    ),
    .target(
      name: "MarvelPlugin",
      dependencies: ["ScreenKit", "PluginHTTP", "MarvelSampleData"],
      path: "Plugins/Marvel",
      exclude: ["Sample"]
    ),
    // The Marvel sample data and its index, linked in as bytes by an assembly file (`.incbin`).
    .target(
      name: "MarvelSampleData",
      path: "Plugins/Marvel/Sample",
      exclude: ["build_sample.py", "PROVENANCE.md", "marvel-sample.json", "marvel-sample.index"],
      cSettings: [.headerSearchPath(".")]
    ),
    .target(
      name: "GitHubPlugin",
      dependencies: ["ScreenKit", "PluginHTTP", "GitHubSampleData"],
      path: "Plugins/GitHub",
      exclude: ["Sample"]
    ),
    // The GitHub sample data and its index, linked in as bytes by an assembly file (`.incbin`).
    .target(
      name: "GitHubSampleData",
      path: "Plugins/GitHub/Sample",
      exclude: ["build_sample.py", "PROVENANCE.md", "github-sample.json", "github-sample.index"],
      cSettings: [.headerSearchPath(".")]
    ),
    // The example plugin of PLUGINS.md: a searchable list and a record over a bundled dataset.
    .target(
      name: "ExamplePlugin",
      dependencies: ["ScreenKit"],
      path: "Plugins/Example",
      exclude: ["Screens"],
      resources: [.embedInCode("books.json")]
    ),
    // The one list of the plugins screenrun ships (Plugins/Shipped/ShippedPlugins.swift).
    .target(
      name: "ShippedPlugins",
      dependencies: ["ScreenKit", "MarvelPlugin", "GitHubPlugin", "ExamplePlugin"],
      path: "Plugins/Shipped"
    ),
    // The command line, with the plugins it ships (not named `ScreenRun`: on a file system that
    // ignores case, it would be the executable's folder and module).
    .target(
      name: "ScreenRunCLI",
      dependencies: ["ScreenKit", "ShippedPlugins"]
    ),
    .executableTarget(
      name: "screenrun",
      dependencies: ["ScreenRunCLI"]
    ),
    // `swift run -c release screenbench`: the benchmarks of BENCHMARKS.md. It runs the screenrun
    // built beside it (hence the dependency) and calls jansson directly for its raw baseline.
    .executableTarget(
      name: "screenbench",
      dependencies: ["ScreenKit", "CJansson", "MarvelPlugin", "screenrun"]
    ),
    // The testing library for plugin and screen authors: `assertSnapshot`, the counting data
    // source, and `ScreenDriver`, which drives a screen to a settled frame.
    .target(
      name: "ScreenRunTesting",
      dependencies: ["ScreenKit"]
    ),
    // What the test targets share: ScreenRunTesting, and the test plugin and screen folders.
    .target(
      name: "TestSupport",
      dependencies: ["ScreenKit", "ScreenRunTesting"],
      path: "Tests/TestSupport"
    ),
    // An HTTP/1.1 server on 127.0.0.1 that replays recorded exchanges, for the live-data tests.
    .target(
      name: "ReplayServer",
      dependencies: ["ScreenKit"],
      path: "Tests/ReplayServer"
    ),
    // `swift run replay-server`: the replay server by hand, serving Tests/Fixtures/Recorded.
    .executableTarget(
      name: "replay-server",
      dependencies: ["ReplayServer"],
      path: "Tests/ReplayServerTool"
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
    .testTarget(
      name: "ExamplePluginTests",
      dependencies: ["ExamplePlugin", "ScreenKit", "ScreenRunTesting"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "PluginHTTPTests",
      dependencies: ["PluginHTTP", "ReplayServer", "ScreenKit"]
    ),
    .testTarget(
      name: "MarvelLiveTests",
      dependencies: ["MarvelPlugin", "PluginHTTP", "ReplayServer", "ScreenKit"]
    ),
    .testTarget(
      name: "GitHubLiveTests",
      dependencies: ["GitHubPlugin", "ReplayServer", "ScreenKit"]
    ),
    // Live data end to end: the built `screenrun` against the replay server.
    .testTarget(
      name: "LiveCommandLineTests",
      dependencies: ["screenrun", "ReplayServer", "TestSupport"]
    ),
    // The hostile-input suite: the built `screenrun` against a hostile server, scripts, arguments,
    // screen files and a damaged cache; no crash, hang, leak, raw escape or overflowing line.
    .testTarget(
      name: "HostileTests",
      dependencies: ["screenrun", "ReplayServer", "ScreenKit", "TestSupport"]
    ),
    // End-to-end tests of the command-line tool: they run the built `screenrun`.
    .testTarget(
      name: "ScreenrunTests",
      dependencies: ["screenrun", "ScreenRunCLI", "TestSupport", "PluginHTTP", "ReplayServer"],
      exclude: ["Catalog", "__Snapshots__"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
