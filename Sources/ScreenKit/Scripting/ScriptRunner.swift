/// Runs a script against a navigator and renders one frame after each command.
///
/// Runs are deterministic: after each command the runner waits for the requests in flight, and
/// time moves only on the virtual clock, so `wait 600` fires a debounce at once and the output is
/// the same on every machine.
@MainActor
public final class ScriptRunner {
  public let navigator: Navigator
  private let clock: VirtualScheduler
  private let options: RenderOptions

  public init(navigator: Navigator, clock: VirtualScheduler, options: RenderOptions) {
    self.navigator = navigator
    self.clock = clock
    self.options = options
  }

  /// The text printed before each frame, naming what led to it, uncut. Prefer the runner's
  /// `heading(_:)`, which keeps it within the frame's width.
  public static func heading(_ text: String) -> String { "$ " + TerminalSafe.sanitize(text) + "\n" }

  /// The text printed before each frame, naming what led to it (`$ start FILE`, `$ COMMAND`),
  /// made safe and cut to `width` columns with "…", as the frame's own lines are.
  public static func heading(_ text: String, width: Int) -> String {
    TextWidth.truncate("$ " + TerminalSafe.sanitize(text), toColumns: max(RenderOptions.minimumWidth, width)) + "\n"
  }

  /// The heading before a frame of this runner, cut to its width.
  public func heading(_ text: String) -> String { Self.heading(text, width: options.width) }

  /// The current screen's frame.
  public func frame() -> String {
    guard let state = navigator.screenState else { return "" }
    return TextRenderer.render(state, options: options)
  }

  /// Runs one command and waits for it to settle; a command that cannot run is a script error.
  public func run(_ command: ScriptCommand, line: Int) async throws(ScriptError) {
    guard let entry = navigator.current else { return }
    func list() throws(ScriptError) -> ListViewModel {
      guard case .list(let model) = entry.model else {
        throw ScriptError(
          line: line, message: "'\(command)' needs a list screen, and \(entry.spec.file) is a detail screen")
      }
      return model
    }
    switch command {
    case .search(let text):
      let model = try list()
      guard entry.spec.list?.search != nil else {
        throw ScriptError(line: line, message: "\(entry.spec.file) has no search")
      }
      model.trigger(.search(text))
    case .type(let text):
      let model = try list()
      guard entry.spec.list?.search != nil else {
        throw ScriptError(line: line, message: "\(entry.spec.file) has no search")
      }
      // One keystroke at a time, each appended to the query in place: typing is linear in the
      // text, however long.
      for character in text {
        model.trigger(.typed(character))
      }
    case .wait(let milliseconds):
      clock.advance(by: .milliseconds(milliseconds))
    case .next:
      let model = try list()
      guard model.state.hasMore else {
        throw ScriptError(
          line: line, message: "there is no next page: all \(model.state.records.count) rows are loaded")
      }
      model.trigger(.loadNextPage)
    case .open(let row):
      do {
        try navigator.select(row - 1)
      } catch {
        throw ScriptError(line: line, message: error.description)
      }
    case .back:
      guard navigator.back() else {
        throw ScriptError(line: line, message: "'back' on the first screen: there is nothing to go back to")
      }
    case .reload:
      switch entry.model {
      case .list(let model): model.trigger(.reload)
      case .detail(let model): model.trigger(.reload)
      }
    case .quit:
      break
    }
    await navigator.settle()
  }
}
