#!/usr/bin/env python3
"""A screenrun test plugin (protocol 1) that misbehaves as its first argument says.

good: answers every request; escapes: records full of terminal escapes and wide text;
crash: exits mid-request; close: closes stdout and stays; badjson: a line that is not JSON;
huge: a line over the size limit; unknown: answers an id never sent; duplicate: answers twice;
silent: never answers; shuffle: answers out of order after random delays; slow: answers each
request 0.3 s late, cancelled ones too (ignores cancel); flood: floods stderr, then answers; child:
starts a child that would outlive it, then never answers; badhello: a hello of another protocol
version; badshape: pages whose "records" is not an array and "next" not a string; noexit: serves
well but does not exit when its stdin is closed; echo: each record says in "asked" which members
its request named (or "whole records"), and carries an "extra" member besides (it ignores the
hint); drops: honours "members" wrongly, leaving out the last member named; latehello: says hello
1.5 s after its start, then serves well; stopread: answers the first page with a 1 MB "next"
cursor, then stops reading its stdin (and answers nothing more); traceback: raises a Python
exception at its first request; echoenv: echoes $TEST_TOKEN (and $GITHUB_TOKEN and
$MARVEL_PRIVATE_KEY, when it is given them) in its records, its log (with bidirectional controls)
and, for a record, an error; needs: serves pages, and a record only for the
id "wanted" (any other is "not found"); loop: pages whose "next" is always the second page's
cursor, so paging goes round; endless: pages for ever, each record carrying 1,000 bytes of text;
firstagain: its first page's "next" names the first page again (a cursor that holds escapes), and
every page is the first.

A mode may carry flags after a "+": linger (does not exit when its stdin closes, and ignores
SIGTERM), setsid (starts a grandchild that calls setsid, leaving the process group, and sleeps).
A second argument is a tag that only shows in the command lines (the grandchild's too), for
tests that look for these processes.
"""
import json
import os
import signal
import sys
import time

mode, *flags = (sys.argv[1] if len(sys.argv) > 1 else "good").split("+")
tag = sys.argv[2:]

if "linger" in flags:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
if "setsid" in flags:
    import subprocess

    # Out of the plugin's process group and session: killing the group does not reach it.
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"] + tag, start_new_session=True,
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

# Only the modes that need them import random, subprocess and threading: they are most of the
# start of a plugin that screen tests start again and again.
if mode == "shuffle":
    import random
    import threading

    lock = threading.Lock()
else:

    class NoLock:
        """One thread writes: nothing to lock."""

        def __enter__(self):
            return self

        def __exit__(self, *details):
            return False

    lock = NoLock()


def echoed():
    """echoenv: the values it echoes, of the variables it was given."""
    names = ("TEST_TOKEN", "GITHUB_TOKEN", "MARVEL_PRIVATE_KEY")
    return " ".join(os.environ[name] for name in names if name in os.environ)


def send(message):
    with lock:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()


def shuffled(message):
    """shuffle: each request answered on a thread of its own after a random delay (out of order)."""
    time.sleep(random.uniform(0, 0.2))
    answer = page(message) if message["type"] == "page" else one(message)
    answer["id"] = message["id"]
    send(answer)


def one(request):
    if mode == "needs" and request["params"].get("id") != "wanted":
        return {"type": "error", "kind": "not found", "message": "no item " + str(request["params"].get("id"))}
    if mode == "echoenv":
        return {"type": "error", "kind": "unavailable", "message": "token " + echoed() + " refused"}
    if request["params"].get("id") == "missing":
        return {"type": "error", "kind": "not found", "message": "no record 'missing'"}
    return {"type": "record", "record": {"id": request["params"].get("id"), "name": "one record"}}


