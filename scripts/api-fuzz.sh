#!/usr/bin/env bash
# Property-based run of every endpoint in the API's own OpenAPI document (schemathesis,
# deterministic): no generated input may get a 5xx. The local API runs on a free
# loopback port over the sample dealers with the postcode file and a temp store, with the
# rate limits lifted so every request reaches its handler; only that server is stopped.
set -euo pipefail
cd "$(dirname "$0")/.."

tmp=$(mktemp -d)
api_pid=""
cleanup() {
  if [[ -n "$api_pid" ]]; then kill "$api_pid" 2>/dev/null || true; wait "$api_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

mkdir -p "$tmp/dist/_data"
target/debug/forecourt postcodes --out "$tmp/dist/_data/postcodes.tsv" >/dev/null
lifted='{ max = 1000000000, window_secs = 60 }'
{
  echo "[policy]"
  for limit in code_per_phone code_per_ip verify_per_ip leads_per_ip leads_per_phone events_per_ip quotes_per_ip; do
    echo "$limit = $lifted"
  done
} >"$tmp/api.toml"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
target/debug/forecourt-api --addr "127.0.0.1:$port" --dist "$tmp/dist" --data "$tmp/data" --dealers dealers \
  --dev-mode --config "$tmp/api.toml" >"$tmp/api.log" 2>&1 &
api_pid=$!
for _ in $(seq 1 100); do
  if curl -fsS -o /dev/null "http://127.0.0.1:$port/api/openapi.json" 2>/dev/null; then break; fi
  if ! kill -0 "$api_pid" 2>/dev/null; then echo "api-fuzz: forecourt-api exited:" >&2; cat "$tmp/api.log" >&2; exit 1; fi
  sleep 0.1
done

# Two dealers: one with quotes and price comparison on, one with them off.
status=0
for slug in moreton-motor-group wattle-nissan; do
  echo "== api-fuzz: $slug"
  (cd "$tmp" && "$OLDPWD/.venv/bin/schemathesis" run "http://127.0.0.1:$port/api/openapi.json" \
    --url "http://127.0.0.1:$port" -H "Host: $slug.localhost:$port" \
    --checks not_a_server_error --max-examples 60 --generation-deterministic) || status=1
done
if [[ "$status" -ne 0 ]]; then
  echo "api-fuzz: a generated request got a server error; the API log follows" >&2
  grep -E '"level":"ERROR"|ERROR' "$tmp/api.log" | tail -20 >&2 || true
fi
exit "$status"
