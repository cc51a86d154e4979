"""Rewrites a JSON Lines feed with a share of the cars' prices changed (for `make bench`).

usage: bench_mutate.py FEED SHARE > NEW_FEED
Deterministic: every 1/SHARE-th car gets its price lowered by $500.
"""
import json
import sys

feed, share = sys.argv[1], float(sys.argv[2])
every = max(1, round(1 / share))
with open(feed, encoding="utf-8") as lines:
    for i, line in enumerate(lines):
        if i % every == 0 and line.strip():
            car = json.loads(line)
            if car.get("price"):
                car["price"] = max(0, car["price"] - 500)
            line = json.dumps(car, separators=(",", ":")) + "\n"
        sys.stdout.write(line)
