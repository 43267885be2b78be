#!/usr/bin/env python3
"""Build the Marvel plugin's bundled offline dataset from recorded API responses.

Usage (from the repository root):

    python3 Plugins/Marvel/Sample/build_sample.py
    python3 Plugins/Marvel/Sample/build_sample.py --provenance-table   # also print per-file stats as Markdown

Reads every JSON file in Tests/Fixtures/Recorded/marvel (body-only responses and
`*_vcr_*` recorded exchanges) and writes Plugins/Marvel/Sample/marvel-sample.json:

    {
      "attributionText": "...",          # newest attributionText (by copyright year)
      "characters": [ ... ],             # distinct character records, API orderBy=name order
      "comics": [ ... ],                 # distinct comic records, id ascending
      "characterComics": { "<id>": [comic ids] }
    }

Records are copied verbatim (key order, HTML, mojibake, control characters, null
descriptions). When an id occurs more than once, exactly one version is kept (fields
are never merged), chosen by, in order:
  1. newest `modified` (unparseable values such as "-0001-11-30T00:00:00-0500" = oldest);
  2. a record carrying every field the API always sends for its type beats one that
     a fixture author trimmed down (the trimmed copies here carry identical values in
     the fields they kept, so the complete record loses nothing);
  3. newest copyright year of the response it came from;
  4. more top-level fields, then longer compact JSON;
  5. a recorded exchange (`*_vcr_*`, the server's own bytes and key order) over a
     body-only file (some were converted from TypeScript/Elixir literals);
  6. file name, then position in the file (ascending), so the result is deterministic.

Standard library only; output is byte-for-byte deterministic.
"""

import argparse
import json
import os
import re
import sys
from datetime import datetime, timezone

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.normpath(os.path.join(SCRIPT_DIR, "..", "..", ".."))
DEFAULT_INPUT = os.path.join(REPO_ROOT, "Tests", "Fixtures", "Recorded", "marvel")
DEFAULT_OUTPUT = os.path.join(SCRIPT_DIR, "marvel-sample.json")
DEFAULT_README = os.path.join(REPO_ROOT, "Tests", "Fixtures", "Recorded", "README.md")

CHARACTER_FIELDS = frozenset([
    "id", "name", "description", "modified", "thumbnail", "resourceURI",
    "comics", "series", "stories", "events", "urls",
])
COMIC_FIELDS = frozenset([
    "id", "digitalId", "title", "issueNumber", "variantDescription", "description",
    "modified", "isbn", "upc", "diamondCode", "ean", "issn", "format", "pageCount",
    "textObjects", "resourceURI", "urls", "series", "variants", "collections",
    "collectedIssues", "dates", "prices", "thumbnail", "images", "creators",
    "characters", "stories", "events",
])

CHARACTER_COMICS_FILE = re.compile(r"^marvel_character_(\d+)_comics_")
CHARACTER_URI = re.compile(r"/characters/(\d+)$")
MODIFIED = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})([+-]\d{4}|Z)?$")
YEAR = re.compile(r"(?<!\d)(\d{4})(?!\d)")
OLDEST = float("-inf")


def modified_key(value):
    """Seconds since the epoch (UTC), or -inf for unknown/unparseable values."""
    if not isinstance(value, str):
        return OLDEST
    m = MODIFIED.match(value.strip())
    if not m:
        return OLDEST  # e.g. "-0001-11-30T00:00:00-0500" (MySQL zero date): unknown
    year, month, day, hour, minute, second, tz = m.groups()
    try:
        dt = datetime(int(year), int(month), int(day), int(hour), int(minute), int(second))
    except ValueError:
        return OLDEST
    offset = 0
    if tz and tz != "Z":
        sign = -1 if tz[0] == "-" else 1
        offset = sign * (int(tz[1:3]) * 3600 + int(tz[3:5]) * 60)
    return dt.replace(tzinfo=timezone.utc).timestamp() - offset


