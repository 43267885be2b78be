#!/usr/bin/env python3
"""Prints the package's target graph and fails when a core target depends on a plugin.

    swift package describe --type json | Tests/Docs/target_graph.py
    Tests/Docs/target_graph.py describe.json

It prints every target of Sources/ and Plugins/ with the targets it depends on, lowest layer
first, and exits 1 when a library target of Sources/ other than the command line's (ScreenRunCLI)
depends on a target of Plugins/, directly or through another target, or when the graph has a
cycle (SwiftPM refuses one too, but say where). The command line and the shipped-plugins target
may depend on plugins; they are what assembles screenrun from its parts.
"""

import json
import sys

# The targets of Sources/ that may depend on plugins: the command line as a library, and the
# executables built on it (screenbench benchmarks the Marvel plugin).
MAY_DEPEND_ON_PLUGINS = {"ScreenRunCLI", "screenrun", "screenbench"}


def load(argv):
    text = open(argv[1]).read() if len(argv) > 1 else sys.stdin.read()
    # `swift package describe` may print build progress before the JSON.
    start = text.find("{")
    if start < 0:
        sys.exit("target_graph.py: no JSON in the input (expected `swift package describe --type json`)")
    return json.loads(text[start:])


def main(argv):
    package = load(argv)
    targets = {t["name"]: t for t in package["targets"]}
    deps = {name: sorted(d for d in t.get("target_dependencies", []) if d in targets) for name, t in targets.items()}

    # Layers: a target's layer is one more than the highest of its dependencies' (Kahn's order).
    layer, visiting = {}, set()

    def depth(name, path):
        if name in layer:
            return layer[name]
        if name in visiting:
            cycle = path[path.index(name):] + [name]
            sys.exit("target_graph.py: a cycle: " + " -> ".join(cycle))
        visiting.add(name)
        layer[name] = 1 + max((depth(d, path + [name]) for d in deps[name]), default=-1)
        visiting.discard(name)
        return layer[name]

    for name in targets:
        depth(name, [])

    def place(name):
        path = targets[name]["path"]
        return "Plugins" if path.startswith("Plugins/") else "Sources" if path.startswith("Sources/") else "Tests"

    shown = [n for n in targets if place(n) != "Tests"]
    width = max(len(n) for n in shown)
    print("target graph (lowest layer first; a target depends only on targets above it):")
    for name in sorted(shown, key=lambda n: (layer[n], place(n) == "Plugins", n.lower())):
        arrow = " -> " + ", ".join(deps[name]) if deps[name] else ""
        print(f"  {layer[name]:>2}  {name:<{width}}  {targets[name]['path']}{arrow}")

    def reach(name, seen):
        for d in deps[name]:
            if d not in seen:
                seen.add(d)
                reach(d, seen)
        return seen

    failures = []
    for name in shown:
        t = targets[name]
        if place(name) != "Sources" or name in MAY_DEPEND_ON_PLUGINS or t["type"] == "executable":
            continue
        plugins = sorted(d for d in reach(name, set()) if place(d) == "Plugins")
        if plugins:
            failures.append(f"{name} depends on the plugin target(s) {', '.join(plugins)}")
    for failure in failures:
        print("target_graph.py: error: a core target depends on a plugin: " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
