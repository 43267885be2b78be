#!/usr/bin/env python3
"""Build the Marvel plugin's bundled offline dataset from recorded API responses.

Usage (from the repository root):

    python3 Plugins/Marvel/Sample/build_sample.py
    # another dataset in the same format, e.g. the 64 characters of the first batch only:
    python3 Plugins/Marvel/Sample/build_sample.py --input Tests/Fixtures/Recorded/marvel --output-dir /tmp/marvel64

Reads every JSON file in Tests/Fixtures/Recorded/marvel and Tests/Fixtures/Recorded/more/marvel
(body-only responses, arrays of responses, bare records, and `*_vcr_*` recorded exchanges) and
writes, into the output folder (Plugins/Marvel/Sample by default):

  marvel-sample.json    the dataset, valid JSON with one record a line:
    {"attributionText": "...",          # newest attributionText (by copyright year)
     "characters": [ ... ],             # distinct character records, API orderBy=name order
     "comics": [ ... ],                 # distinct comic records, id ascending
     "characterComics": {"<id>": [comic ids]}}   # only characters whose comic list was recorded
  marvel-sample.index   where each record sits in marvel-sample.json, so the plugin reads the
                        ~20 records a page shows and never parses the rest (format below)
  PROVENANCE.md         where every record came from (default output folder only)
  Tests/Fixtures/Benchmark/marvel-first-page.json
                        the first 20 characters, for the benchmark's jq baseline (default only)

The binary carries marvel-sample.json and marvel-sample.index as bytes (`.incbin` in data.S).

Records are copied verbatim (key order, HTML, mojibake, control characters, null
descriptions). When an id occurs more than once, exactly one version is kept (fields
are never merged), chosen by, in order:
  1. newest `modified` (unparseable values such as "-0001-11-30T00:00:00-0500" = oldest);
  2. a record carrying every field the API always sends for its type beats one that
     a fixture author trimmed down;
  3. newest recording year: the response's copyright year, else the year in the file name
     (a cached dump that kept no copyright);
  4. more top-level fields, then longer compact JSON (the fullest record);
  5. a recorded exchange (`*_vcr_*`, the server's own bytes and key order) over a
     body-only file (some were converted from TypeScript/Elixir/Dart literals);
  6. file path, then position in the file (ascending), so the result is deterministic.

A character's comic list is "recorded" when a /characters/{id}/comics response was recorded
(files named marvel_character_<id>_comics_*): its comics in recorded order, then every other
comic whose `characters.items` names the character, by id. Other characters have no list here:
the plugin serves the comics named in their own record and says the full list was not recorded.

Index format (marvel-sample.index), little-endian unsigned 64-bit integers throughout:
  header: magic "SRMARVL1" (8 bytes), then blobLength, attributionOffset, attributionLength
          (a JSON string in the blob), characterCount, characterTable, idTable, comicCount,
          comicTable, strings (offsets of the tables, from the start of the index)
  characterTable (name order): recordOffset, recordLength, keyOffset, keyLength (the name,
          lowercased, UTF-8, in strings), modifiedOffset, modifiedLength (in strings),
          listOffset, listLength (the recorded comic ids, a JSON array in the blob; 0, 0 if none)
  idTable (id order): id, characterOrdinal
  comicTable (id order): id, recordOffset, recordLength

Standard library only; output is byte-for-byte deterministic.
"""

import argparse
import json
import os
import re
import struct
import sys
from datetime import datetime, timezone

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "SampleTools"))
sys.dont_write_bytecode = True  # no __pycache__ left in the plugins' folders
import sample_data  # noqa: E402  (the shipped plugins' shared build code)

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.normpath(os.path.join(SCRIPT_DIR, "..", "..", ".."))
RECORDED = os.path.join(REPO_ROOT, "Tests", "Fixtures", "Recorded")
DEFAULT_INPUTS = [os.path.join(RECORDED, "marvel"), os.path.join(RECORDED, "more", "marvel")]
READMES = [os.path.join(RECORDED, "README.md"), os.path.join(RECORDED, "more", "README.md")]
FIRST_PAGE = os.path.join(REPO_ROOT, "Tests", "Fixtures", "Benchmark", "marvel-first-page.json")
BLOB_NAME = "marvel-sample.json"
INDEX_NAME = "marvel-sample.index"
INDEX_MAGIC = b"SRMARVL1"

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
FILE_YEAR = re.compile(r"_((?:19|20)\d\d)(?=_|\.json$)")
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