def page(request):
    cursor = request.get("cursor") or "0"
    cursor = int(cursor) if cursor.isdigit() else 20
    size = request["pageSize"]
    records = []
    if mode == "firstagain":
        cursor = 0
    last = cursor + size if mode == "endless" else min(cursor + size, 45)
    for number in range(cursor, last):
        name = f"record {number}"
        if mode == "escapes":
            name = f"\x1b[2J\x1b]0;pwned\x07evil {number} \u202e界\u0007"
        if mode == "echoenv":
            name = f"record {number} for {echoed()}"
        record = {"id": number, "name": name, "query": "" if mode == "stopread" else request["params"].get("q", ""), "pid": os.getpid()}
        members = request.get("members")
        if mode == "echo":
            record["asked"] = ",".join(members) if isinstance(members, list) else "whole records"
            record["extra"] = "not asked for"
        if mode == "drops" and isinstance(members, list):
            record = {key: value for key, value in record.items() if key in members[:-1]}
        if mode == "endless":
            record["text"] = "x" * 1000
        records.append(record)
    following = cursor + size
    if mode == "stopread":
        return {"type": "page", "records": records, "next": "c" * (1 << 20)}
    if mode == "endless":
        return {"type": "page", "records": records, "next": str(following)}
    if mode == "firstagain":
        return {"type": "page", "records": records, "next": "\x1b]0;pwned\x07page 1"}
    if mode == "loop":
        # Every page's next is the second page: paging that goes round.
        return {"type": "page", "records": records, "next": "20"}
    return {"type": "page", "records": records, "total": 45, "next": str(following) if following < 45 else None,
            "attribution": "test plugin " + mode, "status": {"cached": False}}


if mode == "latehello":
    time.sleep(1.5)
send({"type": "hello", "protocol": 2 if mode == "badhello" else 1})
if mode == "escapes":
    sys.stderr.write("a log line in \x1b[31mred\x1b]0;pwned\x07 with a bell\n")
    sys.stderr.flush()
if mode == "echoenv":
    sys.stderr.write("using token " + echoed() + " \u202eevil\u2066 \u200f\u061c done\n")
    sys.stderr.flush()
if mode == "flood":
    for _ in range(200):
        sys.stderr.write("noise " * 1000 + "\n")
    sys.stderr.write("the last line of the flood\n")
    sys.stderr.flush()

for line in sys.stdin:
    message = json.loads(line)
    kind = message.get("type")
    if kind in ("hello", "cancel"):
        continue
    number = message["id"]
    sys.stderr.write(f"request {number}: {kind}\n")
    sys.stderr.flush()
    if mode == "shuffle":
        threading.Thread(target=shuffled, args=(message,), daemon=True).start()
        continue
    if mode == "traceback":
        raise RuntimeError("the feed is gone")
    if mode == "crash":
        sys.stderr.write("about to crash\x1b[2J\n")
        sys.stderr.flush()
        os._exit(3)
    if mode == "close":
        sys.stdout.close()
        os.close(1)
        time.sleep(60)
    if mode == "badjson":
        sys.stdout.write("this is not JSON\n")
        sys.stdout.flush()
        continue
    if mode == "huge":
        sys.stdout.write('{"type": "page", "id": %d, "records": ["' % number + "x" * (17 << 20) + '"]}\n')
        sys.stdout.flush()
        continue
    if mode in ("silent",):
        continue
    if mode == "child":
        # A grandchild in the plugin's process group, carrying the test's tag in its command line.
        import subprocess

        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"] + sys.argv[2:])
        continue
    if mode == "slow":
        time.sleep(0.3)
    answer = page(message) if kind == "page" else one(message)
    if mode == "badshape" and kind == "page":
        answer["records"] = {"not": "an array"}
        answer["next"] = 5
    if mode == "unknown":
        number = number + 1000
    answer["id"] = number
    send(answer)
    if mode == "duplicate":
        send(answer)
    if mode == "stopread":
        time.sleep(60)
if mode == "noexit" or "linger" in flags:
    # Its stdin is closed, and it stays: it must be killed (its process group, after the grace period).
    time.sleep(60)
