#!/usr/bin/env bash
# End-to-end: build a small sample feed into a temp dir, serve it with forecourt-api on a
# free loopback port, run the browser journeys in system Chromium, then stop exactly the
# server this script started.
set -euo pipefail
cd "$(dirname "$0")/.."

tmp=$(mktemp -d)
api_pid=""
cleanup() {
  if [[ -n "$api_pid" ]]; then kill "$api_pid" 2>/dev/null || true; wait "$api_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

if [[ ! -x /usr/bin/chromium ]]; then
  echo "e2e: /usr/bin/chromium is missing; install it with: apt-get install -y chromium" >&2
  exit 1
fi

target/debug/forecourt sample-feed --cars 400 --seed 7 --dealers dealers --out "$tmp/feed/sample.jsonl"
target/debug/forecourt build --dealers dealers --feed "$tmp/feed/sample.jsonl" --out "$tmp/dist"
target/debug/forecourt postcodes --out "$tmp/dist/_data/postcodes.tsv"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
target/debug/forecourt-api --addr "127.0.0.1:$port" --dist "$tmp/dist" --data "$tmp/data" \
  --dealers dealers --dev-mode >"$tmp/api.log" 2>&1 &
api_pid=$!

for _ in $(seq 1 100); do
  if curl -fsS "http://127.0.0.1:$port/api/openapi.json" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$api_pid" 2>/dev/null; then echo "e2e: forecourt-api exited:" >&2; cat "$tmp/api.log" >&2; exit 1; fi
  sleep 0.1
done

# Every sample dealer, on its own host, as a shopper's browser sees it.
status=0
for config in dealers/*/dealer.toml; do
  slug=$(basename "$(dirname "$config")")
  echo "== e2e: http://$slug.localhost:$port"
  BASE_URL="http://$slug.localhost:$port" node frontend/e2e/run.mjs || status=1
done
exit "$status"
