import ScreenRuntime
import ScreenTerminal

extension Arguments {
  /// screenrun's command line, declared once: the parser, the usage and `--help` read this.
  static let declaration = CommandDeclaration(
    name: "screenrun",
    summary: """
      Runs a screen declared in JSON: a list bound to a data source, or the detail of one record.
      In a terminal it runs full screen: type to search, arrows to move, Enter to open, Esc to go
      back, Ctrl-R to reload, Ctrl-C to quit.
      """,
    options: [
      .init(
        name: "--once", form: .run,
        help: "print one frame, after the first load settles (the default when stdout is not a terminal)",
        effect: .set { arguments, _ throws(UsageError) in arguments.once = true }),
      .init(
        name: "--script", value: "FILE|-", form: .run,
        help: """
          run the commands in FILE (or stdin) and print a frame after each: search TEXT, type TEXT, \
          wait MS, next, open N (row N of a list; on a detail screen, link N in screen order), back, reload, \
          sort COLUMN or sort -COLUMN (a table), tab N, tab next or tab previous (a tabs screen), \
          key NAME (Down, PageUp, Enter, Escape, Tab, Ctrl-R, x, …), quit
          """,
        effect: .set { arguments, value throws(UsageError) in arguments.script = value }),
      .init(
        name: "--watch", form: .run,
        help: """
          reload screen files when they change, keeping the query and rows; it runs until you quit, \
          except with --script, which ends the run when the script ends
          """,
        effect: .set { arguments, _ throws(UsageError) in arguments.watch = true }),
      .init(
        name: "--width", value: "N", form: .run, help: "columns per line (default: the terminal's width, or 80)",
        effect: .set { arguments, value throws(UsageError) in
          let text = value ?? ""
          guard let width = Int(text), (20...1000).contains(width) else {
            throw UsageError("--width takes a number of columns from 20 to 1000, not '\(text)'")
          }
          arguments.width = width
        }),
      heightOption,
      .init(
        name: "--ascii", form: .run,
        help: """
          draw the frame's own glyphs in ASCII: - for rules, ... for a cut text, > for the selection, * for \
          bullets, # for bars; text from the data is shown as it is
          """,
        effect: .set { arguments, _ throws(UsageError) in arguments.ascii = true }),
      .init(
        name: "--color", value: "auto|always|never", form: .run,
        help: """
          when to style frames, as ls and grep take it: auto (the default) styles the interactive mode (bold \
          title, reverse-video selection, dim hints, underlined links as OSC 8 hyperlinks, red errors, the query \
          highlighted) and keeps --once, --script and screen tests plain; always styles --once and --script \
          too; never writes \
          no attribute at all (the selection shows by its marker); also governs the colours of test's diffs
          """,
        effect: .set { arguments, value throws(UsageError) in
          let text = value ?? ""
          guard let mode = ColorMode(rawValue: text) else {
            throw UsageError("--color takes auto, always or never, not '\(text)'")
          }
          arguments.color = mode
          arguments.testOptions.color = mode
        }),
      .init(
        name: "--param", value: "KEY=VALUE", repeatable: true, form: .run,
        help: "a navigation parameter the screen reads as {params.KEY}; repeatable",
        effect: .set { arguments, value throws(UsageError) in
          let text = value ?? ""
          guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw UsageError("--param takes KEY=VALUE, as in --param id=1009368, not '\(text)'")
          }
          arguments.parameters[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }),
      queryOption, outputOption, pagesOption, pictureOption,
      .init(
        name: "--live", form: .run,
        help: """
          ask the real APIs over HTTP instead of the bundled sample data (or set SCREENRUN_DATA=live), with \
          the servers and keys that the plugins' environment variables give (listed below)
          """,
        effect: .set { arguments, _ throws(UsageError) in arguments.live = true }),
      .init(
        name: "--no-cache", form: .run, help: "with --live, skip the response cache in $XDG_CACHE_HOME/screenrun",
        effect: .set { arguments, _ throws(UsageError) in arguments.noCache = true }),
      .init(
        name: "--status", form: .run,
        help: """
          end each frame with the data source's status line (always on in the interactive mode): sample or \
          live (or the plugin's name for one that reads local data live, as 'git (local)'), for live whether the answer came from the cache (304), the rate limit left (or used up, after a rate \
          limit's refusal) and when it resets, \
          and whether a token is in use
          """,
        effect: .set { arguments, _ throws(UsageError) in arguments.status = true }),
      .init(
        name: "--explain", form: .run,
        help: """
          run the first load and print, instead of the frame, the resolved screen, the request sent (secrets \
          removed), the first record's fields, each template's value with each filter step, and where each \
          select leads: why a field shows blank
          """,
        effect: .set { arguments, _ throws(UsageError) in arguments.explain = true }),
      .init(
        name: "--trace", value: "FILE", form: .run,
        help: """
          write one JSON line to FILE for each request sent, each answer (with its time) and each answer \
          dropped as stale, secrets removed
          """,
        effect: .set { arguments, value throws(UsageError) in arguments.trace = value }),
      .init(
        name: "--plugin-path", value: "DIR", repeatable: true, form: .run,
        help: """
          look for external plugins in DIR (a plugin folder, or a folder of them) before any other place; \
          repeatable, the first given first; with test, for every test, ahead of its own plugin-path
          """,
        effect: .set { arguments, value throws(UsageError) in
          arguments.pluginPaths.append(value ?? "")
          arguments.testOptions.pluginPaths.append(value ?? "")
        }),
      .init(
        name: "--no-user-plugins", form: .run,
        help: """
          use only the shipped plugins and --plugin-path, not SCREENRUN_PLUGIN_PATH or \
          ~/.config/screenrun/plugins (or set SCREENRUN_NO_USER_PLUGINS=1)
          """,
        effect: .set { arguments, _ throws(UsageError) in arguments.noUserPlugins = true }),
      .init(
        name: "--filter", value: "TEXT", form: .subcommand("test"),
        help: "run only the tests whose path holds TEXT (in any case)",
        effect: .set { arguments, value throws(UsageError) in arguments.testOptions.filter = value ?? "" }),
      .init(
        name: "--update", form: .subcommand("test"),
        help: "rewrite the expected output of the tests that differ (a test with none yet stays pending)",
        effect: .set { arguments, _ throws(UsageError) in arguments.testOptions.update = true }),
      .init(
        name: "--accept", form: .subcommand("test"),
        help: """
          take the pending output (NAME.screentest.pending) in as the tests' expected output, without running \
          them; on a terminal, one by one after its diff
          """,
        effect: .set { arguments, _ throws(UsageError) in arguments.testOptions.accept = true }),
      .init(
        name: "--junit", value: "FILE", form: .subcommand("test"), help: "write a JUnit XML report to FILE",
        effect: .set { arguments, value throws(UsageError) in arguments.testOptions.junit = value ?? "" }),
      picturesOption,
      .init(
        name: "--jobs", value: "N", form: .subcommand("test"),
        help: "run N tests at once (default: one per core)",
        effect: .set { arguments, value throws(UsageError) in
          let text = value ?? ""
          guard let jobs = Int(text), (1...256).contains(jobs) else {
            throw UsageError("--jobs takes a number of tests from 1 to 256, not '\(text)'")
          }
          arguments.testOptions.jobs = jobs
        }),
      .init(
        name: "--check", form: .own(operands: "SCREEN.json..."),
        help: "validate screen files (and plugin.json manifests), print every problem, exit 2 if any",
        effect: .mode(.check), takes: CommandDeclaration.pluginPlaces),
      .init(
        name: "--plugins", form: .own(operands: ""),
        help: "list the data sources, their resources and parameters, and their environment variables",
        effect: .mode(.plugins),
        takes: CommandDeclaration.pluginPlaces),
      .init(name: "--help", aliases: ["-h"], form: .about, help: "show this help", effect: .answer(.help)),
      .init(name: "--version", form: .about, help: "show the version", effect: .answer(.version)),
    ],
    subcommands: [
      .init(
        words: ["test"], operands: "[PATH...]",
        help:
          "run the screen tests (.screentest files) in PATH, folders searched recursively (default: the current folder)",
        available: true,
        command: { operands throws(UsageError) in .test(paths: operands) }, takes: ["--color", "--plugin-path"],
        instead: """
          a test file sets its own screen, width, height, parameters, data mode and plugin paths (--plugin-path \
          adds a folder ahead of them), and a test never reads the user's plugins
          """),
      .init(
        words: ["schema"], operands: "[plugin]",
        help: """
          print the JSON Schema (draft 2020-12) of a screen file, listing the plugins found; with plugin, that of \
          a plugin.json manifest (screen tests are plain-text transcripts: they have none)
          """,
        available: true,
        command: { operands throws(UsageError) in
          guard operands.count <= 1, operands.allSatisfy({ $0 == "plugin" }) else {
            throw UsageError(
              "schema takes nothing (a screen file's schema) or 'plugin' (a plugin.json's), not '\(operands.joined(separator: " "))'"
            )
          }
          return .schema(of: operands.first)
        }, takes: CommandDeclaration.pluginPlaces),
      .init(
        words: ["completions"], operands: "SHELL",
        help: "print a completion script for SHELL (bash, zsh or fish): subcommands, options, screens, --param keys",
        available: true,
        command: { operands throws(UsageError) in
          // The scripts ask `completions params SCREEN.json` for the --param keys a screen reads.
          if operands.count == 2, operands[0] == "params" { return .parameterKeys(screen: operands[1]) }
          guard operands.count == 1, CompletionScript.shells.contains(operands[0]) else {
            throw UsageError(
              "completions takes one shell: \(CompletionScript.shells.joined(separator: ", ")), not '\(operands.joined(separator: " "))'"
            )
          }
          return .completions(shell: operands[0])
        }),
      .init(
        words: ["plugin", "check"], operands: "PLUGIN... [BASE_URL]",
        help: "check an external plugin against the protocol, or an http plugin against its API at BASE_URL",
        available: true,
        command: { operands throws(UsageError) in
          guard !operands.isEmpty else { throw UsageError("plugin check needs at least one plugin folder") }
          return .pluginCheck(folders: operands)
        }, takes: ["--live", "--no-cache", "--param"]),
    ],
    epilogue: "exit codes: 0 ok, 1 a data or runtime error, 2 a usage error or an invalid screen file",
    exitStatuses: [
      .init(name: "0", help: "ok"),
      .init(name: "1", help: "a data or runtime error"),
      .init(name: "2", help: "a usage error or an invalid screen file"),
      .init(name: "130", help: "interrupted by SIGINT (Ctrl-C) in the interactive mode"),
      .init(name: "143", help: "ended by SIGTERM or SIGHUP in the interactive mode"),
    ],
    environment: [
      .init(name: "SCREENRUN_DATA", help: "live: ask the real APIs over HTTP, as --live does; sample (the default)"),
      .init(name: "SCREENRUN_NO_CACHE", help: "1: no HTTP response cache, as --no-cache"),
      .init(name: "SCREENRUN_PLUGIN_PATH", help: "folders of external plugins, separated by colons"),
      .init(name: "SCREENRUN_NO_USER_PLUGINS", help: "1: as --no-user-plugins"),
      .init(
        name: "SCREENRUN_PLUGIN_TIMEOUT",
        help:
          "seconds to wait for an external plugin's answer, above 0 and at most 3600 (default: its manifest's, or 10)"
      ),
      .init(
        name: "XDG_CACHE_HOME, XDG_CONFIG_HOME, HOME", help: "where the cache and the user's plugins are (see FILES)"),
      .init(
        name: "NO_COLOR",
        help: """
          when set and not empty, no colour is written (errors and matches are then bold); bold, dim, underline and \
          reverse video stay, as no-color.org asks; --color always writes colours all the same
          """),
      .init(name: "TERM", help: "dumb: with --color auto, the interactive mode writes no attribute"),
    ],
    files: [
      .init(
        name: "SCREEN.json",
        help: "a screen file: a regular file of at most 4 MiB (4,194,304 bytes); a larger one is refused with its size"),
      .init(name: "$XDG_CACHE_HOME/screenrun/http", help: "the HTTP response cache (default ~/.cache/screenrun/http)"),
      .init(
        name: "$XDG_CONFIG_HOME/screenrun/plugins",
        help: "the user's external plugins (default ~/.config/screenrun/plugins)"),
      .init(
        name: "PREFIX/share/screenrun/screens",
        help:
          "the shipped screens, installed beside PREFIX/bin: a bare file name not in the current folder is looked for there"
      ),
      .init(
        name: "PREFIX/share/screenrun/plugins", help: "the external plugins installed with screenrun, beside PREFIX/bin"
      ),
      .init(
        name: "plugin.json",
        help: "an external plugin's manifest; its JSON Schema is printed by screenrun schema plugin"),
    ]
  )
}
