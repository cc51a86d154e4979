#!/usr/bin/env bash
# Edge API figures for `make bench`: starts the release forecourt-api on a free loopback
# port with a temp data dir, then prints requests/s and p50/p99 latency for a cached read
# (a dealer page from dist/), a lead submission, a delivery estimate, place suggestions
# and a price comparison, plus the release binary size and start-up time. Uses oha when available (PATH or .cache/bench-tools), else wrk, else
# installs oha into .cache/bench-tools with `cargo install --locked`.
# Only the server this script started is stopped (by its PID).
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${BENCH_DURATION:-10}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
TOOLS=.cache/bench-tools

# The temp folder, the cleanup that stops our server by its PID, and free_port. The
# server is started below rather than by start_api: the bench times the release binary's
# start-up itself.
source scripts/lib/local-api.sh

# ---------------------------------------------------------------- load generator
tool=""
if command -v oha >/dev/null 2>&1; then tool=oha; oha_bin=$(command -v oha)
elif [[ -x "$TOOLS/bin/oha" ]]; then tool=oha; oha_bin="$TOOLS/bin/oha"
elif command -v wrk >/dev/null 2>&1; then tool=wrk
else
  echo "bench: installing oha into $TOOLS (once)" >&2
  cargo install oha --locked --root "$TOOLS" >&2
  tool=oha; oha_bin="$TOOLS/bin/oha"
fi

# ---------------------------------------------------------------- server
cargo build --release -p edge-api --bin forecourt-api >&2
bin=target/release/forecourt-api

dealers=${DEALERS:-dealers}
slug=$(find "$dealers" -mindepth 2 -maxdepth 2 -name dealer.toml -printf '%h\n' | sort | head -n1 | xargs -r basename)
if [[ -z "$slug" ]]; then echo "bench: no dealer in $dealers/" >&2; exit 1; fi

dist=${DIST:-dist}
if [[ ! -f "$dist/$slug/index.html" ]]; then
  # No built site: a one-page site keeps the static read meaningful (a real file from disk).
  dist="$tmp/dist"
  mkdir -p "$dist/$slug"
  printf '<!doctype html><html><head><title>%s</title></head><body><h1>%s</h1></body></html>\n' "$slug" "$slug" >"$dist/$slug/index.html"
fi

# Delivery estimates need the postcode file; write one when dist/ has none.
postcodes="$dist/_data/postcodes.tsv"
if [[ ! -f "$postcodes" ]]; then
  cargo build --release -q -p generator --bin forecourt >&2
  postcodes="$tmp/postcodes.tsv"
  target/release/forecourt postcodes --out "$postcodes" >/dev/null
fi

# The bench submits thousands of leads and price comparisons from one address: lift the
# rate limits (else most answers it times would be 429s).
cat >"$tmp/api.toml" <<TOML
[policy]
leads_per_ip = { max = 100000000, window_secs = 60 }
leads_per_phone = { max = 100000000, window_secs = 60 }
autogauge_per_ip = { max = 100000000, window_secs = 60 }
places_per_ip = { max = 100000000, window_secs = 60 }
TOML

port=$(free_port)
base="http://127.0.0.1:$port"
host="$slug.localhost:$port"

start_ns=$(date +%s%N)
RUST_LOG=warn "$bin" --addr "127.0.0.1:$port" --dist "$dist" --data "$tmp/data" --dealers "$dealers" \
  --postcodes "$postcodes" --config "$tmp/api.toml" >"$tmp/api.log" 2>&1 &
api_pid=$!
until curl -fsS -o /dev/null -H "Host: $host" "$base/api/openapi.json" 2>/dev/null; do
  if ! kill -0 "$api_pid" 2>/dev/null; then echo "bench: forecourt-api exited:" >&2; cat "$tmp/api.log" >&2; exit 1; fi
  sleep 0.005
done
startup_ms=$(( ($(date +%s%N) - start_ns) / 1000000 ))

lead='{"name":"Bench","last_name":"Mark","email":"bench@example.com","phone":"0412345678","postcode":"4000","message":"Is it available?","category":"General Enquiry","car_id":1}'

