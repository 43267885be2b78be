"""Runs the commands of the DOCUMENTS below (README.md, PLUGINS.md, docs/plugins, the guide and the
reference) that are marked runnable, and checks the lines the documents promise to keep in step
(Tests/Docs/run-commands is the way in).

    python3 Tests/Docs/run_commands.py [--keep]

A fenced block is runnable when the line before its fence is `<!-- runnable -->` (an HTML
comment: GitHub shows nothing of it). A block of shell lines runs as it is; a transcript (lines
starting with `$ `, each followed by its output) runs the commands after the `$ ` and does not
compare the output, which the documents cut. Marked are the commands a user would copy, except those
that need root or the network (apt-get, installing into /usr/local, --live against the real
APIs), servers and sessions that wait for a person (replay-server, http.server), steps of a loop
that need what the step before left (renaming a pending snapshot), and what .ci/run runs itself:
`swift test` and the suites, benchmarks and fuzz targets (marking them would build and run them
twice).

Everything happens in a scratch folder, so the user's tree is never touched:
1. the checks, before anything is built:
   - the version promise is the same text in README.md and PLUGINS.md;
   - the screen file README.md shows whole is Screens/characters.json, byte for byte;
   - every line of docs/plugins/swift.md's Package.swift block is in Tests/OutsidePackage/Package.swift,
     in order, with only the path changed;
   - docs/plugins/swift.md's URL form resolves: a package of Tests/OutsidePackage's files whose
     dependency line is the URL line, beside a bare copy of this repository whose `main` is the
     commit checked out here (a relative URL as written; any other replaced by a file:// URL of the
     copy, named as the URL's last part): `swift package resolve`, then `show-dependencies`, which
     loads the whole graph, products included, without building;
2. a clone of the repository, with the working tree's uncommitted changes copied over, and a
   HOME, cache and config of its own;
3. one `swift build` in the clone (its own .build): the only build. The README's synopsis must then
   be the usage lines of the built `screenrun --help` (the same words, wrapped as each likes).
   The build's output is reused: the clone's .build/debug is first on PATH, so a block's
   `screenrun` is the binary just built, and `swift run screenrun` and `swift run -c release
   screenrun` are run as `screenrun`, the same program without a second build (a release build
   would take minutes more). A block's own `swift build` finds nothing to do;
4. each runnable block, in document order, with bash -euo pipefail in the clone's root, stdin
   from /dev/null, and a time limit. A block that exits non-zero fails the run, with its output.

--keep leaves the scratch folder in place and prints where it is.
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DOCUMENTS = (
    ["README.md", "PLUGINS.md", "docs/plugins/declared.md", "docs/plugins/external.md", "docs/plugins/swift.md"]
    + sorted(glob.glob("docs/guide/*.md", root_dir=ROOT) + glob.glob("docs/reference/*.md", root_dir=ROOT)))
# The documents that carry the version promise, and the one that shows the Swift package lines.
PROMISE_DOCUMENTS = ["README.md", "PLUGINS.md"]
SWIFT_GUIDE = "docs/plugins/swift.md"
SYNOPSIS = "<!-- the synopsis: screenrun --help's usage lines (Tests/Docs/run-commands checks) -->"
SCREEN_FILE = "<!-- the whole of Screens/characters.json (Tests/Docs/run-commands checks) -->"
MARK = "<!-- runnable -->"
PACKAGE_LINES = "<!-- the lines of Tests/OutsidePackage/Package.swift, but for the path -->"
URL_FORM = "<!-- the URL form: Tests/Docs/run-commands resolves it as written, beside a bare copy of this repository -->"
PROMISE_START = "<!-- the version promise:"
PROMISE_END = "<!-- end of the version promise -->"
OUTSIDE = os.path.join(ROOT, "Tests", "OutsidePackage")
SWIFT_RUN = re.compile(r"\bswift run (?:-c (?:release|debug) )?screenrun\b")
BLOCK_SECONDS = 300


class Failure(Exception):
    pass


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as file:
        return file.read()


def block_after(document, marker):
    """The lines of the fenced block right after `marker`, and the line number of its first."""
    lines = read(document).split("\n")
    for index, line in enumerate(lines):
        if line.strip() == marker:
            if index + 1 >= len(lines) or not lines[index + 1].startswith("```"):
                raise Failure(f"{document}:{index + 1}: '{marker}' is not followed by a fenced block")
            return block_body(document, lines, index)
    raise Failure(f"{document}: no '{marker}'")


def run(arguments, cwd, env=None, timeout=600, stdin=subprocess.DEVNULL):
    return subprocess.run(
        arguments, cwd=cwd, env=env, timeout=timeout, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, errors="replace")


def check_promise():
    texts = {}
    for document in PROMISE_DOCUMENTS:
        text = read(document)
        start = text.find(PROMISE_START)
        end = text.find(PROMISE_END)
        if start < 0 or end < start:
            raise Failure(f"{document}: the version promise is not marked ('{PROMISE_START} …' to '{PROMISE_END}')")
        texts[document] = text[start:end]
    if len(set(texts.values())) != 1:
        raise Failure("the version promise differs between README.md and PLUGINS.md: make them the same text")
    print("ok   the version promise is the same in README.md and PLUGINS.md")


def check_screen_file():
    lines, first = block_after("README.md", SCREEN_FILE)
    if "\n".join(lines) + "\n" != read("Screens/characters.json"):
        raise Failure(
            f"README.md:{first}: the screen file shown whole is not Screens/characters.json: show it as it is")
    print("ok   README.md shows Screens/characters.json whole, as it is")


# A path into the repository, as a document names one in `code`: a top folder of it, then parts
# with no placeholder (`NAME`, `…`, `*`, `$`, `<`, `{`) in them.
REPO_PATH = re.compile(r"`((?:Screens|Plugins|Sources|Tests|docs|schema)/[A-Za-z0-9_./+-]+)`")


def check_named_paths():
    """Every repository path a document names in `code` exists (a folder or a file)."""
    missing = []
    for document in DOCUMENTS:
        text = read(document)
        for number, line in enumerate(text.splitlines(), 1):
            for path in REPO_PATH.findall(line):
                path = path.rstrip(".")
                if any(mark in path for mark in ("NAME", "...", "*")) or path.endswith("/-"):
                    continue
                if not os.path.exists(os.path.join(ROOT, path)):
                    missing.append(f"{document}:{number}: `{path}` does not exist in the repository")
    if missing:
        raise Failure("documents name paths that do not exist:\n" + "\n".join(missing))
    print(f"ok   every repository path the documents name exists ({len(DOCUMENTS)} documents)")


def commands(lines):
    """Usage lines as commands: each starts at `screenrun`; a line that does not continues the one before."""
    result = []
    for line in lines:
        words = line.split()
        if words[:1] == ["usage:"]:
            words = words[1:]
        if not words:
            continue
        if words[0] == "screenrun" or not result:
            result.append(words)
        else:
            result[-1].extend(words)
    return [" ".join(words) for words in result]


def check_synopsis(clone, env):
    lines, first = block_after("README.md", SYNOPSIS)
    help_text = run(["screenrun", "--help"], clone, env).stdout
    usage = help_text.split("\n\n", 1)[0].split("\n")
    shown, printed = commands(lines), commands(usage)
    if shown != printed:
        raise Failure(
            f"README.md:{first}: the synopsis is not --help's usage lines; --help prints:\n" + "\n".join(printed))
    print("ok   README.md's synopsis is the usage lines of screenrun --help")


def check_package_lines():
    lines, first = block_after(SWIFT_GUIDE, PACKAGE_LINES)
    outside = read("Tests/OutsidePackage/Package.swift").split("\n")
    position = 0
    for offset, line in enumerate(lines):
        if not line.strip():
            continue
        expected = line.replace('path: "../screenrun"', 'path: "../.."')
        while position < len(outside) and outside[position] != expected:
            position += 1
        if position == len(outside):
            raise Failure(
                f"{SWIFT_GUIDE}:{first + offset}: '{line.strip()}' is not in Tests/OutsidePackage/Package.swift "
                f"(in this order, with only the path changed): the outside package must use the guide's lines")
        position += 1
    print(f"ok   {SWIFT_GUIDE}'s Package.swift lines are Tests/OutsidePackage's, but for the path")


def check_url_form(scratch, env):
    lines, first = block_after(SWIFT_GUIDE, URL_FORM)
    lines = [line for line in lines if line.strip()]
    if len(lines) != 1 or ".package(url:" not in lines[0]:
        raise Failure(f"{SWIFT_GUIDE}:{first}: the URL form should be one `dependencies:` line with .package(url: …)")
    url = re.search(r'url: "([^"]*)"', lines[0])
    if not url:
        raise Failure(f"{SWIFT_GUIDE}:{first}: the URL form has no url: \"…\"")
    # The copy keeps the URL's last part, which SwiftPM names the package after. A URL relative to
    # the package (`../screenrun`) is resolved as written, with the copy where it points; another
    # URL is replaced by a file:// URL of the copy.
    package = os.path.join(scratch, "url", "package")  # its `../screenrun` is not the clone's folder
    relative = "://" not in url.group(1) and not url.group(1).startswith("/")
    if relative:
        repository = os.path.normpath(os.path.join(package, url.group(1)))
    else:
        repository = os.path.join(scratch, "repositories", url.group(1).rstrip("/").rsplit("/", 1)[-1])
    head = run(["git", "rev-parse", "HEAD"], ROOT).stdout.strip()
    for arguments, cwd in [
        (["git", "clone", "--quiet", "--bare", ROOT, repository], ROOT),
        (["git", "update-ref", "refs/heads/main", head], repository),
    ]:
        result = run(arguments, cwd)
        if result.returncode != 0:
            raise Failure(f"{' '.join(arguments)} failed:\n{result.stdout}")
    url_line = lines[0] if relative else re.sub(r'url: "[^"]*"', f'url: "file://{repository}"', lines[0])
    shutil.copytree(OUTSIDE, package, ignore=shutil.ignore_patterns(".build", ".swiftpm", "Package.resolved"))
    manifest = os.path.join(package, "Package.swift")
    with open(manifest, encoding="utf-8") as file:
        text = file.read()
    path_line = next((line for line in text.split("\n") if ".package(name: \"screenrun\", path:" in line), None)
    if path_line is None:
        raise Failure("Tests/OutsidePackage/Package.swift has no `.package(name: \"screenrun\", path: …)` line")
    with open(manifest, "w", encoding="utf-8") as file:
        file.write(text.replace(path_line, url_line))
    # `resolve` fetches the branch or revision; `show-dependencies` then loads the whole graph, so
    # that a product named in a package SwiftPM does not know (`package: "screenrun"`) is an error.
    for command in ["resolve", "show-dependencies"]:
        result = run(["swift", "package", "--scratch-path", os.path.join(scratch, "url-build"), command], package, env)
        if result.returncode != 0 or "error:" in result.stdout:
            raise Failure(
                f"{SWIFT_GUIDE}:{first}: the URL form does not resolve ({url_line.strip()}; swift package {command}):\n"
                f"{result.stdout}")
    print(f"ok   {SWIFT_GUIDE}'s URL form resolves (as {url_line.strip().rstrip(',')}, main at {head[:7]})")


def make_clone(scratch):
    clone = os.path.join(scratch, "screenrun")
    result = run(["git", "clone", "--quiet", ROOT, clone], ROOT)
    if result.returncode != 0:
        raise Failure(f"git clone failed:\n{result.stdout}")
    # What is not committed yet: changed and new files (not ignored) copied over, deleted ones removed.
    changed = run(["git", "ls-files", "-z", "--modified", "--others", "--exclude-standard"], ROOT).stdout
    deleted = set(run(["git", "ls-files", "-z", "--deleted"], ROOT).stdout.split("\0"))
    for path in filter(None, changed.split("\0")):
        if path in deleted:
            continue
        target = os.path.join(clone, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(os.path.join(ROOT, path), target)
    for path in filter(None, deleted):
        if os.path.exists(os.path.join(clone, path)):
            os.remove(os.path.join(clone, path))
    return clone


def environment(scratch, clone):
    env = {key: value for key, value in os.environ.items() if not key.startswith(("SCREENRUN_", "XDG_"))}
    home = os.path.join(scratch, "home")
    os.makedirs(home, exist_ok=True)
    env["HOME"] = home
    env["PATH"] = os.path.join(clone, ".build", "debug") + os.pathsep + env.get("PATH", "")
    env.pop("GITHUB_TOKEN", None)
    for name in ["MARVEL_PUBLIC_KEY", "MARVEL_PRIVATE_KEY", "MARVEL_BASE_URL", "GITHUB_API_URL"]:
        env.pop(name, None)
    return env


def blocks():
    for document in DOCUMENTS:
        lines = read(document).split("\n")
        for index, line in enumerate(lines):
            if line.strip() != MARK:
                continue
            body, first = block_after_lines(document, lines, index)
            # A transcript (commands after `$ `, each followed by what it prints) runs its commands;
            # the output shown is an excerpt, so it is not compared.
            if any(line.startswith("$ ") for line in body):
                body = [line[2:] for line in body if line.startswith("$ ")]
            yield document, first, "\n".join(body) + "\n"


def block_after_lines(document, lines, index):
    if index + 1 >= len(lines) or not re.match(r"^```(sh|bash)?$", lines[index + 1].strip()):
        raise Failure(f"{document}:{index + 1}: '{MARK}' must be followed by a ``` or ```sh block")
    return block_body(document, lines, index)


def block_body(document, lines, index):
    """The lines of the fenced block that opens at `index + 1`, and the line number of its first."""
    body = []
    for line in lines[index + 2 :]:
        if line.startswith("```"):
            return body, index + 3
        body.append(line)
    raise Failure(f"{document}:{index + 2}: the block is not closed")


def main():
    keep = "--keep" in sys.argv[1:]
    scratch = tempfile.mkdtemp(prefix="screenrun-docs-")
    started = time.monotonic()
    try:
        check_promise()
        check_screen_file()
        check_named_paths()
        check_package_lines()
        clone = os.path.join(scratch, "screenrun")
        env = environment(scratch, clone)
        check_url_form(scratch, env)
        runnable = list(blocks())
        make_clone(scratch)
        print(f"building once in a clone ({clone}): swift build", flush=True)
        build = run(["swift", "build"], clone, env, timeout=3600)
        if build.returncode != 0:
            raise Failure(f"swift build failed in the clone:\n{build.stdout[-6000:]}")
        check_synopsis(clone, env)
        for document, first, text in runnable:
            script = SWIFT_RUN.sub("screenrun", text)
            began = time.monotonic()
            try:
                result = run(["bash", "-euo", "pipefail", "-c", script], clone, env, timeout=BLOCK_SECONDS)
            except subprocess.TimeoutExpired:
                raise Failure(f"{document}:{first}: the block did not finish within {BLOCK_SECONDS} s:\n{text}")
            if result.returncode != 0:
                raise Failure(
                    f"{document}:{first}: the block exited with status {result.returncode}:\n{text}"
                    f"--- its output (the last 4,000 characters):\n{result.stdout[-4000:]}")
            print(f"ok   {document}:{first} ({time.monotonic() - began:.1f} s)", flush=True)
        print(f"{len(runnable)} runnable blocks ran, in {time.monotonic() - started:.0f} s")
        return 0
    except Failure as failure:
        print(f"run-commands: {failure}", file=sys.stderr)
        return 1
    finally:
        if keep:
            print(f"the scratch folder is kept: {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
