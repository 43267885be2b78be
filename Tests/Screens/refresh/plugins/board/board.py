#!/usr/bin/env python3
"""A screenrun test plugin (protocol 1): a leaderboard that changes between requests.

The first page it is asked for ranks alpha, beta and gamma; at the second, beta has scored and
leads; from the third on, nothing changes. So a screen that refreshes it sees a record change
and move (its highlight must follow it), and then an unchanged answer.
"""
import json
import sys

BOARDS = [
    [("alpha", 30), ("beta", 20), ("gamma", 10)],
    [("beta", 40), ("alpha", 30), ("gamma", 10)],
]


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


send({"type": "hello", "protocol": 1})
asked = 0
for line in sys.stdin:
    message = json.loads(line)
    if message.get("type") != "page":
        continue
    board = BOARDS[min(asked, len(BOARDS) - 1)]
    asked += 1
    records = [{"id": name, "name": name, "score": score} for name, score in board]
    send({"type": "page", "id": message["id"], "records": records, "total": len(records)})