def copyright_year(body):
    for key in ("copyright", "attributionText"):
        value = body.get(key)
        if isinstance(value, str):
            years = [int(y) for y in YEAR.findall(value)]
            if years:
                return max(years)
    return 0


def response_bodies(document):
    """Yield the JSON response bodies held by one recording file."""
    if isinstance(document, dict) and isinstance(document.get("exchanges"), list):
        for exchange in document["exchanges"]:
            response = (exchange or {}).get("response") or {}
            body = response.get("body")
            if isinstance(body, str):
                try:
                    body = json.loads(body)
                except ValueError:
                    body = None
            if body is None and isinstance(response.get("body_raw"), str):
                try:
                    body = json.loads(response["body_raw"])
                except ValueError:
                    body = None
            if isinstance(body, dict):
                yield body
    elif isinstance(document, dict):
        yield document


def record_kind(record):
    if not isinstance(record, dict) or not isinstance(record.get("id"), int):
        return None
    if "name" in record:
        return "character"
    if "title" in record and "issueNumber" in record:
        return "comic"
    return None  # stories, series, events, creators: not part of the sample


def load_recordings(input_dir):
    names = sorted(n for n in os.listdir(input_dir) if n.endswith(".json"))
    recordings = []
    for name in names:
        with open(os.path.join(input_dir, name), encoding="utf-8") as fh:
            document = json.load(fh)
        recordings.append((name, document))
    return recordings


def build(input_dir):
    candidates = {"character": {}, "comic": {}}  # id -> list of candidate dicts
    seen = {}  # file -> {"character": n, "comic": n}
    attributions = []  # (year, file, text)
    recorded_lists = {}  # character id -> [comic ids] from /characters/{id}/comics

    for name, document in load_recordings(input_dir):
        is_vcr = "_vcr_" in name
        list_match = CHARACTER_COMICS_FILE.match(name)
        for body in response_bodies(document):
            year = copyright_year(body)
            if isinstance(body.get("attributionText"), str):
                attributions.append((year, name, body["attributionText"]))
            data = body.get("data")
            results = data.get("results") if isinstance(data, dict) else None
            if not isinstance(results, list):
                continue
            for position, record in enumerate(results):
                kind = record_kind(record)
                if kind is None:
                    continue
                seen.setdefault(name, {"character": 0, "comic": 0})[kind] += 1
                fields = CHARACTER_FIELDS if kind == "character" else COMIC_FIELDS
                compact = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
                rank = (
                    modified_key(record.get("modified")),
                    1 if fields <= set(record) else 0,
                    year,
                    len(record),
                    len(compact),
                    1 if is_vcr else 0,
                )
                candidates[kind].setdefault(record["id"], []).append(
                    {"rank": rank, "file": name, "position": position, "record": record}
                )
                if kind == "comic" and list_match:
                    ids = recorded_lists.setdefault(int(list_match.group(1)), [])
                    if record["id"] not in ids:
                        ids.append(record["id"])

    def pick(versions):
        # Highest rank wins; among equals, the first file name / position wins.
        return min(versions, key=lambda v: (tuple(-x for x in v["rank"]), v["file"], v["position"]))

    chosen = {kind: {rid: pick(v) for rid, v in by_id.items()} for kind, by_id in candidates.items()}

    characters = sorted(
        (v["record"] for v in chosen["character"].values()),
        key=lambda r: ((r.get("name") or "").lower(), r["id"]),
    )
    comics = sorted((v["record"] for v in chosen["comic"].values()), key=lambda r: r["id"])
    character_ids = {r["id"] for r in characters}

    links = {}
    for cid in sorted(recorded_lists):
        if cid in character_ids:
            links[cid] = list(recorded_lists[cid])
    for comic in comics:
        items = ((comic.get("characters") or {}).get("items")) or []
        for item in items:
            m = CHARACTER_URI.search(str((item or {}).get("resourceURI") or ""))
            if not m:
                continue
            cid = int(m.group(1))
            if cid not in character_ids:
                continue
            ids = links.setdefault(cid, [])
            if comic["id"] not in ids:
                ids.append(comic["id"])
    character_comics = {str(cid): links[cid] for cid in sorted(links) if links[cid]}

    attribution = ""
    if attributions:
        best_year = max(a[0] for a in attributions)
        attribution = sorted(a for a in attributions if a[0] == best_year)[0][2]

    dataset = {
        "attributionText": attribution,
        "characters": characters,
        "comics": comics,
        "characterComics": character_comics,
    }

    kept = {}
    for kind, by_id in chosen.items():
        for version in by_id.values():
            kept.setdefault(version["file"], {"character": 0, "comic": 0})[kind] += 1
    stats = {
        name: {
            "seen": seen.get(name, {"character": 0, "comic": 0}),
            "kept": kept.get(name, {"character": 0, "comic": 0}),
            "links": len(recorded_lists.get(int(CHARACTER_COMICS_FILE.match(name).group(1)), []))
            if CHARACTER_COMICS_FILE.match(name) else 0,
        }
        for name in sorted(seen)
    }
    return dataset, stats


