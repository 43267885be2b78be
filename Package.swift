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
    .systemLibrary(
      name: "CJansson",
      pkgConfig: "jansson",
      providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]
    ),
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
    .executableTarget(
      name: "screenrun",
      dependencies: ["ScreenKit", "MarvelPlugin"]
    ),
    .testTarget(
      name: "ScreenKitTests",
      dependencies: ["ScreenKit"],
      exclude: ["__Snapshots__"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
