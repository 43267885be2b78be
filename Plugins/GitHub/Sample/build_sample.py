#!/usr/bin/env python3
"""Build the GitHub plugin's bundled offline dataset from recorded API responses.

Reads every ``*.json`` recording in Tests/Fixtures/Recorded/github and
Tests/Fixtures/Recorded/more/github (body-only files and ``*_vcr_*`` recorded
exchanges, see the README.md of each) and writes:

* Plugins/GitHub/Sample/github-sample.json  -- {"repositories": [...], "commits": {...},
  "commitRepositoryIds": {...}}, valid JSON with one repository, or one repository's
  commit list, a line
* Plugins/GitHub/Sample/github-sample.index -- where each of those sits in the JSON, so the
  plugin parses one repository's commits without reading the rest (format below)
* Plugins/GitHub/Sample/PROVENANCE.md        -- where every record came from

The binary carries the JSON and its index as bytes (``.incbin`` in data.S).

Run from the repository root (paths are resolved from this file's location, so
the working directory does not actually matter):

    python3 Plugins/GitHub/Sample/build_sample.py

Standard library only. Output is deterministic: the same inputs always give the
same bytes.

Rules
-----
* repositories: every distinct repository record (by ``id``) found anywhere in a
  successful (2xx) response body: search/repositories items, GET /repos/{o}/{r}
  and /repositories/{id} bodies (any with ``id``, ``full_name`` and ``owner``,
  so 2013's shape, which says ``watchers`` for stars, counts), and complete
  repository objects nested elsewhere (a dict with ``id``, ``full_name``,
  ``stargazers_count`` and ``owner``).  Partial repository
  stubs (e.g. ``items[].repository`` of search/code) are not taken.
  The record is kept exactly as sent, except that the search-only ``score`` is
  removed and, if present, appended as ``_score``.
  When an id occurs several times the newest version wins (greater
  ``updated_at``, then ``pushed_at``; on a full tie the first one met in file
  name / exchange order).  Fields of two versions are never merged.
  Sorted by id ascending.
* commits: keyed by ``OWNER/NAME`` as written in the request path
  ``/repos/OWNER/NAME/commits``; ``/repositories/<id>/commits`` requests are
  mapped to the full_name of the known repository with that id.  A body-only
  file (no request recorded) is keyed by the ``/repos/OWNER/NAME/commits/`` in
  its commits' own ``url``.  Distinct by
  ``sha`` (first recorded occurrence kept), sorted newest first by
  ``commit.committer.date``, then ``commit.author.date``, then recorded order.
* commitRepositoryIds: ``{"OWNER/NAME": id}`` for every commits key whose
  repository id the recording states: the ``/repositories/<id>/commits`` path,
  or a Link header naming ``/repositories/<id>/``, or else a repository record
  with that full_name.  A repository renamed between recordings keeps its id,
  so this is how the plugin finds commits recorded under an older or newer name.

Index format (github-sample.index), little-endian unsigned 64-bit integers:
* header: magic "SRGITHB2" (8 bytes), then blobLength, repositoryCount,
  repositoryTable, nameCount, nameTable, commitListCount, commitListTable, strings,
  commitTable, searchOffset, searchLength (offsets from the start of the index)
* repositoryTable (id order): id, recordOffset, recordLength (in the JSON)
* nameTable (lowercased full_name order, UTF-8 bytes): keyOffset, keyLength (in
  strings), repositoryOrdinal (the lowest id of that name)
* commitListTable (lowercased key order): keyOffset, keyLength (lowercased), nameOffset,
  nameLength (as written), listOffset, listLength (a JSON array in the JSON),
  repositoryId (0 when no recording says which repository it is)
* commitTable: for each commit list, in commitListTable order, firstCommit, commitCount;
  then for each commit of every list (list after list, each newest first), recordOffset,
  recordLength (in the JSON), so a page of commits is read without the rest of its list
* search (at searchOffset, searchLength bytes): a JSON array of every repository record, in
  repositoryTable order, with only the members search reads (SEARCHED, which is
  GitHubRepository.searched in the plugin), so a process's first search parses small records
"""

