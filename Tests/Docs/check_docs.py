"""Holds the DocC articles to the symbol graphs (Tests/Docs/build-docs runs it).

    python3 Tests/Docs/check_docs.py SYMBOL_GRAPH_DIR CATALOG...

SYMBOL_GRAPH_DIR holds one folder a module, each with that module's `*.symbols.json`
(swift-symbolgraph-extract, public symbols, synthesized members skipped). Each CATALOG is a
`Module.docc` folder, whose articles link relative to `Module`.

It fails (exit 1) when a public symbol has no documentation comment (naming each one, with its
file and line), when an article links to a symbol that does not exist or has no documentation
comment, or when it shows a declaration (in a ```swift block) that is not the declaration of a
documented public symbol. It prints how many public symbols each module has, and how many of them
are undocumented. Standard library only.
"""

import glob
import json
import os
import re
import sys
import urllib.parse

DECLARATION_START = re.compile(r"^(@MainActor |init[(<]|convenience init|func |static func |typealias )")
LINK = re.compile(r"``([^`]+)``")
DISAMBIGUATION = re.compile(r"-(swift\.[a-z.]+|[0-9a-z]{4,5}|\(.*\)|->.*)$")


def load(graph_dir):
    """Every symbol of every module: {module: [symbol, ...]}."""
    modules = {}
    for folder in sorted(os.listdir(graph_dir)):
        for path in glob.glob(os.path.join(graph_dir, folder, "*.symbols.json")):
            with open(path, encoding="utf-8") as file:
                graph = json.load(file)
            # `Module@Other.symbols.json` holds Module's extensions of Other's types: Module's own.
            modules.setdefault(folder, []).extend(graph["symbols"])
    return modules


def documented(symbol):
    comment = symbol.get("docComment")
    return bool(comment and any(line.get("text", "").strip() for line in comment.get("lines", [])))


def place(symbol):
    """Where a symbol is declared, `Sources/Module/File.swift:LINE`, relative to the working folder."""
    location = symbol.get("location")
    if not location:
        return "(synthesized)"
    path = urllib.parse.unquote(urllib.parse.urlparse(location["uri"]).path)
    return f"{os.path.relpath(path)}:{location['position']['line'] + 1}"


def declaration(symbol):
    return "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))


def squeeze(text):
    return re.sub(r"\s+", "", text)


def component(text):
    """A link's path component without docc's disambiguation (`-swift.enum`, `-1a2b3`, `-(_,_)`)."""
    # A component such as `/(_:_:)` holds a slash of its own; split links with care below.
    return DISAMBIGUATION.sub("", text)


def split_link(link):
    parts, depth, current = [], 0, ""
    for character in link:
        if character == "(":
            depth += 1
        elif character == ")":
            depth -= 1
        if character == "/" and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += character
    parts.append(current)
    return parts


def main():
    graph_dir, catalogs = sys.argv[1], sys.argv[2:]
    modules = load(graph_dir)
    by_path = {}
    by_declaration = {}
    for module, symbols in modules.items():
        for symbol in symbols:
            by_path.setdefault((module, tuple(symbol["pathComponents"])), []).append(symbol)
            by_declaration.setdefault(squeeze(declaration(symbol)), []).append((module, symbol))

    problems = []
    named = 0
    for catalog in catalogs:
        home = os.path.basename(catalog.rstrip("/")).removesuffix(".docc")
        for article in sorted(glob.glob(os.path.join(catalog, "*.md"))):
            with open(article, encoding="utf-8") as file:
                lines = file.read().split("\n")
            in_swift = False
            for number, line in enumerate(lines, start=1):
                where = f"{article}:{number}"
                stripped = line.strip()
                if stripped.startswith("```"):
                    in_swift = not in_swift and stripped == "```swift"
                    continue
                if in_swift:
                    if DECLARATION_START.match(stripped) and not stripped.endswith("{"):
                        named += 1
                        matches = by_declaration.get(squeeze(stripped), [])
                        if not matches:
                            problems.append(f"{where}: no public symbol is declared as '{stripped}'")
                        elif not any(documented(symbol) for _, symbol in matches):
                            problems.append(f"{where}: '{stripped}' has no documentation comment")
                    continue
                for link in LINK.findall(line):
                    parts = split_link(link)
                    if len(parts) == 1 and (parts[0] == home or parts[0] in modules):
                        continue  # a module's own page
                    if parts[0] == "":
                        module, path = parts[1], parts[2:]
                    elif parts[0] in modules and len(parts) > 1:
                        module, path = parts[0], parts[1:]
                    else:
                        module, path = home, parts
                    if not path:
                        continue  # the module itself
                    named += 1
                    symbols = by_path.get((module, tuple(component(part) for part in path)), [])
                    if not symbols:
                        problems.append(f"{where}: ``{link}`` names no public symbol of {module}")
                    elif not any(documented(symbol) for symbol in symbols):
                        problems.append(f"{where}: ``{link}`` has no documentation comment")

    undocumented = []
    sys.stdout.flush()
    print("public symbols, and those without a documentation comment (synthesized members skipped):")
    for module, symbols in sorted(modules.items()):
        missing = [symbol for symbol in symbols if not documented(symbol)]
        print(f"  {module}: {len(symbols)} public, {len(missing)} undocumented")
        undocumented.extend(f"{place(symbol)}: {module}.{'.'.join(symbol['pathComponents'])} ({symbol['kind']['displayName'].lower()})" for symbol in missing)
    print(f"  in all: {sum(len(symbols) for symbols in modules.values())} public")
    sys.stdout.flush()
    if undocumented:
        print(f"{len(undocumented)} public symbol(s) without a documentation comment:", file=sys.stderr)
        for line in sorted(undocumented):
            print("  " + line, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s) in the articles:", file=sys.stderr)
        for problem in problems:
            print("  " + problem, file=sys.stderr)
    if undocumented or problems:
        return 1
    print(f"every public symbol is documented, and the articles name {named} symbols and declarations")
    return 0


if __name__ == "__main__":
    sys.exit(main())