def file_year(name):
    years = [int(y) for y in FILE_YEAR.findall(name)]
    return max(years) if years else 0


def looks_like_record(value):
    return isinstance(value, dict) and isinstance(value.get("id"), int) and ("name" in value or "title" in value)


def parsed_body(text):
    if not isinstance(text, str):
        return None
    return sample_data.json_or_none(text)


def response_bodies(document):
    """Yield the JSON response bodies held by one recording file, as {"data": {"results": [...]}}
    dicts: a response, an exchange recording, an array of responses, a bare array of records
    (a source that stored data.results only) or one bare record."""
    if isinstance(document, dict) and isinstance(document.get("exchanges"), list):
        for exchange in document["exchanges"]:
            response = (exchange or {}).get("response") or {}
            body = response.get("body")
            if isinstance(body, str):
                body = parsed_body(body)
            if body is None:
                body = parsed_body(response.get("body_raw"))
            if isinstance(body, dict):
                yield body
    elif isinstance(document, list):
        if document and all(looks_like_record(item) for item in document):
            yield {"data": {"results": document}}
        else:
            for item in document:
                if isinstance(item, dict):
                    yield item
    elif looks_like_record(document):
        yield {"data": {"results": [document]}}
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


def load_recordings(input_dirs):
    """(label, file name, document) for every JSON file; the label is the path under
    Tests/Fixtures/Recorded when the file is there."""
    recordings = []
    for input_dir in input_dirs:
        for name in sorted(n for n in os.listdir(input_dir) if n.endswith(".json")):
            path = os.path.join(input_dir, name)
            with open(path, encoding="utf-8") as fh:
                document = json.load(fh)
            label = os.path.relpath(path, RECORDED).replace(os.sep, "/")
            recordings.append((label, name, document))
    return recordings


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def build(input_dirs):
    candidates = {"character": {}, "comic": {}}  # id -> list of candidate dicts
    seen = {}  # label -> {"character": n, "comic": n}
    attributions = []  # (year, label, text)
    recorded_lists = {}  # character id -> [comic ids] from /characters/{id}/comics

    for label, name, document in load_recordings(input_dirs):
        is_vcr = "_vcr_" in name
        list_match = CHARACTER_COMICS_FILE.match(name)
        seen.setdefault(label, {"character": 0, "comic": 0})
        for body in response_bodies(document):
            year = copyright_year(body) or file_year(name)
            if isinstance(body.get("attributionText"), str):
                attributions.append((copyright_year(body), label, body["attributionText"]))
            data = body.get("data")
            results = data.get("results") if isinstance(data, dict) else None
            if not isinstance(results, list):
                continue
            for position, record in enumerate(results):
                kind = record_kind(record)
                if kind is None:
                    continue
                seen[label][kind] += 1
                fields = CHARACTER_FIELDS if kind == "character" else COMIC_FIELDS
                rank = (
                    modified_key(record.get("modified")),
                    1 if fields <= set(record) else 0,
                    year,
                    len(record),
                    len(compact(record)),
                    1 if is_vcr else 0,
                )
                candidates[kind].setdefault(record["id"], []).append(
                    {"rank": rank, "file": label, "position": position, "record": record}
                )
                if kind == "comic" and list_match:
                    ids = recorded_lists.setdefault(int(list_match.group(1)), [])
                    if record["id"] not in ids:
                        ids.append(record["id"])

    def pick(versions):
        # Highest rank wins; among equals, the first file path / position wins.
        return min(versions, key=lambda v: (tuple(-x for x in v["rank"]), v["file"], v["position"]))

    chosen = {kind: {rid: pick(v) for rid, v in by_id.items()} for kind, by_id in candidates.items()}

    characters = sorted(
        (v["record"] for v in chosen["character"].values()),
        key=lambda r: (name_key(r), r["id"]),
    )
    comics = sorted((v["record"] for v in chosen["comic"].values()), key=lambda r: r["id"])
    character_ids = {r["id"] for r in characters}

    links = {cid: list(ids) for cid, ids in recorded_lists.items() if cid in character_ids}
    for comic in comics:
        items = ((comic.get("characters") or {}).get("items")) or []
        for item in items:
            m = CHARACTER_URI.search(str((item or {}).get("resourceURI") or ""))
            if not m:
                continue
            cid = int(m.group(1))
            if cid in links and comic["id"] not in links[cid]:
                links[cid].append(comic["id"])
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
    duplicates = {"character": 0, "comic": 0}
    for kind, by_id in chosen.items():
        for rid, version in by_id.items():
            kept.setdefault(version["file"], {"character": 0, "comic": 0})[kind] += 1
            if len(candidates[kind][rid]) > 1:
                duplicates[kind] += 1
    stats = {
        "seen": seen,
        "kept": kept,
        "duplicates": duplicates,
        "lists": {cid: len(recorded_lists.get(cid, [])) for cid in links},
    }
    return dataset, stats