from __future__ import annotations

import argparse
import json
import re
import struct
import sys
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import unquote, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "SampleTools"))
sys.dont_write_bytecode = True  # no __pycache__ left in the plugins' folders
import sample_data  # noqa: E402  (the shipped plugins' shared build code)

SCRIPT = Path(__file__).resolve()
SAMPLE_DIR = SCRIPT.parent
REPO_ROOT = SCRIPT.parents[3]  # Plugins/GitHub/Sample/build_sample.py -> root
RECORDED = REPO_ROOT / "Tests" / "Fixtures" / "Recorded"
DEFAULT_INPUTS = [RECORDED / "github", RECORDED / "more" / "github"]
DEFAULT_OUTPUT = SAMPLE_DIR / "github-sample.json"
DEFAULT_PROVENANCE = SAMPLE_DIR / "PROVENANCE.md"
READMES = [(RECORDED / "README.md", ""), (RECORDED / "more" / "README.md", "more/")]
INDEX_MAGIC = b"SRGITHB2"
COMMIT_URL = re.compile(r"/repos/([^/]+)/([^/]+)/commits/[0-9a-fA-F]+$")
REPO_BODY = re.compile(r"^/(?:repos/[^/]+/[^/]+|repositories/\d+)/?$")

# The members of a repository record that search reads (GitHubRepository.searched): True for a
# member kept whole, a dict for the members kept of an object member.
SEARCHED = {
    key: True for key in (
        "id", "full_name", "_score", "name", "description", "topics", "language", "stargazers_count",
        "watchers_count", "forks_count", "forks", "size", "created_at", "pushed_at", "updated_at", "archived",
        "fork", "private", "mirror_url")
}
SEARCHED["owner"] = {"login": True}
SEARCHED["license"] = {"key": True, "spdx_id": True}
REPO_REQUIRED = ("id", "full_name", "stargazers_count", "owner")
COMMITS_BY_NAME = re.compile(r"/repos/([^/]+)/([^/]+)/commits/?$")
COMMITS_BY_ID = re.compile(r"/repositories/(\d+)/commits/?$")
LINK_REPO_ID = re.compile(r"/repositories/(\d+)/")
EPOCH = datetime(1, 1, 1, tzinfo=timezone.utc)


# --------------------------------------------------------------------------
# Reading recordings
# --------------------------------------------------------------------------

def rel(path: Path) -> str:
    try:
        return path.resolve().relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return path.as_posix()


def decode_body(body):
    """Bodies are normally parsed JSON; tolerate JSON-in-a-string and the
    VCR/Betamax ``{"string": "..."}`` wrapper."""
    if isinstance(body, dict) and set(body) <= {"string", "encoding", "base64_string"} and "string" in body:
        body = body["string"]
    if isinstance(body, (bytes, bytearray)):
        body = body.decode("utf-8")
    if isinstance(body, str):
        text = body.strip()
        if not text:
            return None
        return sample_data.json_or_none(text)
    return body


def status_code(status):
    """Status may be 200, "200", "200 OK" or {"code": 200, ...}."""
    if isinstance(status, dict):
        status = status.get("code", status.get("status"))
    if isinstance(status, bool):
        return None
    if isinstance(status, int):
        return status
    if isinstance(status, str):
        m = re.match(r"\s*(\d{3})", status)
        if m:
            return int(m.group(1))
    return None


def header(headers, name: str):
    """Case-insensitive header lookup over a dict (value str or list) or a
    list of [name, value] pairs."""
    name = name.lower()
    pairs = []
    if isinstance(headers, dict):
        pairs = list(headers.items())
    elif isinstance(headers, list):
        pairs = [tuple(p[:2]) for p in headers if isinstance(p, (list, tuple)) and len(p) >= 2]
    for key, value in pairs:
        if isinstance(key, str) and key.lower() == name:
            if isinstance(value, list):
                return ", ".join(str(v) for v in value)
            return str(value)
    return None


