// swift-tools-version: 6.0
// screenrun's core is layered the way a screen flows, one folder of Sources/ a target, lowest
// first; each depends only on the layers before it, so no cycle can compile, and none depends on
// a plugin. Tests/Docs/target-graph prints the graph and fails when a target imports a module it
// does not declare here, or when this drawing or README.md's disagrees with the targets below.
//
//   ScreenText        display width, cutting, escaping, secret redaction, frames and their lines
//   ScreenSystem      the operating system: threads, signals, files, processes' paths, local time
//   ScreenJSON        JSON values from jansson (CJansson), JSON pointers, source locations
//   ScreenFormat      the screen file format: documents, diagnostics, the decoders' shared checks
//                     (SpecDecoding), JSON Schema's building blocks, templates and filters
//   ScreenTerminal    the terminal: keys and their decoding, the input thread, raw mode, signals,
//                     and the one door out (TerminalWriter, FrameWriter, Theme, pictures)
//   ScreenKit         the SDK plugin authors import (re-exporting ScreenText, ScreenJSON and
//                     ScreenFormat): data sources, resources, errors, bundled datasets,
//                     environment declarations, source activity; its public symbols only
//   PluginHost        the plugin host: external plugins' processes, manifests, wire protocol and
//                     conformance checks, declared HTTP APIs, the plugin registry
//   PluginHTTP        the HTTP the live data sources share (authors import it too)
//   DeclaredHTTP      REST APIs declared in a plugin.json, run over PluginHTTP
//   ScreenKinds       screen specs, their decoder (SpecDecoder) and loading, the kinds and their
//                     view models, script commands, the text renderer, the screen's JSON Schema
//   ScreenRuntime     the app's reducer and state, navigation, the script runner, explain mode
//   ScreenRunTesting  the testing library for plugin and screen authors
//   ScreenTestRunner  the `screenrun test` engine: screen tests, transcripts, JUnit reports
//   ScreenRunCLI      the command line, where the layers and the shipped plugins (Plugins/*,
//                     through ShippedPlugins) meet
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
    // The core, in layers that follow the flow; each depends only on the ones above it here, so a
    // cycle cannot compile. None names a data source, and none depends on a plugin (Plugins/*).
    // Every module a target imports is declared, not reached through another target:
    // Tests/Docs/target-graph prints this graph and fails if one is not.
    //
    // Text as a terminal draws it: display width, cutting to a width, escaping control characters
    // (the one table of what untrusted text may not carry raw, which JSON text escapes too), the
    // registry of secrets that redaction masks, and frames (lines of styled spans), which both the
    // renderer and the terminal's writer use. Lowest, because templates cut text too.
    .target(name: "ScreenText"),
    // The operating system, under every layer that touches it: threads, conditions, signals and
    // the end they put to a run, files and paths, the environment, program search, local time,
    // the C library's read and write (SystemIO), report files, and the exit statuses.
    .target(name: "ScreenSystem", dependencies: ["CSpawn"]),
    // JSON values, parsed and written by jansson, with JSON pointers and source locations.
    .target(name: "ScreenJSON", dependencies: ["CJansson", "ScreenText"]),
    // The screen file format: documents and their diagnostics, spelling suggestions, the checks
    // every decoder of screenrun's files shares (`SpecDecoding`: a screen's and a manifest's), the
    // building blocks of their JSON Schemas, and templates with their filters.
    .target(name: "ScreenFormat", dependencies: ["ScreenJSON", "ScreenText"]),
    // The terminal, in one target: keys and their decoding from bytes, the input thread, raw mode,
    // the signal watcher, and output (TerminalWriter, the one door out; TerminalControl, Theme,
    // FrameWriter and FramePicture). A frame is a value of ScreenText that the renderer makes and
    // this draws, so the terminal needs no layer of screens: the kinds bind its keys.
    .target(name: "ScreenTerminal", dependencies: ["ScreenText", "ScreenSystem"]),
    // The SDK, the library plugin authors program against (`import ScreenKit` re-exports the
    // layers under it), and nothing else: the data-source protocol, resources and parameters,
    // errors, bundled datasets, environment declarations, and source activity, with the package
    // helpers its files and the shipped plugins use (the one check of a request against a
    // declaration, sample indexes, page digests).
    .target(
      name: "ScreenKit",
      dependencies: ["ScreenJSON", "ScreenText", "ScreenFormat", "ScreenSystem"]
    ),
    // The plugin host: external plugins (discovery, manifests and their decoder and schema, the
    // wire protocol, processes and their spawning, the conformance check), REST APIs declared in
    // a plugin.json (decoding, request templates, schema), and the registry of plugins.
    .target(
      name: "PluginHost",
      dependencies: ["ScreenJSON", "ScreenText", "ScreenFormat", "ScreenSystem", "ScreenKit", "CSpawn"]
    ),
    // Kinds and their models: screen specs, their decoder (`SpecDecoder`) and their loading and
    // checks, the kinds (list, detail, table, chart) with their view models, the schedulers,
    // script commands, the text renderer, and the screen file's JSON Schema assembled from every
    // kind. Used only inside this package.
    .target(
      name: "ScreenKinds",
      dependencies: [
        "ScreenKit", "PluginHost", "ScreenTerminal", "ScreenFormat", "ScreenJSON", "ScreenSystem", "ScreenText",
      ]
    ),
    // The runtime: the app's state and reducer, navigation between screens, the script runner,
    // and explain mode. Used only inside this package.
    .target(
      name: "ScreenRuntime",
      dependencies: [
        "ScreenKinds", "ScreenFormat", "ScreenJSON", "ScreenKit", "ScreenSystem", "ScreenTerminal", "ScreenText",
      ]
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
      dependencies: ["ScreenKit", "ScreenSystem", "CCurl"]
    ),
    // REST APIs declared in a plugin.json with no code (its `http` object): run live over
    // PluginHTTP, or from the manifest's sample file.
    .target(
      name: "DeclaredHTTP",
      dependencies: ["ScreenKit", "PluginHost", "PluginHTTP"]
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
      dependencies: ["ScreenKit", "PluginHTTP", "MarvelPlugin", "GitHubPlugin", "ExamplePlugin", "DeclaredHTTP"],
      path: "Plugins/Shipped"
    ),
    // The `screenrun test` engine: screen test files, their runs in parallel, transcripts and
    // their diffs, accepting pending output, JUnit reports. The command line hands it the
    // compiled-in plugins.
    .target(
      name: "ScreenTestRunner",
      dependencies: [
        "ScreenKit", "PluginHost", "ScreenKinds", "ScreenRuntime", "ScreenTerminal", "ScreenText", "ScreenSystem",
      ]
    ),
    // The command line, with the plugins it ships (not named `ScreenRun`: on a file system that
    // ignores case, it would be the executable's folder and module).
    .target(
      name: "ScreenRunCLI",
      dependencies: [
        "ScreenKit", "PluginHost", "ScreenKinds", "ScreenRuntime", "ScreenTerminal", "ScreenTestRunner", "ScreenText",
        "ScreenSystem", "ShippedPlugins", "CSpawn", "ScreenFormat",
      ]
    ),
    .executableTarget(
      name: "screenrun",
      dependencies: ["ScreenRunCLI"],
      // A release build is linked without its DWARF debug information (about 9 MB, which no run
      // reads): the symbol table stays, so a crash's backtrace still names its functions. The
      // hello-worlds that BENCHMARKS.md's P1 measures against carry none either. Nor does it export
      // its own symbols: `--static-swift-stdlib` links with `-export-dynamic`, which put about
      // 5,000 of them in the dynamic symbol table, that the runtime's `dladdr` at start-up walks
      // one by one (nothing looks them up: plugins are processes, libcurl is opened by name).
      linkerSettings: [
        .unsafeFlags(
          ["-Xlinker", "--strip-debug", "-Xlinker", "--no-export-dynamic"],
          .when(platforms: [.linux], configuration: .release))
      ]
    ),
    // `swift run -c release screenbench`: the benchmarks of BENCHMARKS.md. It runs the screenrun
    // built beside it (hence the dependency) and calls jansson directly for its raw baseline.
    .executableTarget(
      name: "screenbench",
      dependencies: [
        "ScreenKit", "ScreenKinds", "ScreenRuntime", "CJansson", "MarvelPlugin", "DeclaredHTTP", "ReplayServer",
        "screenrun", "PluginHost", "ScreenSystem",
      ]
    ),
    // The testing library for plugin and screen authors: `assertSnapshot`, the counting data
    // source, `ScreenDriver`, which drives a screen to a settled frame, and `HTTPStub`, which
    // answers a live source's requests from a table with no server.
    .target(
      name: "ScreenRunTesting",
      dependencies: ["ScreenKit", "ScreenKinds", "ScreenRuntime", "PluginHTTP", "PluginHost"]
    ),
    // What the test targets share: ScreenRunTesting, and the test plugin and screen folders.
    .target(
      name: "TestSupport",
      dependencies: ["ScreenKit", "ScreenKinds", "ScreenRuntime", "ScreenRunTesting", "PluginHost", "ScreenTerminal"],
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
      dependencies: [
        "ScreenJSON", "ScreenText", "ScreenFormat", "ScreenKit", "ScreenKinds", "ScreenRuntime", "TestSupport",
        "PluginHost", "ScreenRunTesting", "ScreenSystem", "ScreenTerminal",
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "MarvelPluginTests",
      dependencies: [
        "MarvelPlugin", "ScreenKit", "ScreenKinds", "ScreenRuntime", "TestSupport", "PluginHost", "ScreenJSON",
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "GitHubPluginTests",
      dependencies: [
        "GitHubPlugin", "ScreenKit", "ScreenKinds", "ScreenRuntime", "TestSupport", "PluginHost", "ScreenJSON",
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "ExamplePluginTests",
      dependencies: ["ExamplePlugin", "ScreenKit", "ScreenRunTesting", "PluginHTTP"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "PluginHTTPTests",
      dependencies: ["PluginHTTP", "ReplayServer", "ScreenKit", "ScreenRunTesting"]
    ),
    .testTarget(
      name: "MarvelLiveTests",
      dependencies: ["MarvelPlugin", "PluginHTTP", "ReplayServer", "ScreenKit"]
    ),
    .testTarget(
      name: "GitHubLiveTests",
      dependencies: ["GitHubPlugin", "ReplayServer", "ScreenKit", "PluginHTTP"]
    ),
    // Declared REST APIs (plugin.json's `http`): the manifest, the source against the replay
    // server, and the shipped GitHub and Marvel manifests against the compiled-in live sources.
    .testTarget(
      name: "DeclaredHTTPTests",
      dependencies: [
        "DeclaredHTTP", "PluginHTTP", "GitHubPlugin", "MarvelPlugin", "ReplayServer", "ScreenKit", "TestSupport",
        "screenrun", "PluginHost",
      ]
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
      dependencies: [
        "screenrun", "ScreenRunCLI", "ScreenKinds", "ScreenRuntime", "TestSupport", "PluginHTTP", "ReplayServer",
        "ScreenFormat", "ScreenKit", "ScreenRunTesting", "ScreenSystem", "ScreenTerminal", "ScreenTestRunner",
        "ScreenText",
      ],
      exclude: ["Catalog", "__Snapshots__"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