def name_key(record):
    """What search compares: the name, lowercased (Python's and Swift's lowercasing agree on
    every name in the data; a test checks it)."""
    return (record.get("name") or "").lower()


def u64(*values):
    return struct.pack("<%dQ" % len(values), *values)


def write_blob_and_index(dataset):
    """The dataset as JSON with one record a line, and the index of where each record sits."""
    blob = bytearray()
    blob += b'{"attributionText":'
    attribution = (len(blob), len(compact(dataset["attributionText"]).encode("utf-8")))
    blob += compact(dataset["attributionText"]).encode("utf-8")
    blob += b',\n"characters":['
    character_spans = []
    for n, record in enumerate(dataset["characters"]):
        blob += b"\n" if n == 0 else b",\n"
        text = compact(record).encode("utf-8")
        character_spans.append((len(blob), len(text)))
        blob += text
    blob += b'\n],\n"comics":['
    comic_spans = []
    for n, record in enumerate(dataset["comics"]):
        blob += b"\n" if n == 0 else b",\n"
        text = compact(record).encode("utf-8")
        comic_spans.append((record["id"], len(blob), len(text)))
        blob += text
    blob += b'\n],\n"characterComics":{'
    list_spans = {}
    for n, (cid, ids) in enumerate(dataset["characterComics"].items()):
        blob += b"\n" if n == 0 else b",\n"
        blob += compact(cid).encode("utf-8") + b":"
        text = compact(ids).encode("utf-8")
        list_spans[int(cid)] = (len(blob), len(text))
        blob += text
    blob += b"\n}}\n"

    strings = bytearray()

    def string(text):
        data = text.encode("utf-8")
        strings.extend(data)
        return len(strings) - len(data), len(data)

    header_size = 8 + 8 * 10
    characters = dataset["characters"]
    character_table = bytearray()
    for record, span in zip(characters, character_spans):
        key = string(name_key(record))
        modified = record.get("modified")
        modified = string(modified if isinstance(modified, str) else "")
        listed = list_spans.get(record["id"], (0, 0))
        character_table += u64(span[0], span[1], key[0], key[1], modified[0], modified[1], listed[0], listed[1])
    id_table = bytearray()
    for ordinal, record in sorted(enumerate(characters), key=lambda pair: pair[1]["id"]):
        id_table += u64(record["id"], ordinal)
    comic_table = bytearray()
    for span in comic_spans:
        comic_table += u64(*span)

    character_at = header_size
    id_at = character_at + len(character_table)
    comic_at = id_at + len(id_table)
    strings_at = comic_at + len(comic_table)
    # Key offsets are from the start of the index.
    fixed = bytearray()
    for n in range(len(characters)):
        entry = list(struct.unpack_from("<8Q", character_table, n * 64))
        entry[2] += strings_at
        entry[4] += strings_at
        fixed += u64(*entry)
    index = (
        INDEX_MAGIC
        + u64(len(blob), attribution[0], attribution[1], len(characters), character_at, id_at,
              len(dataset["comics"]), comic_at, strings_at, 0)
        + bytes(fixed) + bytes(id_table) + bytes(comic_table) + bytes(strings)
    )
    assert len(INDEX_MAGIC + u64(*([0] * 10))) == header_size
    return bytes(blob), index


