import ScreenKit

/// What the command line asked for.
struct Arguments: Equatable {
  enum Command: Equatable {
    case run(screen: String)
    case check(files: [String])
    case plugins
    case help
    case version
  }

  var command: Command
  var once = false
  /// A script file, or "-" for stdin.
  var script: String?
  /// Reload screen files when they change.
  var watch = false
  var width: Int?
  var parameters: [String: String] = [:]
  /// Live data over HTTP instead of the bundled samples (`--live`, or `SCREENRUN_DATA=live`).
  var live = false
  /// Neither read nor write the HTTP response cache.
  var noCache = false

  static let usage = """
    usage: screenrun SCREEN.json [--once] [--script FILE|-] [--watch] [--width N] [--param KEY=VALUE]... [--live] [--no-cache]
           screenrun --check SCREEN.json...
           screenrun --plugins
           screenrun --help | --version

    Runs a screen declared in JSON: a list bound to a data source, or the detail of one record.
    In a terminal it runs full screen: type to search, arrows to move, Enter to open, Esc to go
    back, Ctrl-R to reload, Ctrl-C to quit.

    options:
      --once               print one frame, after the first load settles (the default when
                           stdout is not a terminal)
      --script FILE|-      run the commands in FILE (or stdin) and print a frame after each:
                           search TEXT, type TEXT, wait MS, next, open N, back, reload,
                           key NAME (Down, PageUp, Enter, Escape, Tab, Ctrl-R, x, …), quit
      --watch              reload screen files when they change, keeping the query and rows
      --width N            columns per line (default: the terminal's width, or 80)
      --param KEY=VALUE    a navigation parameter the screen reads as {params.KEY}; repeatable
      --live               ask the real APIs over HTTP instead of the bundled sample data (or set
                           SCREENRUN_DATA=live): MARVEL_BASE_URL, MARVEL_PUBLIC_KEY and
                           MARVEL_PRIVATE_KEY; GITHUB_API_URL and GITHUB_TOKEN
      --no-cache           with --live, skip the response cache in $XDG_CACHE_HOME/screenrun
      --check FILE...      validate screen files, print every problem, exit 2 if any
      --plugins            list the data sources, their resources and parameters
      --help               show this help
      --version            show the version

    exit codes: 0 ok, 1 a data or runtime error, 2 a usage error or an invalid screen file
    """

  /// Reads the arguments after the program name; a problem is a usage error.
  static func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
    var result = Arguments(command: .help)
    var screen: String?
    var checking: [String]?
    var listPlugins = false
    var index = 0

    func value(for option: String, inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count else { throw UsageError("\(option) needs a value") }
      return arguments[index]
    }

    while index < arguments.count {
      let argument = arguments[index]
      var (option, inline) = (argument, String?.none)
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        option = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      if let inline, ["--help", "--version", "--once", "--plugins", "--check", "--watch"].contains(option) {
        throw UsageError("\(option) takes no value, got '\(option)=\(inline)'")
      }
      switch option {
      case "--help", "-h":
        return Arguments(command: .help)
      case "--version":
        return Arguments(command: .version)
      case "--once":
        result.once = true
      case "--watch":
        result.watch = true
      case "--live", "--no-cache":
        if let inline { throw UsageError("\(option) takes no value, got '\(option)=\(inline)'") }
        if option == "--live" { result.live = true } else { result.noCache = true }
      case "--script":
        result.script = try value(for: option, inline: inline)
      case "--plugins":
        listPlugins = true
      case "--check":
        checking = checking ?? []
      case "--width":
        let text = try value(for: option, inline: inline)
        guard let width = Int(text), (20...1000).contains(width) else {
          throw UsageError("--width takes a number of columns from 20 to 1000, not '\(text)'")
        }
        result.width = width
      case "--param":
        let text = try value(for: option, inline: inline)
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
          throw UsageError("--param takes KEY=VALUE, as in --param id=1009368, not '\(text)'")
        }
        result.parameters[String(text[..<equals])] = String(text[text.index(after: equals)...])
      default:
        if argument.hasPrefix("-"), argument != "-" {
          let options = [
            "--once", "--script", "--watch", "--width", "--param", "--live", "--no-cache", "--check", "--plugins",
            "--help",
            "--version",
          ]
          throw UsageError(
            Diagnostic.Message.unknown("unknown option '\(argument)'", name: option, among: options).description)
        }
        if checking != nil {
          checking!.append(argument)
        } else if screen == nil {
          screen = argument
        } else {
          throw UsageError("one screen at a time: got '\(screen!)' and '\(argument)' (to check several, use --check)")
        }
      }
      index += 1
    }

    if let checking {
      guard !checking.isEmpty else { throw UsageError("--check needs at least one screen file") }
      if let screen {
        result.command = .check(files: [screen] + checking)
      } else {
        result.command = .check(files: checking)
      }
    } else if listPlugins {
      if let screen { throw UsageError("--plugins takes no screen, got '\(screen)'") }
      result.command = .plugins
    } else if let screen {
      result.command = .run(screen: screen)
    } else {
      throw UsageError("no screen given; try 'screenrun Screens/characters.json', or --help")
    }
    return result
  }
}

struct UsageError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
