"""Feed write to live, for `make bench`: how long after a feed file is rewritten the
change shows on the car's page, in `/api/search` and in the stock state the reservation
check reads (`/api/stock/{id}`), with `forecourt watch` republishing beside the API.

usage: bench_feed_to_live.py --feed FEED --dist DIST --api http://127.0.0.1:PORT --share S
  --share 0 changes one car; otherwise every 1/S-th car of the published stock.
Prints one line: cars changed, then seconds to the page, search and stock state showing
the new price of every car sampled (the slowest of them), or "not seen" after the limit.
"""

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

LIMIT_S = 120.0
POLL_S = 0.1
SAMPLES = 6


def get(api, host, path):
    request = urllib.request.Request(api + path, headers={"Host": host})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, ""
    except (urllib.error.URLError, TimeoutError, ConnectionError):
        return 0, ""


def money(amount):
    return "${:,}".format(int(amount))


def published(dist, car):
    slug, page = car.get("dealership_slug"), car.get("slug")
    return bool(slug and page) and os.path.isfile(os.path.join(dist, slug, "cars", page, "index.html"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--feed", required=True)
    ap.add_argument("--dist", required=True)
    ap.add_argument("--api", required=True)
    ap.add_argument("--share", type=float, default=0.0)
    args = ap.parse_args()

    with open(args.feed, encoding="utf-8") as f:
        lines = f.read().splitlines()
    cars = [json.loads(l) if l.strip() else None for l in lines]
    candidates = [
        i
        for i, car in enumerate(cars)
        if car and car.get("price") and car.get("status", "in_stock") == "in_stock" and not car.get("sold")
        and published(args.dist, car)
    ]
    if not candidates:
        sys.exit("bench_feed_to_live: no published car with a price in the feed")
    if args.share > 0:
        every = max(1, round(1 / args.share))
        chosen = candidates[::every]
    else:
        chosen = candidates[:1]
    for i in chosen:
        # Cents off, so the new price is one no other car of the sample stock has.
        cars[i]["price"] = int(cars[i]["price"]) - 487
    step = max(1, len(chosen) // SAMPLES)
    sampled = [cars[i] for i in chosen[::step]][:SAMPLES]

    partial = args.feed + ".partial"
    with open(partial, "w", encoding="utf-8") as f:
        for line, car in zip(lines, cars):
            f.write((json.dumps(car, separators=(",", ":")) if car else line) + "\n")
    start = time.monotonic()
    os.replace(partial, args.feed)

    seen = {"page": {}, "search": {}, "stock": {}}
    while time.monotonic() - start < LIMIT_S and any(len(s) < len(sampled) for s in seen.values()):
        for car in sampled:
            host = car["dealership_slug"] + ".localhost"
            key = car["id"]
            if key not in seen["page"]:
                status, body = get(args.api, host, "/cars/" + car["slug"])
                if status == 200 and money(car["price"]) in body:
                    seen["page"][key] = time.monotonic() - start
            if key not in seen["search"]:
                query = urllib.parse.urlencode({"range[price]": "{0}:{0}".format(car["price"])})
                status, body = get(args.api, host, "/api/search?" + query)
                if status == 200:
                    hits = json.loads(body).get("hits", [])
                    if any(h.get("id") == key for h in hits):
                        seen["search"][key] = time.monotonic() - start
            if key not in seen["stock"]:
                status, body = get(args.api, host, "/api/stock/{}".format(key))
                if status == 200 and json.loads(body).get("price") == car["price"]:
                    seen["stock"][key] = time.monotonic() - start
        time.sleep(POLL_S)

    def slowest(name):
        times = seen[name]
        if len(times) < len(sampled):
            return "not seen in {:.0f} s".format(LIMIT_S)
        return "{:.2f} s".format(max(times.values()))

    print(
        "{:<6} cars changed ({} sampled): page {}, /api/search {}, stock state (reservation check) {}".format(
            len(chosen), len(sampled), slowest("page"), slowest("search"), slowest("stock")
        )
    )


if __name__ == "__main__":
    main()