def exchanges_of(doc):
    for key in ("exchanges", "interactions", "http_interactions"):
        value = doc.get(key)
        if isinstance(value, list):
            return value
    return None


def responses(path: Path):
    """Yield dicts {index, method, url, status, body, link} for every response
    in one recording file."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(doc, dict):
        yield {"index": 0, "method": None, "url": None, "status": 200, "body": doc, "link": None}
        return
    exchanges = exchanges_of(doc)
    if exchanges is None:
        if "body" in doc:
            yield {"index": 0, "method": None, "url": None, "status": 200,
                   "body": decode_body(doc["body"]), "link": None}
        return
    for index, exchange in enumerate(exchanges):
        if not isinstance(exchange, dict):
            continue
        request = exchange.get("request") or {}
        response = exchange.get("response") or {}
        uri = request.get("url", request.get("uri"))
        yield {
            "index": index,
            "method": (request.get("method") or "GET").upper(),
            "url": uri,
            "status": status_code(response.get("status", response.get("status_code"))),
            "body": decode_body(response.get("body")),
            "link": header(response.get("headers"), "link"),
        }


def url_path(url):
    if not url:
        return ""
    return urlsplit(url).path


# --------------------------------------------------------------------------
# Extraction
# --------------------------------------------------------------------------

def parse_time(value):
    if not isinstance(value, str) or not value:
        return EPOCH
    text = value.strip()
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return EPOCH
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    return parsed


def is_repository(obj) -> bool:
    return (isinstance(obj, dict)
            and all(k in obj for k in REPO_REQUIRED)
            and isinstance(obj.get("id"), int)
            and isinstance(obj.get("full_name"), str)
            and isinstance(obj.get("owner"), dict))


def is_repository_body(obj) -> bool:
    """A GET /repos/{o}/{r} body: the repository itself, whatever its year's shape."""
    return (isinstance(obj, dict) and isinstance(obj.get("id"), int)
            and isinstance(obj.get("full_name"), str) and isinstance(obj.get("owner"), dict))


def commit_list_name(commits):
    """owner/name from the commits' own API URLs, when they all name one repository."""
    names = set()
    for commit in commits:
        m = COMMIT_URL.search(urlsplit(str(commit.get("url") or "")).path)
        if not m:
            return None
        names.add(unquote(m.group(1)) + "/" + unquote(m.group(2)))
    return names.pop() if len(names) == 1 else None


def find_repositories(node):
    """Every complete repository record in a body, depth first, in document
    order (a repository's own nested repositories, e.g. parent/source,
    follow it)."""
    if isinstance(node, dict):
        if is_repository(node):
            yield node
        for value in node.values():
            yield from find_repositories(value)
    elif isinstance(node, list):
        for value in node:
            yield from find_repositories(value)


def clean_repository(record: dict) -> dict:
    out = {k: v for k, v in record.items() if k != "score"}
    if "score" in record:
        out["_score"] = record["score"]
    return out


def repo_version_key(record: dict):
    return (parse_time(record.get("updated_at")), parse_time(record.get("pushed_at")))


def is_commit(obj) -> bool:
    return isinstance(obj, dict) and isinstance(obj.get("sha"), str) and isinstance(obj.get("commit"), dict)


def commit_sort_key(entry):
    commit = entry["record"].get("commit") or {}
    committer = (commit.get("committer") or {}).get("date")
    author = (commit.get("author") or {}).get("date")
    # newest first: negate timestamps; missing dates sort last
    c = parse_time(committer)
    a = parse_time(author)
    return (-c.timestamp() if c is not EPOCH else float("inf"),
            -a.timestamp() if a is not EPOCH else float("inf"),
            entry["order"])


def label(path: Path) -> str:
    """The file's path under Tests/Fixtures/Recorded, or its name."""
    try:
        return path.resolve().relative_to(RECORDED).as_posix()
    except ValueError:
        return path.name


