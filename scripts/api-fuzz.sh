#!/usr/bin/env bash
# Property-based run of every endpoint in the API's own OpenAPI document (schemathesis,
# deterministic): no generated input may get a 5xx. The local API runs on a free
# loopback port over the sample dealers with the postcode file and a temp store, with the
# rate limits lifted so every request reaches its handler; only that server is stopped.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/local-api.sh

mkdir -p "$tmp/dist/_data"
target/debug/forecourt postcodes --out "$tmp/dist/_data/postcodes.tsv" >/dev/null
lifted_policy "$tmp/api.toml"

# The API runs as in production, with a Stripe to talk to (localstripe on a loopback
# port) for the dealers that take card deposits.
source scripts/lib/localstripe.sh
trap 'stop_localstripe; cleanup' EXIT
start_localstripe "$(free_port)"

port=$(free_port)
start_api api-fuzz "$port" --dist "$tmp/dist" --data "$tmp/data" --dealers dealers --dev-mode --config "$tmp/api.toml"

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
