#!/usr/bin/env python3
"""A screenrun plugin (protocol 1) for screenbench's P7: it answers pages and records of the JSON
array in the file its first argument names, from memory, as fast as a plain Python plugin can.
Standard library only; stderr stays silent.
"""
import json
import sys

with open(sys.argv[1], encoding="utf-8") as data:
    records = json.load(data)
by_id = {str(record["id"]): record for record in records}
write = sys.stdout.write
flush = sys.stdout.flush
encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def send(message):
    write(encode(message) + "\n")
    flush()


send({"type": "hello", "protocol": 1})
for line in sys.stdin:
    request = json.loads(line)
    kind = request.get("type")
    if kind == "page":
        start = int(request.get("cursor") or 0)
        end = start + request["pageSize"]
        send({"type": "page", "id": request["id"], "records": records[start:end], "total": len(records),
              "next": str(end) if end < len(records) else None})
    elif kind == "record":
        record = by_id.get(request["params"].get("id", ""))
        if record is None:
            send({"type": "error", "id": request["id"], "kind": "not found", "message": "no such record"})
        else:
            send({"type": "record", "id": request["id"], "record": record})