def build(input_dirs):
    files = [p for d in input_dirs for p in sorted(d.glob("*.json")) if p.is_file()]
    if not files:
        raise SystemExit(f"no recordings found in {', '.join(str(d) for d in input_dirs)}")

    repo_best = {}          # id -> (version_key, order, file, record)
    repo_seen = {}          # file -> number of repository records met
    commit_requests = []    # (file, order, key_kind, key_value, commits, link)
    order = 0
    notes = []

    for path in files:
        name = label(path)
        repo_seen.setdefault(name, 0)
        for resp in responses(path):
            status = resp["status"]
            if status is None or not (200 <= status < 300):
                continue
            body = resp["body"]
            if body is None:
                continue
            req_path = url_path(resp["url"])
            m_name = COMMITS_BY_NAME.search(req_path)
            m_id = COMMITS_BY_ID.search(req_path)
            body_only_commits = (resp["url"] is None and isinstance(body, list) and body
                                 and all(is_commit(c) for c in body) and commit_list_name(body))
            if body_only_commits or ((m_name or m_id) and resp["method"] in (None, "GET") and isinstance(body, list)):
                commits = [c for c in body if is_commit(c)]
                if body_only_commits:
                    key = ("name", commit_list_name(body))
                elif m_name:
                    key = ("name", unquote(m_name.group(1)) + "/" + unquote(m_name.group(2)))
                else:
                    key = ("id", int(m_id.group(1)))
                commit_requests.append({"file": name, "order": order, "key": key,
                                        "commits": commits, "link": resp["link"],
                                        "url": resp["url"]})
                order += len(commits)
                continue
            found = list(find_repositories(body))
            if REPO_BODY.match(req_path) and is_repository_body(body) and not is_repository(body):
                found.insert(0, body)
            for record in found:
                repo_seen[name] += 1
                version = repo_version_key(record)
                current = repo_best.get(record["id"])
                if current is None or version > current[0]:
                    repo_best[record["id"]] = (version, order, name, record)
                order += 1

    repositories = [clean_repository(repo_best[i][3]) for i in sorted(repo_best)]
    repo_source = {i: repo_best[i][2] for i in repo_best}
    name_by_id = {r["id"]: r["full_name"] for r in repositories}

    commits_by_repo = {}    # key -> {sha: entry}
    commit_seen = {}
    repo_id_by_key = {}     # key -> repository id, as the recording states it
    for req in commit_requests:
        kind, value = req["key"]
        if kind == "name":
            key = value
        elif value in name_by_id:
            key = name_by_id[value]
            repo_id_by_key.setdefault(key, value)
        else:
            key = f"repositories/{value}"
            notes.append(f"`{req['file']}`: {req['url']} names repository id {value}, "
                         f"which is not in the dataset; its commits are keyed `{key}`.")
        bucket = commits_by_repo.setdefault(key, {})
        commit_seen[req["file"]] = commit_seen.get(req["file"], 0) + len(req["commits"])
        for offset, record in enumerate(req["commits"]):
            if record["sha"] not in bucket:
                bucket[record["sha"]] = {"record": record, "order": req["order"] + offset,
                                         "file": req["file"]}
        # A Link header naming /repositories/<id>/ tells which repository the
        # commits belong to even when the path uses another (older/newer) name.
        if kind == "name" and req["link"]:
            m = LINK_REPO_ID.search(req["link"])
            if m:
                rid = int(m.group(1))
                repo_id_by_key.setdefault(key, rid)
                known = name_by_id.get(rid)
                if known is None:
                    notes.append(f"`{key}` commits ({req['file']}): the Link header names repository "
                                 f"id {rid}, which has no repository record in the dataset.")
                elif known.lower() != key.lower():
                    notes.append(f"`{key}` commits ({req['file']}): the Link header names repository "
                                 f"id {rid}, which is in the dataset as `{known}`: the same repository "
                                 f"under another name (renamed or transferred between recordings). "
                                 f"No repository record has full_name `{key}`, so look commits up "
                                 f"by id as well as by name.")

    commits = {}
    commit_source = {}
    for key in sorted(commits_by_repo):
        entries = sorted(commits_by_repo[key].values(), key=commit_sort_key)
        commits[key] = [e["record"] for e in entries]
        for e in entries:
            commit_source[e["file"]] = commit_source.get(e["file"], 0) + 1

    id_by_name = {r["full_name"].lower(): r["id"] for r in repositories}
    for key in commits:
        if key not in repo_id_by_key and key.lower() in id_by_name:
            repo_id_by_key[key] = id_by_name[key.lower()]
    commit_repository_ids = {key: repo_id_by_key[key] for key in sorted(repo_id_by_key) if key in commits}

    data = {"repositories": repositories, "commits": commits, "commitRepositoryIds": commit_repository_ids}
    stats = {
        "files": [label(p) for p in files],
        "repo_seen": repo_seen,
        "repo_kept": {f: sum(1 for s in repo_source.values() if s == f) for f in repo_seen},
        "commit_seen": commit_seen,
        "commit_kept": commit_source,
        "notes": notes,
    }
    return data, stats


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------