def readme_origins():
    origins = {}
    row = re.compile(r"^\|\s*((?:more/)?marvel/\S+)\s*\|\s*(.*?)\s*\|")
    for readme, prefix in zip(READMES, ["", "more/"]):
        if not os.path.exists(readme):
            continue
        with open(readme, encoding="utf-8") as fh:
            for line in fh:
                m = row.match(line)
                if m:
                    origins[prefix + m.group(1)] = m.group(2)
    return origins


def provenance(dataset, stats, blob_size, index_size):
    origins = readme_origins()
    characters = dataset["characters"]
    names = {r["id"]: r.get("name") for r in characters}
    lists = []
    for cid, ids in dataset["characterComics"].items():
        lists.append("%s `%s`: %d (%d from its recorded `/characters/%s/comics` responses)" % (
            names.get(int(cid), "?"), cid, len(ids), stats["lists"][int(cid)], cid))
    lines = [
        "# Marvel sample dataset: provenance",
        "",
        "Generated by `build_sample.py` beside this file; do not edit by hand.",
        "",
        "`marvel-sample.json` is the Marvel plugin's bundled offline dataset: every distinct character and "
        "comic record found in real Marvel Comics API responses that public projects recorded for their own "
        "tests (collected in `Tests/Fixtures/Recorded/marvel/` and `Tests/Fixtures/Recorded/more/marvel/`, "
        "provenance in the README.md of each). Marvel shut its public API down in 2025 (developer.marvel.com "
        "redirects to marvel.com and keys can no longer be obtained), so these recordings are the only Marvel "
        "API responses anyone can still get. `marvel-sample.index` says where each record sits in it, so the "
        "plugin parses only the records a page shows. The binary carries both files as bytes (`data.S`).",
        "",
        "Regenerate (from the repository root; standard-library Python 3, deterministic byte-for-byte output):",
        "",
        "```sh",
        "python3 Plugins/Marvel/Sample/build_sample.py",
        "```",
        "",
        "## Contents",
        "",
        "- `attributionText`: `%s` (newest copyright year among the recordings). Show it wherever the data "
        "is displayed." % dataset["attributionText"],
        "- `characters`: %d records (%d distinct ids across all recordings), ordered like the API's "
        "`orderBy=name` (lowercased name, then id). %d ids were recorded more than once."
        % (len(characters), len(characters), stats["duplicates"]["character"]),
        "- `comics`: %d records (%d distinct ids), ordered by id. %d ids were recorded more than once."
        % (len(dataset["comics"]), len(dataset["comics"]), stats["duplicates"]["comic"]),
        "- `characterComics`: the characters whose comic list was recorded: " + "; ".join(lists) + ". "
        "Each list is the recorded responses' comics in recorded order, then the other comics whose "
        "`characters.items` name the character, by id. For every other character, `character-comics` serves "
        "the comics named in the character's own record (the full record where the comic is in `comics`, "
        "else the record's own summary with `id` and `title` read from it) and says that the full list was "
        "not recorded.",
        "- Sizes: `marvel-sample.json` %d bytes, `marvel-sample.index` %d bytes." % (blob_size, index_size),
        "",
        "Records are verbatim as recorded: key order, HTML, HTML entities, mojibake, `\\r\\n`/`\\t`, empty and "
        "`null` descriptions are kept. No fields are merged across versions.",
        "",
        "## When two recordings hold the same id",
        "",
        "One version is kept, chosen by, in order: the newest `modified` (`-0001-11-30…` = unknown = oldest); "
        "then a record with every field the API always sends beats a copy a fixture author trimmed; then the "
        "newest recording year (the response's copyright year, else the year in the file name, for cached "
        "dumps that kept no copyright); then the fullest record (more fields, then longer JSON); then a "
        "recorded exchange (`*_vcr_*`, the server's own key order) over a body-only file; then the file path "
        "and the position in the file. The table below credits each kept record to the file it came from.",
        "",
        "## Recordings drawn from",
        "",
        "\"seen\" counts records of that type in the file; \"kept\" counts records of the final dataset whose "
        "chosen version came from that file (after de-duplication). Files under `more/` are the second batch.",
        "",
        "| recording | origin (repository `path` commit) | characters seen / kept | comics seen / kept |",
        "|---|---|---|---|",
    ]
    for label in sorted(stats["seen"]):
        s = stats["seen"][label]
        k = stats["kept"].get(label, {"character": 0, "comic": 0})
        origin = origins.get(label, "?").split(" | ")[0]
        lines.append("| `%s` | %s | %d / %d | %d / %d |" % (
            label, origin, s["character"], k["character"], s["comic"], k["comic"]))
    lines += [
        "",
        "Files with no records seen hold error bodies, stories or empty results: test data for the "
        "plugin's error handling, not sample content.",
        "",
        "## Things consumers must handle",
        "",
        "- Some characters (from `marvel/marvel_characters_list_2023_jeanespindola.json`) have only `id, name, "
        "description, modified, thumbnail, resourceURI`; some comics lack `characters, creators, stories, "
        "events`.",
        "- Descriptions: many are `\"\"` or `null`; some start with `\\r\\n` runs or `\\t`, contain `<br>`, "
        "`<ul><li>`, `&rsquo;`, and UTF-8-read-as-CP1252 mojibake (`â€™`).",
        "- `modified`: `-0001-11-30T00:00:00-0500` (unknown) and `1969-12-31T19:00:00-0500` (epoch "
        "placeholder) occur; comic `dates` include `2029-12-31` and `2099` placeholders.",
        "- `prices[].price` is sometimes an integer; `digitalId` `0` means none; several thumbnails are "
        "`image_not_available`.",
        "- `utm_source` in `urls` is masked with `x` in some recordings and a real public key elsewhere.",
        "",
    ]
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", action="append", help="a directory of Marvel recordings (repeatable; "
                        "default: Tests/Fixtures/Recorded/marvel and Tests/Fixtures/Recorded/more/marvel)")
    parser.add_argument("--output-dir", default=SCRIPT_DIR, help="where to write the dataset and its index")
    args = parser.parse_args(argv)

    dataset, stats = build(args.input or DEFAULT_INPUTS)
    blob, index = write_blob_and_index(dataset)
    output = os.path.abspath(args.output_dir)
    os.makedirs(output, exist_ok=True)
    with open(os.path.join(output, BLOB_NAME), "wb") as fh:
        fh.write(blob)
    with open(os.path.join(output, INDEX_NAME), "wb") as fh:
        fh.write(index)
    if output == os.path.abspath(SCRIPT_DIR):
        with open(os.path.join(output, "data.S"), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(sample_data.data_s("marvel", blob, index))
        with open(os.path.join(output, "PROVENANCE.md"), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(provenance(dataset, stats, len(blob), len(index)))
        first = {"attributionText": dataset["attributionText"], "characters": dataset["characters"][:20]}
        os.makedirs(os.path.dirname(FIRST_PAGE), exist_ok=True)
        with open(FIRST_PAGE, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps(first, ensure_ascii=False, indent=1) + "\n")

    print("wrote %s: %d characters, %d comics, %d recorded comic lists, %d + %d bytes" % (
        os.path.join(os.path.relpath(output, REPO_ROOT), BLOB_NAME), len(dataset["characters"]),
        len(dataset["comics"]), len(dataset["characterComics"]), len(blob), len(index)), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