# ---------------------------------------------------------------- runs
run_oha() { # name method path [body]
  local out
  if [[ $# -ge 4 ]]; then
    out=$("$oha_bin" --no-tui -z "${DURATION}s" -c "$CONNECTIONS" -m "$2" -H "Host: ${HOST_OVERRIDE:-$host}" -T application/json -d "$4" "$base$3")
  else
    out=$("$oha_bin" --no-tui -z "${DURATION}s" -c "$CONNECTIONS" -m "$2" -H "Host: ${HOST_OVERRIDE:-$host}" "$base$3")
  fi
  local rps p50 p99
  rps=$(awk '/Requests\/sec:/ {print $2; exit}' <<<"$out")
  # oha prints each latency with its unit (ns, µs, ms or secs).
  p50=$(awk 'function ms(v, u) { if (u ~ /^ns/) return v / 1e6; if (u ~ /^(µs|us)/) return v / 1e3; if (u ~ /^ms/) return v; return v * 1000 } / 50(\.00)?% in / {print ms($3, $4); exit}' <<<"$out")
  p99=$(awk 'function ms(v, u) { if (u ~ /^ns/) return v / 1e6; if (u ~ /^(µs|us)/) return v / 1e3; if (u ~ /^ms/) return v; return v * 1000 } / 99(\.00)?% in / {print ms($3, $4); exit}' <<<"$out")
  printf '%-28s %10.0f req/s   p50 %7.2f ms   p99 %7.2f ms\n' "$1" "$rps" "$p50" "$p99"
}

run_wrk() { # name method path [body]
  local script="$tmp/wrk.lua"
  {
    echo "wrk.method = \"$2\""
    echo "wrk.headers[\"Host\"] = \"${HOST_OVERRIDE:-$host}\""
    if [[ $# -ge 4 ]]; then
      echo "wrk.headers[\"Content-Type\"] = \"application/json\""
      printf 'wrk.body = [[%s]]\n' "$4"
    fi
  } >"$script"
  local out
  out=$(wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$script" "$base$3")
  local rps p50 p99
  rps=$(awk '/Requests\/sec:/ {print $2; exit}' <<<"$out")
  to_ms() { awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000; printf "%.2f", n }'; }
  p50=$(to_ms "$(awk '$1 == "50%" {print $2; exit}' <<<"$out")")
  p99=$(to_ms "$(awk '$1 == "99%" {print $2; exit}' <<<"$out")")
  non2xx=$(awk '/Non-2xx/ {print $NF; exit}' <<<"$out")
  printf '%-28s %10.0f req/s   p50 %7s ms   p99 %7s ms%s\n' "$1" "$rps" "$p50" "$p99" "${non2xx:+   (non-2xx: $non2xx)}"
}

echo "Edge API ($tool, ${DURATION}s, $CONNECTIONS connections, dealer $slug)"
"run_$tool" "cached read (GET /)" GET /
"run_$tool" "lead submission (POST)" POST /api/leads "$lead"
"run_$tool" "delivery estimate (GET)" GET "/api/delivery-estimate?postcode=4000"
# A shopper typing a suburb with a typo: the whole locality list is compared.
"run_$tool" "place suggestions (GET)" GET "/api/places?q=Sprignwood"

# The price comparison of a car of a dealer with the panel on, that has enough comparables.
ag_slug=${AUTOGAUGE_DEALER:-jacaranda-toyota}
ag_host="$ag_slug.localhost:$port"
ag_path=""
if [[ -f "$dist/_data/market.tsv" ]]; then
  for car in $(awk -F'\t' -v d="$ag_slug" '$1 == d {print $2}' "$dist/_data/market.tsv" | head -n 200); do
    if curl -fsS -o /dev/null -H "Host: $ag_host" "$base/cars/$car/autogauge" 2>/dev/null; then ag_path="/cars/$car/autogauge"; break; fi
  done
fi
if [[ -n "$ag_path" ]]; then
  HOST_OVERRIDE="$ag_host" "run_$tool" "price comparison (GET)" GET "$ag_path"
else
  echo "price comparison (GET)       skipped: no car of $ag_slug with enough comparables in $dist/_data/market.tsv"
fi
size=$(stat -c %s "$bin")
printf '%-28s %10.1f MiB\n' "release binary size" "$(awk -v b="$size" 'BEGIN { print b / 1048576 }')"
printf '%-28s %10d ms   (launch to first API answer)\n' "start-up time" "$startup_ms"
