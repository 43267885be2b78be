#!/usr/bin/env python3
"""screenrun plugin: the commits of a local git repository (protocol 1, see PLUGINS.md).

Reads one JSON request per line on stdin and writes one JSON answer per line on stdout.
stderr is the plugin's log. Standard library only.
"""
import json
import os
import subprocess
import sys

PROTOCOL = 1
FIELD = "\x1f"
RECORD = "\x1e"


def log(text):
    print(text, file=sys.stderr, flush=True)


def send(message):
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


class PluginError(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind
        self.message = message


def git(repo, *args):
    folder = repo if repo and repo.strip() else "."
    if not os.path.isdir(folder):
        raise PluginError("bad request", f"'{folder}' is not a folder")
    result = subprocess.run(
        ["git", "-C", folder, *args], capture_output=True, text=True, encoding="utf-8", errors="replace"
    )
    if result.returncode != 0:
        message = result.stderr.strip().splitlines()[-1] if result.stderr.strip() else "git failed"
        if "not a git repository" in message:
            raise PluginError("bad request", f"'{folder}' is not a git repository")
        if "unknown revision" in message or "bad revision" in message or "bad object" in message or "ambiguous argument" in message:
            raise PluginError("not found", message)
        raise PluginError("unavailable", message)
    return result.stdout


def all_commits(repo):
    text = git(repo, "log", "--format=%H%x1f%h%x1f%an%x1f%ae%x1f%aI%x1f%s%x1f%b%x1e")
    commits = []
    for chunk in text.split(RECORD):
        chunk = chunk.strip("\n")
        if not chunk:
            continue
        sha, short, author, email, date, subject, body = (chunk.split(FIELD) + [""] * 7)[:7]
        commits.append(
            {"sha": sha, "short": short, "author": author, "email": email, "date": date,
             "subject": subject, "body": body.strip()}
        )
    return commits


def page(request):
    params = request.get("params") or {}
    repo = params.get("repo")
    query = (params.get("query") or "").strip().lower()
    size = int(request.get("pageSize") or 30)
    cursor = request.get("cursor")
    try:
        start = int(cursor) if cursor else 0
    except ValueError:
        raise PluginError("bad request", f"'{cursor}' is not a cursor of this plugin")
    commits = all_commits(repo)
    if query:
        commits = [c for c in commits
                   if query in (c["subject"] + "\n" + c["body"]).lower()
                   or query in c["author"].lower() or query in c["email"].lower()]
    # "members", when given, names the members the screen reads: the others are left out.
    members = request.get("members")
    names = ("sha", "short", "author", "email", "date", "subject")
    if isinstance(members, list):
        names = [name for name in names if name in members]
    records = [{k: c[k] for k in names} for c in commits[start:start + size]]
    following = start + size
    return {"type": "page", "records": records, "total": len(commits),
            "next": str(following) if following < len(commits) else None,
            "attribution": "git log of " + os.path.abspath(repo or "."), "status": LOCAL}


# What the status line says of the data: the repository on disk, read live in either mode.
LOCAL = {"data": "local"}


def record(request):
    params = request.get("params") or {}
    repo = params.get("repo")
    sha = (params.get("sha") or "").strip()
    if sha.startswith("-"):
        raise PluginError("bad request", f"'{sha}' is not a commit hash")
    text = git(repo, "show", "-s", "--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%cn%x1f%ce%x1f%cI%x1f%P%x1f%B", sha, "--")
    sha_full, author, email, authored, committer, committer_email, committed, parents, message = (
        text.split(FIELD) + [""] * 9)[:9]
    stat = git(repo, "show", "--stat=200", "--format=", sha_full, "--")
    lines = [line for line in stat.splitlines() if line.strip()]
    files = []
    for line in lines[:-1]:
        path, _, change = line.partition("|")
        files.append({"path": path.strip(), "change": change.strip()})
    message = message.strip("\n")
    return {"type": "record", "record": {
        "sha": sha_full, "subject": message.splitlines()[0] if message else "", "message": message,
        "author": author, "email": email, "authored": authored,
        "committer": committer, "committerEmail": committer_email, "committed": committed,
        "parents": parents.split(), "files": files, "summary": lines[-1].strip() if lines else "no changes"},
        "attribution": "git show of " + os.path.abspath(repo or "."), "status": LOCAL}


def main():
    send({"type": "hello", "protocol": PROTOCOL, "plugin": "git"})
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError:
            log("a line that is not JSON: " + line[:200])
            continue
        kind = message.get("type")
        if kind == "hello":
            if message.get("protocol") != PROTOCOL:
                log(f"screenrun speaks protocol {message.get('protocol')}; this plugin speaks {PROTOCOL}")
                return 1
            continue
        if kind == "cancel":
            continue  # requests are answered in order, each before the next is read
        handler = {"page": page, "record": record}.get(kind)
        request_id = message.get("id")
        if handler is None:
            log(f"unknown request type {kind!r}")
            continue
        try:
            answer = handler(message)
        except PluginError as error:
            answer = {"type": "error", "kind": error.kind, "message": error.message}
        except Exception as error:  # a bug here must not end the plugin
            log(f"request {request_id} failed: {error!r}")
            answer = {"type": "error", "kind": "unavailable", "message": f"the git plugin failed: {error}"}
        answer["id"] = request_id
        send(answer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
