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
          sort COLUMN or sort -COLUMN (a table), key NAME (Down, PageUp, Enter, Escape, Tab, Ctrl-R, x, …), quit
          """,
        effect: .set { arguments, value throws(UsageError) in arguments.script = value }),
      .init(
        name: "--watch", form: .run, help: "reload screen files when they change, keeping the query and rows",
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
      .init(
        name: "--live", form: .run,
        help: """
          ask the real APIs over HTTP instead of the bundled sample data (or set SCREENRUN_DATA=live): \
          MARVEL_BASE_URL, MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY; GITHUB_API_URL and GITHUB_TOKEN
          """,
        effect: .set { arguments, _ throws(UsageError) in arguments.live = true }),
      .init(
        name: "--no-cache", form: .run, help: "with --live, skip the response cache in $XDG_CACHE_HOME/screenrun",
        effect: .set { arguments, _ throws(UsageError) in arguments.noCache = true }),
      .init(
        name: "--plugin-path", value: "DIR", repeatable: true, form: .run,
        help: """
          look for external plugins in DIR (a plugin folder, or a folder of them) before any other place; \
          repeatable, the first given first
          """,
        effect: .set { arguments, value throws(UsageError) in arguments.pluginPaths.append(value ?? "") }),
      .init(
        name: "--no-user-plugins", form: .run,
        help: """
          use only the shipped plugins and --plugin-path, not SCREENRUN_PLUGIN_PATH or \
          ~/.config/screenrun/plugins (or set SCREENRUN_NO_USER_PLUGINS=1)
          """,
        effect: .set { arguments, _ throws(UsageError) in arguments.noUserPlugins = true }),
      .init(
        name: "--check", form: .own(operands: "SCREEN.json..."),
        help: "validate screen files (and plugin.json manifests), print every problem, exit 2 if any",
        effect: .mode(.check)),
      .init(
        name: "--plugins", form: .own(operands: ""),
        help: "list the data sources, their resources and parameters", effect: .mode(.plugins)),
      .init(name: "--help", aliases: ["-h"], form: .about, help: "show this help", effect: .answer(.help)),
      .init(name: "--version", form: .about, help: "show the version", effect: .answer(.version)),
    ],
    subcommands: [
      .init(
        words: ["test"], operands: "TEST...", help: "run screen tests and compare their transcripts", available: false,
        command: { operands throws(UsageError) in .test(paths: operands) }),
      .init(
        words: ["schema"], operands: "[plugin|test]", help: "print the JSON Schema of a screen file", available: false,
        command: { operands throws(UsageError) in
          guard operands.count <= 1 else { throw UsageError("schema takes at most one operand: plugin or test") }
          return .schema(of: operands.first)
        }),
      .init(
        words: ["completions"], operands: "SHELL", help: "print shell completions", available: false,
        command: { operands throws(UsageError) in
          guard operands.count == 1 else { throw UsageError("completions takes one shell: bash, zsh or fish") }
          return .completions(shell: operands[0])
        }),
      .init(
        words: ["plugin", "check"], operands: "PLUGIN...", help: "check an external plugin against the protocol",
        available: true,
        command: { operands throws(UsageError) in
          guard !operands.isEmpty else { throw UsageError("plugin check needs at least one plugin folder") }
          return .pluginCheck(folders: operands)
        }),
    ],
    epilogue: "exit codes: 0 ok, 1 a data or runtime error, 2 a usage error or an invalid screen file"
  )
}
