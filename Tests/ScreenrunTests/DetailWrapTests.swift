import Foundation
import ScreenKit
import ScreenText
import Testing

@testable import ScreenKinds
@testable import ScreenRunCLI
@testable import ScreenRuntime

/// A detail view loses no text at any width: every value wraps in its column (or below its label,
/// where the column would be too narrow), and nothing is cut with "…".
@MainActor
@Suite("Detail views keep every character")
struct DetailWrapTests {
  static let screens = Screenrun.repositoryRoot.path + "/Screens"

  /// The shipped detail screens, each with the sample record of these parameters.
  static let shipped: [(screen: String, parameters: [String: String])] = [
    ("repository.json", ["repo": "duxianwei520/react"]),
    ("repository.json", ["repo": "facebook/react"]),
    ("commit.json", ["repo": "sigmavirus24/github3.py", "sha": "977560f205a84449522988b52e196f4bf502f79a"]),
    ("character.json", ["id": "1009368"]),
    ("character.json", ["id": "1009652"]),
    ("character.json", ["id": "1011334"]),
    ("character.json", ["id": "1010935"]),
    ("character.json", ["id": "1009610"]),
    ("character.json", ["id": "1009718"]),
  ]

  /// The texts a detail screen shows of its record: the title, every field's value and label,
  /// every text, each list item shown, every link's label and the footer.
  static func texts(of screen: ScreenState, _ detail: DetailSpec, _ state: DetailViewModel.State) -> [String] {
    let context = DetailFrame(screen: screen, detail: detail, state: state, options: RenderOptions()).context
    var texts = [TextRenderer.title(screen, context)]
    for section in detail.sections {
      switch section {
      case .text(let header, let value, _):
        texts += [header?.line(in: context) ?? "", TerminalSafe.sanitize(value.render(in: context))]
      case .image(let label, let value):
        texts += [label.line(in: context), value.line(in: context)]
      case .fields(let header, let fields):
        texts.append(header?.line(in: context) ?? "")
        for field in fields { texts += [field.label.line(in: context), field.value.line(in: context)] }
      case .list(let header, let path, let row, _, let limit, _, _, _):
        texts.append(header?.line(in: context) ?? "")
        let items = state.record?[path: path]?.arrayValue ?? []
        for item in items.prefix(limit ?? items.count) {
          var itemContext = context
          itemContext.record = item
          texts.append(row.line(in: itemContext))
        }
      case .link(let label, _):
        texts.append(label.line(in: context))
      }
    }
    texts.append(screen.spec.footer?.line(in: context) ?? "")
    return texts
  }

  /// The text without its white space.
  static func squeezed(_ text: String) -> String {
    var squeezed = String.UnicodeScalarView()
    squeezed.append(contentsOf: text.unicodeScalars.filter { !$0.properties.isWhitespace })
    return String(squeezed)
  }

  @Test("every character of every value is drawn, at each width from 20 to 60")
  func everyCharacterAtEveryWidth() async throws {
    for (file, parameters) in Self.shipped {
      let navigator = Navigator(
        loader: ScreenLoader(registry: ScreenRunCommand.makeRegistry(), kinds: .standard), context: PluginContext(),
        scheduler: VirtualScheduler())
      try navigator.open(Self.screens + "/" + file, parameters: parameters)
      await navigator.settle()
      let screen = try #require(navigator.current?.screenState)
      let detail = try #require(screen.spec.body as? DetailSpec)
      let state = try #require(navigator.current?.model.state(as: DetailKind.self))
      #expect(state.status == .loaded, "\(file) \(parameters)")
      let texts = Self.texts(of: screen, detail, state).map(Self.squeezed).filter { !$0.isEmpty }
      #expect(texts.count > 3, "\(file) \(parameters)")
      for width in 20...60 {
        let frame = TextRenderer.render(screen, options: RenderOptions(width: width))
        let lines = frame.split(separator: "\n")
        #expect(lines.allSatisfy { FrameLine.fits($0, width: width) }, "\(file) at \(width):\n\(frame)")
        #expect(!lines.contains { $0.hasSuffix("…") }, "\(file) \(parameters) at \(width) cuts a text:\n\(frame)")
        let drawn = Self.squeezed(frame)
        for text in texts {
          #expect(drawn.contains(text), "\(file) \(parameters) at \(width) lacks \(text):\n\(frame)")
        }
      }
    }
  }

  @Test(
    "in a terminal, a title and a footer that wrap take at most a quarter of the height each, and the body keeps its room"
  )
  func longTitleInATerminal() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("long-title-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(
      #"""
      {"version": 1, "kind": "detail", "title": "{description} {description}",
       "source": {"plugin": "marvel", "resource": "character", "params": {"id": "{params.id}"}},
       "sections": [{"type": "fields", "fields": [{"label": "Name", "value": "{name}"}]}], "footer": "{description}"}
      """#.utf8
    ).write(to: file)
    let navigator = Navigator(
      loader: ScreenLoader(registry: ScreenRunCommand.makeRegistry(), kinds: .standard), context: PluginContext(),
      scheduler: VirtualScheduler())
    try navigator.open(file.path, parameters: ["id": "1009368"])
    await navigator.settle()
    let screen = try #require(navigator.current?.screenState)
    for (width, height) in [(60, 16), (40, 24), (24, 8)] {
      let lines = TextRenderer.render(screen, options: RenderOptions(width: width, height: height)).split(
        separator: "\n", omittingEmptySubsequences: false
      ).dropLast()
      #expect(lines.count <= height, "\(width)x\(height):\n\(lines.joined(separator: "\n"))")
      #expect(lines.contains { $0.hasPrefix("Name") }, "\(width)x\(height): the body shows")
      #expect(lines.first?.hasPrefix("Wounded") == true)
      #expect(lines.contains { $0.hasSuffix("…") }, "the cut title says so")
    }
    // The plain output has no height: every word is there.
    let plain = TextRenderer.render(screen, options: RenderOptions(width: 40))
    #expect(!plain.contains("…"))
  }
}
