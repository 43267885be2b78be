#!/usr/bin/env python3
"""A screenrun plugin (protocol 1) for screenbench's P7: it answers pages and records of the JSON
array in the file its first argument names, from memory, as fast as a plain Python plugin can.
A page request's "members" hint is honoured, as a good plugin does: each record keeps only the
members named. With "whole" as its second argument it ignores the hint and sends whole records
(what a plugin passing an API's records through does). Standard library only; stderr stays silent.
"""
import json
import sys

with open(sys.argv[1], encoding="utf-8") as data:
    records = json.load(data)
by_id = {str(record["id"]): record for record in records}
honours_members = sys.argv[2:3] != ["whole"]
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
        page = records[start:end]
        members = request.get("members")
        if honours_members and isinstance(members, list):
            page = [{name: record[name] for name in members if name in record} for record in page]
        send({"type": "page", "id": request["id"], "records": page, "total": len(records),
              "next": str(end) if end < len(records) else None})
    elif kind == "record":
        record = by_id.get(request["params"].get("id", ""))
        if record is None:
            send({"type": "error", "id": request["id"], "kind": "not found", "message": "no such record"})
        else:
            send({"type": "record", "id": request["id"], "record": record})