def readme_origins():
    """path under Tests/Fixtures/Recorded -> (repository, path, commit) from the READMEs' tables."""
    origins = {}
    row = re.compile(r"^\|\s*(github/\S+?\.json)\s*\|\s*(\S+)\s+`([^`]*)`\s+([0-9a-fA-F]+)\s*\|")
    for readme, prefix in READMES:
        if not readme.is_file():
            continue
        for line in readme.read_text(encoding="utf-8").splitlines():
            m = row.match(line)
            if m:
                origins[prefix + m.group(1)] = (m.group(2), m.group(3), m.group(4))
    return origins


def source_origin(name: str):
    try:
        src = json.loads((RECORDED / name).read_text(encoding="utf-8")).get("_source") or {}
    except (OSError, ValueError, AttributeError):
        return None
    if src.get("repo"):
        return (src.get("repo"), src.get("path", ""), (src.get("commit") or "")[:10])
    return None


def md_escape(text: str) -> str:
    return text.replace("|", "\\|")


def provenance(data, stats, output: Path) -> str:
    origins = readme_origins()
    repos = data["repositories"]
    commits = data["commits"]
    n_commits = sum(len(v) for v in commits.values())
    lines = [
        "# GitHub sample dataset",
        "",
        f"`{rel(output)}` is the GitHub plugin's bundled offline dataset: real GitHub REST API "
        "responses that public projects recorded for their own tests (copied, with provenance, to "
        "`Tests/Fixtures/Recorded/github` and `Tests/Fixtures/Recorded/more/github`; see the README.md of each). "
        "Nothing in it was invented or edited. `github-sample.index` says where each repository and each "
        "repository's commit list sits in it, so the plugin parses one commit list without reading the rest; "
        "the binary carries both files as bytes (`data.S`).",
        "",
        "- `repositories`: every distinct repository record (by `id`) found in a successful response: "
        "search/repositories items, `GET /repos/{owner}/{repo}` bodies and complete repository objects "
        "nested elsewhere (must have `id`, `full_name`, `stargazers_count`, `owner`; the partial "
        "`repository` stubs inside search/code items are not taken). Each record is exactly as the server "
        "sent it, except that the search-only `score` is removed and kept as `_score` (last key) when present. "
        "When an id was recorded several times the newest version is kept (greater `updated_at`, then "
        "`pushed_at`); versions are never merged, so a record has `_score` only if the kept version came "
        "from a search. Sorted by `id` ascending; the plugin orders results itself.",
        "- `commits`: `{\"OWNER/NAME\": [commit, ...]}`, keyed by the name written in the request path "
        "`/repos/OWNER/NAME/commits` (`/repositories/<id>/commits` requests are mapped to the known "
        "repository's `full_name`). Distinct by `sha`, full records as sent, newest first by "
        "`commit.committer.date`, then `commit.author.date`, then recorded order.",
        "- `commitRepositoryIds`: `{\"OWNER/NAME\": id}`, the repository id each commits key belongs to, "
        "as the recording states it (a `/repositories/<id>/commits` path, a Link header naming "
        "`/repositories/<id>/`, or else the repository record of that `full_name`). A repository keeps its "
        "id when renamed or transferred, so the plugin finds commits recorded under another name by id.",
        "- Text is verbatim (UTF-8, `ensure_ascii=False`): CJK descriptions, a description with a leading "
        "space, `license: null`, empty `topics`, and records from 2014 that lack fields newer ones have.",
        "",
        "Regenerate (deterministic, same bytes every run; standard-library Python 3):",
        "",
        "```sh",
        "python3 Plugins/GitHub/Sample/build_sample.py",
        "```",
        "",
        "## Recordings",
        "",
        "Every recording in the input directory was scanned. \"seen\" counts records met in the file; "
        "\"kept\" counts those in the dataset after de-duplication (a repository recorded in several files "
        "is credited to the file whose newer version was kept).",
        "",
        "| file | from (repository, path, commit) | repositories seen | repositories kept | commits seen | commits kept |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for name in stats["files"]:
        origin = origins.get(name) or source_origin(name)
        origin_text = f"{origin[0]} `{md_escape(origin[1])}` {origin[2]}" if origin else "(unknown)"
        lines.append(
            f"| {name} | {origin_text} | {stats['repo_seen'].get(name, 0)} | "
            f"{stats['repo_kept'].get(name, 0)} | {stats['commit_seen'].get(name, 0)} | "
            f"{stats['commit_kept'].get(name, 0)} |")
    lines += [
        "",
        "Files with zeros hold error bodies, rate-limit data, search/code results or an empty search; "
        "they are test data for the plugin's error and paging handling, not sample content.",
        "",
        "## Counts",
        "",
        f"- repositories: {len(repos)}",
        f"- repositories with commits: {len(commits)}",
        f"- commits: {n_commits}",
        "",
        "| commits key | repository id (name in the dataset) | commits | newest | oldest |",
        "|---|---|---:|---|---|",
    ]
    name_by_id = {r["id"]: r["full_name"] for r in repos}
    for key, items in commits.items():
        newest = ((items[0].get("commit") or {}).get("committer") or {}).get("date", "") if items else ""
        oldest = ((items[-1].get("commit") or {}).get("committer") or {}).get("date", "") if items else ""
        rid = data["commitRepositoryIds"].get(key)
        owner = "unknown" if rid is None else f"{rid} ({name_by_id.get(rid, 'no record')})"
        lines.append(f"| {key} | {owner} | {len(items)} | {newest} | {oldest} |")
    if stats["notes"]:
        lines += ["", "## Notes", ""]
        lines += [f"- {n}" for n in dict.fromkeys(stats["notes"])]
    lines.append("")
    return "\n".join(lines)


def compact(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def u64(*values) -> bytes:
    return struct.pack("<%dQ" % len(values), *values)


def searched(value, members=SEARCHED):
    """What of a record the members read: objects keep their order; a value that is not an object
    under a member of members is kept whole."""
    if not isinstance(value, dict):
        return value
    return {key: item if members[key] is True else searched(item, members[key])
            for key, item in value.items() if key in members}


def blob_and_index(data):
    """The dataset as JSON with one repository, or one commit list, a line, and the index of
    where each sits."""
    blob = bytearray(b'{"repositories":[')
    repo_spans = []
    for n, record in enumerate(data["repositories"]):
        blob += b"\n" if n == 0 else b",\n"
        text = compact(record)
        repo_spans.append((record["id"], len(blob), len(text)))
        blob += text
    blob += b'\n],\n"commits":{'
    list_spans = {}
    commit_spans = {}
    for n, (key, commits) in enumerate(data["commits"].items()):
        blob += b"\n" if n == 0 else b",\n"
        blob += compact(key) + b":"
        start = len(blob)
        spans = []
        blob += b"["
        for m, commit in enumerate(commits):
            blob += b"" if m == 0 else b","
            text = compact(commit)
            spans.append((len(blob), len(text)))
            blob += text
        blob += b"]"
        list_spans[key] = (start, len(blob) - start)
        commit_spans[key] = spans
    blob += b'\n},\n"commitRepositoryIds":' + compact(data["commitRepositoryIds"]) + b"}\n"

    strings = bytearray()

    def string(text):
        encoded = text.encode("utf-8")
        strings.extend(encoded)
        return len(strings) - len(encoded), len(encoded)

    repo_table = b"".join(u64(*span) for span in repo_spans)
    names = {}
    for ordinal, record in enumerate(data["repositories"]):
        names.setdefault(record["full_name"].lower().encode("utf-8"), ordinal)
    name_entries = [(string(key.decode("utf-8")), ordinal) for key, ordinal in sorted(names.items())]
    lowered = sorted(data["commits"], key=lambda key: key.lower().encode("utf-8"))
    if len({key.lower() for key in lowered}) != len(lowered):
        raise SystemExit("two commit lists differ only in case; merge them before indexing")
    commit_entries = [
        (string(key.lower()), string(key), list_spans[key], data["commitRepositoryIds"].get(key, 0))
        for key in lowered
    ]
    header_size = 8 + 8 * 11
    repo_at = header_size
    name_at = repo_at + len(repo_table)
    commit_at = name_at + 24 * len(name_entries)
    commits_at = commit_at + 56 * len(commit_entries)
    counts = [len(commit_spans[key]) for key in lowered]
    firsts = [sum(counts[:n]) for n in range(len(counts))]
    commits_table = (b"".join(u64(first, count) for first, count in zip(firsts, counts))
                     + b"".join(u64(*span) for key in lowered for span in commit_spans[key]))
    strings_at = commits_at + len(commits_table)
    search = compact([searched(record) for record in data["repositories"]])
    search_at = strings_at + len(strings)
    name_table = b"".join(u64(key[0] + strings_at, key[1], ordinal) for key, ordinal in name_entries)
    commit_table = b"".join(
        u64(key[0] + strings_at, key[1], name[0] + strings_at, name[1], span[0], span[1], rid)
        for key, name, span, rid in commit_entries)
    index = (INDEX_MAGIC
             + u64(len(blob), len(repo_spans), repo_at, len(name_entries), name_at, len(commit_entries),
                   commit_at, strings_at, commits_at, search_at, len(search))
             + repo_table + name_table + commit_table + commits_table + bytes(strings) + search)
    return bytes(blob), index


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", type=Path, action="append",
                        help="a directory of recordings (repeatable; default: "
                        + " and ".join(rel(d) for d in DEFAULT_INPUTS) + ")")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT,
                        help=f"dataset to write (default: {rel(DEFAULT_OUTPUT)})")
    parser.add_argument("--provenance", type=Path, default=DEFAULT_PROVENANCE,
                        help=f"provenance notes to write (default: {rel(DEFAULT_PROVENANCE)})")
    args = parser.parse_args(argv)

    data, stats = build(args.input or DEFAULT_INPUTS)
    blob, index = blob_and_index(data)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_bytes(blob)
    args.output.with_suffix(".index").write_bytes(index)
    if args.output.resolve() == DEFAULT_OUTPUT.resolve():
        (SAMPLE_DIR / "data.S").write_bytes(sample_data.data_s("github", blob, index).encode("utf-8"))
    args.provenance.write_bytes(provenance(data, stats, args.output).encode("utf-8"))

    n_commits = sum(len(v) for v in data["commits"].values())
    print(f"wrote {rel(args.output)}: {len(data['repositories'])} repositories, "
          f"{len(data['commits'])} repositories with commits, {n_commits} commits")
    for note in dict.fromkeys(stats["notes"]):
        print(f"note: {note}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
