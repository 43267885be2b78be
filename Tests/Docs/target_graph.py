#!/usr/bin/env python3
"""Prints the package's target graph and fails when the code, the manifest and the drawings of
the graph disagree.

    swift package describe --type json | Tests/Docs/target_graph.py
    Tests/Docs/target_graph.py describe.json

It prints every target of Sources/ and Plugins/ with the targets it depends on, lowest layer
first, and exits 1 when:

- a library target of Sources/ other than the command line's (ScreenRunCLI) depends on a target
  of Plugins/, directly or through another target (the command line and the shipped-plugins
  target may: they are what assembles screenrun from its parts), or the graph has a cycle
  (SwiftPM refuses one too, but say where);
- a Swift file of any target imports a module of the package that its target does not declare
  as a dependency in Package.swift (SwiftPM lets a target import what a dependency depends on;
  this does not), or imports its own module;
- a drawing of the layers disagrees with Package.swift: the one in ARCHITECTURE.md's "Targets and layers"
  section and the one in Package.swift's header comment. A drawing names targets lowest layer
  first, each at the start of a line (after `//   ` in Package.swift); it must name every Swift
  library target of Sources/, name only targets, draw each after every target it depends on, and
  each `A  <--  B` it draws must be a dependency of A on B.
"""

import json
import os
import re
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
    problems = len(failures)

    root = os.environ.get("TARGET_GRAPH_ROOT", ".")
    for problem in undeclared_imports(targets, root):
        print("target_graph.py: error: " + problem, file=sys.stderr)
        problems += 1
    for problem in drawing_problems(targets, deps, root):
        print("target_graph.py: error: " + problem, file=sys.stderr)
        problems += 1
    if problems == 0:
        print("imports: every module a target imports is declared in Package.swift")
        print("drawings: ARCHITECTURE.md's and Package.swift's layers agree with Package.swift")
    return 1 if problems else 0


IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|enum|class|protocol|func|var|let|typealias)\s+)?(\w+)")


def undeclared_imports(targets, root):
    """Each import of a package module that its target does not declare, as a message."""
    problems = []
    modules = {t.get("c99name", name): name for name, t in targets.items()}
    for name, t in sorted(targets.items()):
        declared = set(t.get("target_dependencies", []))
        for source in t.get("sources", []):
            if not source.endswith(".swift"):
                continue
            path = os.path.join(t["path"], source)
            with open(os.path.join(root, path), encoding="utf-8") as file:
                for number, line in enumerate(file, 1):
                    found = IMPORT.match(line)
                    if not found or found.group(1) not in modules:
                        continue
                    imported = modules[found.group(1)]
                    if imported == name:
                        problems.append(f"{path}:{number}: imports its own module {name}")
                    elif imported not in declared:
                        problems.append(
                            f"{path}:{number}: imports {imported}, which {name} does not declare in Package.swift"
                        )
    return problems


def drawing_problems(targets, deps, root):
    """Where ARCHITECTURE.md's and Package.swift's drawings of the layers disagree with the manifest."""
    readme = open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8").read()
    section = re.search(r"^## Targets and layers\n(.*?)(?=^## )", readme, re.M | re.S)
    if not section:
        return ["ARCHITECTURE.md has no \"Targets and layers\" section"]
    block = re.search(r"^```\n(.*?)^```", section.group(1), re.M | re.S)
    if not block:
        return ["ARCHITECTURE.md's \"Targets and layers\" section draws no graph (a ``` block)"]
    # In ARCHITECTURE.md, a layer is a line that starts with its target's name at the left margin.
    lines = block.group(1).splitlines()
    problems = check_drawing("ARCHITECTURE.md (Targets and layers)", lines, r"^([A-Za-z][\w-]*)", targets, deps)
    # In Package.swift's header comment, a layer is `//   Name   what it holds`; the lines that
    # go on with what it holds are indented further.
    header = []
    for line in open(os.path.join(root, "Package.swift"), encoding="utf-8").read().splitlines()[1:]:
        if not line.startswith("//"):
            break
        header.append(line)
    problems += check_drawing("Package.swift's header comment", header, r"^//   ([A-Za-z][\w-]*)", targets, deps)
    return problems


def check_drawing(where, lines, layer, targets, deps):
    """The problems of one drawing: its layers (lines matching `layer`), lowest first, and its
    arrows (`A  <--  B`: A depends on B)."""
    problems = []
    order = []
    for line in lines:
        found = re.match(layer, line)
        if not found:
            continue
        name = found.group(1)
        if name not in targets:
            problems.append(f"{where} draws a layer {name}, which Package.swift does not declare")
        elif name not in order:
            order.append(name)
    text = "\n".join(lines)
    arrows = re.findall(r"([\w-]+)\s+<--\s+([\w-]+)", text)
    named = set(re.findall(r"[\w-]+", text)) & set(targets)
    for name in sorted(targets):
        t = targets[name]
        core = t["path"].startswith("Sources/") and t["type"] == "library" and t.get("module_type") == "SwiftTarget"
        if core and name not in named:
            problems.append(f"{where} does not draw {name}, a library target of Sources/")
    position = {name: index for index, name in enumerate(order)}
    for name in order:
        for dependency in deps.get(name, []):
            if dependency in position and position[dependency] > position[name]:
                problems.append(
                    f"{where} draws {name} before {dependency}, but {name} depends on {dependency}: "
                    "a layer is drawn after every layer it depends on"
                )
    for left, right in arrows:
        for name in (left, right):
            if name not in targets:
                problems.append(f"{where} draws an arrow from or to {name}, which Package.swift does not declare")
        if left in targets and right in targets and right not in deps.get(left, []):
            problems.append(f"{where} draws {left} <-- {right}, but {left} does not depend on {right}")
    return problems


if __name__ == "__main__":
    sys.exit(main(sys.argv))