def readme_origins(readme_path):
    origins = {}
    if not os.path.exists(readme_path):
        return origins
    row = re.compile(r"^\|\s*marvel/(\S+)\s*\|\s*(.*?)\s*\|")
    with open(readme_path, encoding="utf-8") as fh:
        for line in fh:
            m = row.match(line)
            if m:
                origins[m.group(1)] = m.group(2)
    return origins


def provenance_table(stats, readme_path):
    origins = readme_origins(readme_path)
    lines = [
        "| recording | origin (repository `path` commit) | characters seen / kept | comics seen / kept |",
        "|---|---|---|---|",
    ]
    for name, s in stats.items():
        lines.append("| `%s` | %s | %d / %d | %d / %d |" % (
            name, origins.get(name, "?"),
            s["seen"]["character"], s["kept"]["character"],
            s["seen"]["comic"], s["kept"]["comic"],
        ))
    return "\n".join(lines)


def write_swift_embed(data, path, symbol):
    """Writes the dataset as a Swift string literal, so the binary carries it: an installed
    screenrun never looks for a resource bundle. Compact JSON, in a raw string whose delimiter
    is long enough that the text can never end it."""
    compact = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    hashes = "#"
    while ('"' + hashes) in compact or ("\\" + hashes) in compact:
        hashes += "#"
    source = (
        "// swift-format-ignore-file\n"
        "// Generated by build_sample.py from the JSON dataset beside this file. Do not edit.\n"
        "// A test checks that the two hold the same data.\n\n"
        "let %s: String = %s\"%s\"%s\n" % (symbol, hashes, compact, hashes)
    )
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(source)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", default=DEFAULT_INPUT, help="directory of Marvel recordings")
    parser.add_argument("--output", default=DEFAULT_OUTPUT, help="dataset file to write")
    parser.add_argument("--provenance-table", action="store_true",
                        help="print a Markdown table of per-recording contributions to stdout")
    args = parser.parse_args(argv)

    dataset, stats = build(args.input)
    text = json.dumps(dataset, ensure_ascii=False, indent=1) + "\n"
    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    with open(args.output, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    write_swift_embed(dataset, os.path.join(os.path.dirname(os.path.abspath(args.output)), "MarvelSampleData.swift"), "marvelSampleJSON")

    print("wrote %s: %d characters, %d comics, %d characterComics entries, %d bytes" % (
        os.path.relpath(args.output, REPO_ROOT), len(dataset["characters"]), len(dataset["comics"]),
        len(dataset["characterComics"]), len(text.encode("utf-8"))), file=sys.stderr)
    if args.provenance_table:
        print(provenance_table(stats, DEFAULT_README))
    return 0


if __name__ == "__main__":
    sys.exit(main())
