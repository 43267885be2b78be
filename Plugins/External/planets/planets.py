"""The planets of the solar system: the external plugin of docs/plugins/external.md."""
import json
import sys

PLANETS = [
    {"name": "Mercury", "au": 0.39, "days": 88}, {"name": "Venus", "au": 0.72, "days": 225},
    {"name": "Earth", "au": 1.0, "days": 365}, {"name": "Mars", "au": 1.52, "days": 687},
    {"name": "Jupiter", "au": 5.2, "days": 4331}, {"name": "Saturn", "au": 9.58, "days": 10747},
    {"name": "Uranus", "au": 19.2, "days": 30589}, {"name": "Neptune", "au": 30.1, "days": 59800},
]


def answer(request):
    name = request["params"].get("name", "")
    if request["resource"] == "planets":
        found = [p for p in PLANETS if p["name"].lower().startswith(name.lower())]
        start = int(request["cursor"] or 0)
        end = start + request["pageSize"]
        return {"type": "page", "records": found[start:end], "total": len(found),
                "next": str(end) if end < len(found) else None}
    for planet in PLANETS:
        if planet["name"] == name:
            return {"type": "record", "record": planet}
    return {"type": "error", "kind": "not found", "message": f"no planet '{name}'", "parameter": "name"}


print(json.dumps({"type": "hello", "protocol": 1}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] in ("page", "record"):
        print(json.dumps({"id": request["id"], **answer(request)}), flush=True)
