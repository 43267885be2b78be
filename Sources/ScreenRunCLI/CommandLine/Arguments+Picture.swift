import ScreenFormat
import ScreenKinds
import ScreenRuntime
import ScreenTerminal

/// The options of a frame's size and of its picture: `--height` and `--picture`.
extension Arguments {
  static let heightOption = CommandDeclaration.Option(
    name: "--height", value: "N", form: .run,
    help: """
      lines per frame of --once and --script (8 to 1000), drawn as a terminal of N lines shows it: the rows \
      that fit, the keys at the foot (default: every row, no key line)
      """,
    effect: .set { arguments, value throws(UsageError) in
      let text = value ?? ""
      guard let height = Int(text), (RenderOptions.minimumHeight...1000).contains(height) else {
        throw UsageError(
          "--height takes a number of lines from \(RenderOptions.minimumHeight) to 1000, not '\(text)'")
      }
      arguments.height = height
    })

  static let pictureOption = CommandDeclaration.Option(
    name: "--picture", value: "svg|html", form: .run,
    help: """
      with --once, write the frame to stdout as a picture instead of text: an SVG image or an HTML page, in \
      the interactive mode's styles (the selection in reverse video, URLs as links), --width columns wide and \
      as tall as the frame (or --height); --color never draws it plain
      """,
    effect: .set { arguments, value throws(UsageError) in
      let text = value ?? ""
      guard let format = PictureFormat(rawValue: text) else {
        throw UsageError(
          Diagnostic.Message.unknown(
            "--picture takes svg or html, not '\(text)'", name: text, among: PictureFormat.allCases.map(\.rawValue)))
      }
      arguments.picture = format
    })

  /// The options that draw more than one frame, or none, which a picture of one frame cannot take.
  static let notWithPicture = ["--script", "--watch", "--explain"]

  /// Refuses `--picture` without `--once`, and with what draws no frame or several.
  static func checkPictureOptions(
    _ arguments: Arguments, _ given: [(option: CommandDeclaration.Option, index: Int)]
  ) throws(UsageError) {
    guard arguments.picture != nil, let picture = given.last(where: { $0.option.name == "--picture" }) else { return }
    if let other = given.first(where: { notWithPicture.contains($0.option.name) }) {
      throw UsageError(
        "\(other.option.name) does not go with --picture, which draws the one frame of --once", at: other.index)
    }
    guard arguments.once else {
      throw UsageError(
        "--picture goes with --once: add --once to write the first frame as a picture", at: picture.index)
    }
  }
}

extension Arguments {
  static let picturesOption = CommandDeclaration.Option(
    name: "--pictures", value: "DIR", form: .subcommand("test"),
    help: """
      also write each frame of each test run as an SVG picture in DIR (made if missing): NAME-1.svg for its \
      start, NAME-2.svg after its first command, and on (NAME the test file's name without .screentest)
      """,
    effect: .set { arguments, value throws(UsageError) in
      let text = value ?? ""
      guard !text.isEmpty else { throw UsageError("--pictures takes a folder, not ''") }
      arguments.testOptions.pictures = text
    })
}
