import ScreenJSON
import ScreenKit
import ScreenTerminal

/// The schema of a screen's `actions` (`ScreenAction`): what the decoder checks that one file's
/// schema can say. That a key is free on the screen's kind is for `--check`.
extension ScreenSchema {
  static var actions: JSON {
    var key = JSONObject([
      "type": "string",
      "description": """
      The key: Ctrl and a letter ("ctrl-o"), a named key ("Home") or one character ("o", only on a screen \
      with no search). It must be free on the screen's kind: `screenrun --check` names the free keys near a \
      taken one.
      """,
    ])
    // Key names match in any case, as `Key(name:)` reads them; spelt out letter by letter, since
    // JSON Schema's regular expressions have no flag for it.
    let names = (["ctrl"] + Key.spellings + ["esc"]).map(caseless)
    key["pattern"] = .string(
      "^(?:" + names[0] + "[-+][A-Za-z]|" + names.dropFirst().joined(separator: "|")
        + "|[^\\s\\x00-\\x1F\\x7F-\\x9F])$")
    var action = JSONObject([
      "type": "object",
      "description": "An action on the record: a detail's, or a list's, table's or chart's selected row.",
      "required": ["key", "title"],
      "additionalProperties": false,
      // `wait` says what happens after a program ends: a `run`'s only.
      "oneOf": [
        ["required": ["open"], "not": ["required": ["wait"]]], ["required": ["copy"], "not": ["required": ["wait"]]],
        ["required": ["run"]],
      ],
    ])
    var properties = JSONObject()
    for name in ScreenAction.keys {
      switch name {
      case "key": properties[name] = .object(key)
      case "title":
        properties[name] = [
          "type": "string", "minLength": 1, "maxLength": .int(ScreenAction.maximumTitleLength),
          "description": "What the footer and the ? help call the action.",
        ]
      case "open":
        properties[name] = template(
          "The URL to open with $BROWSER (Debian's convention), else xdg-open; only http and https URLs with a host are opened."
        )
      case "copy":
        properties[name] = template(
          "The text to copy to the clipboard with OSC 52 (at most \(ActionRequest.maximumCopyBytes) bytes).")
      case "run":
        properties[name] = [
          "type": "array", "minItems": 1, "items": ["$ref": "#/$defs/template"],
          "description": """
          A command and its arguments, run with no shell: each template is exactly one argument. The program \
          (the first) is written out. A value that begins with '-' or '+' is refused unless its template begins so or a "--" \
          comes before it.
          """,
        ]
      case "wait":
        properties[name] = [
          "type": "boolean",
          "description": """
          A run's only: true (the default) waits for a key after the program ends, so that what it printed stays \
          on screen; false draws the screen again at once, for a program that takes the screen itself (an editor, \
          a pager).
          """,
        ]
      default:
        properties[name] = ["type": "boolean", "description": "Ask first, showing exactly what will be done."]
      }
    }
    action["properties"] = .object(properties)
    return [
      "type": "array", "items": .object(action),
      "description": "Keys that act on the record: open a URL, copy a value, run a command.",
    ]
  }

  /// A pattern for `name` in any case: "Up" is "[Uu][Pp]".
  private static func caseless(_ name: String) -> String {
    name.map { $0.isLetter ? "[\($0.uppercased())\($0.lowercased())]" : String($0) }.joined()
  }
}
