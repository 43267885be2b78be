#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora, Tests/Fuzz/Corpus/TARGET/, from real data: the recorded
answers in Tests/Fixtures/Recorded, the screens in Screens, and the README's examples.

Run from the package root: python3 Tests/Fuzz/seeds.py. Long arrays are cut to two records and
long strings to 400 characters, so each seed stays a few kilobytes: the fuzzer mutates small
inputs much faster, and the shape is what matters.
"""

import glob
import hashlib
import json
import os
import shutil

RECORDED = "Tests/Fixtures/Recorded"
CORPUS = "Tests/Fuzz/Corpus"


def trim(value, depth=0):
    if isinstance(value, list):
        return [trim(item, depth + 1) for item in value[:2]]
    if isinstance(value, dict):
        return {key: trim(item, depth + 1) for key, item in value.items() if not key.startswith("_")}
    if isinstance(value, str) and len(value) > 400:
        return value[:400]
    return value


def body_bytes(value):
    return json.dumps(trim(value), ensure_ascii=False, indent=1).encode()


def answer(status, headers, body):
    head = "".join(f"{name}: {value}\n" for name, value in headers)
    return f"{status}\n{head}\n".encode() + body


def pairs(headers):
    """Header fields as (name, value) pairs, from either recorded shape: pairs or a mapping."""
    items = headers.items() if isinstance(headers, dict) else headers
    result = []
    for name, value in items:
        for one in value if isinstance(value, list) else [value]:
            result.append((name, str(one)))
    return result


def exchanges(path):
    data = json.load(open(path))
    if isinstance(data, dict) and "exchanges" in data:
        for exchange in data["exchanges"]:
            response = exchange["response"]
            body = response.get("body")
            raw = body_bytes(body) if body is not None else response.get("body_raw", "").encode()
            yield exchange["request"].get("url", ""), response["status"], pairs(response.get("headers", [])), raw
    elif isinstance(data, dict) and "body" in data:
        yield "", 200, [], body_bytes(data["body"])
    elif isinstance(data, dict):
        code = data.get("code")
        status = code if isinstance(code, int) and code != 200 else 200 if "data" in data else 401
        if code == "ResourceNotFound":
            status = 404
        yield "", status, [], body_bytes(data)


def name(path, index):
    return os.path.basename(path).removesuffix(".json") + (f"-{index}" if index else "")


def write(target, file_name, data):
    os.makedirs(f"{CORPUS}/{target}", exist_ok=True)
    with open(f"{CORPUS}/{target}/{file_name}", "wb") as file:
        file.write(data)


def quoted_errors(plugin):
    quoted = json.load(open(f"{RECORDED}/error_bodies_quoted.json")).get(plugin, [])
    for index, entry in enumerate(quoted if isinstance(quoted, list) else list(quoted.values())):
        body = entry.get("body", entry) if isinstance(entry, dict) else entry
        status = entry.get("http_status", 400) if isinstance(entry, dict) else 400
        yield index, status, body_bytes(body)


def main():
    shutil.rmtree(CORPUS, ignore_errors=True)
    rate_headers = ("link", "retry-after", "x-ratelimit-", "etag")
    for plugin in ("marvel", "github"):
        for path in sorted(glob.glob(f"{RECORDED}/{plugin}/*.json")):
            for index, (url, status, headers, body) in enumerate(exchanges(path)):
                write(plugin, name(path, index), answer(status, headers, body))
                kept = [(n, v) for n, v in headers if n.lower().startswith(rate_headers)]
                if plugin == "github" and kept:
                    write("headers", name(path, index), "".join(f"{n}: {v}\n" for n, v in kept).encode())
                etag = next((v for n, v in headers if n.lower() == "etag"), None)
                if etag and status == 200:
                    accept = "application/vnd.github+json" if plugin == "github" else "application/json"
                    lines = ["screenrun-cache 1", f"key: GET {url}", f"accept: {accept}", f"etag: {etag}"]
                    lines += [f"header: {n}: {v}" for n, v in headers if n.lower() in ("link", "content-type")]
                    lines += [f"body-length: {len(body)}", f"body-md5: {hashlib.md5(body).hexdigest()}"]
                    write("cache", name(path, index), ("\n".join(lines) + "\n\n").encode() + body)
        for index, status, body in quoted_errors(plugin):
            write(plugin, f"quoted-error-{index}", answer(status, [], body))
    # The rate-limit answers the issue names, with numbers past every range.
    for index, (status, headers) in enumerate(
        [
            (403, [("Retry-After", "9223372036854775807")]),
            (403, [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "nan")]),
            (429, [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "1e308")]),
        ]
    ):
        write("github", f"rate-limit-{index}", answer(status, headers, b'{"message": "API rate limit exceeded"}'))
    marvel_page = b'{"code": 200, "data": {"offset": 100, "limit": 20, "total": 5, "count": 9223372036854775807, "results": []}}'
    write("marvel", "count-int-max", answer(200, [], marvel_page))

    templates = set()
    for path in sorted(glob.glob("Screens/*.json")):
        def strings(value):
            if isinstance(value, dict):
                for item in value.values():
                    yield from strings(item)
            elif isinstance(value, list):
                for item in value:
                    yield from strings(item)
            elif isinstance(value, str) and "{" in value:
                yield value
        templates.update(strings(json.load(open(path))))
    for index, template in enumerate(sorted(templates)):
        write("template", f"screen-{index}", template.encode())
    write("template", "with-record", b'{name|truncate:5} {a.0.b|default:"-"}\0{"name": "Iron Man", "a": [{"b": 1}]}')

    scripts = {
        "readme": "# find Iron Man, open him, come back\ntype iron man\nwait 600\nopen 1\nback\n",
        "pipe": "search github3\nopen 1\nopen 3\n",
        "all": "search iron\r\nnext\nreload\nwait 0\nopen 2\nback\n  # comment\n\nquit\n",
        "bad": "helo\nopen 99\nwait -1\n",
    }
    for key, text in scripts.items():
        write("script", key, text.encode())

    command_lines = {
        "once": ["Screens/characters.json", "--once", "--width", "60"],
        "script": ["Screens/repositories.json", "--script", "-", "--live", "--no-cache", "--param=repo=a/b"],
        "check": ["--check", "Screens/characters.json", "Screens/character.json"],
        "plugins": ["--plugins"],
        "bad": ["--widht=9", "--param", "=x", "live"],
    }
    for key, arguments in command_lines.items():
        write("arguments", key, "\0".join(arguments).encode())

    keys = {
        "typing": b"iron man\x7f\r",
        "arrows": b"\x1b[A\x1b[B\x1b[C\x1b[D\x1bOH\x1b[5~\x1b[6~\x1b[1~\x1b[4~",
        "control": b"\x12\x03\x1b\x1b[",
        "utf8": "é漢😀".encode() + b"\xf0\x9f",
    }
    for key, data in keys.items():
        write("key", key, data)

    texts = {
        "words": (60, "Wounded, captured and forced to build a weapon by his enemies, billionaire industrialist."),
        "cjk": (20, "東京タワー は 日本 の 電波塔 です。 React 中文 文档"),
        "marks": (7, "e\u0301e\u0301e\u0301 \u00ad\u0600\u0601 a\u200bb \U0001f1fa\U0001f1f8 \U0001f468\u200d\U0001f469"),
        "url": (30, "see http://i.annihil.us/u/prod/marvel/i/mg/9/c0/527bb7b37ff55/portrait_xlarge.jpg now"),
        "controls": (1, "\x1b[2J\ttab\r\nline\u202eevil\x07"),
    }
    for key, (width, text) in texts.items():
        write("width", key, bytes([width - 1]) + text.encode())


if __name__ == "__main__":
    main()
