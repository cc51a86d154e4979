# Sourced by the scripts that run the local API: a temp folder removed on exit, a free
# loopback port, and `start_api` which starts target/debug/forecourt-api there, waits for
# its OpenAPI document and leaves it to be stopped on exit by its PID (only that server).
# A script that starts the server itself sets `api_pid` so the same cleanup stops it.

tmp=$(mktemp -d)
api_pid=""
cleanup() {
  if [[ -n "$api_pid" ]]; then kill "$api_pid" 2>/dev/null || true; wait "$api_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# A port nothing listens on now.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# start_api NAME PORT ARGS...: the API (API_BIN, default the debug build) on
# 127.0.0.1:PORT with ARGS; its log is $tmp/api.log.
start_api() {
  local name=$1 port=$2
  shift 2
  "${API_BIN:-target/debug/forecourt-api}" --addr "127.0.0.1:$port" "$@" >"$tmp/api.log" 2>&1 &
  api_pid=$!
  for _ in $(seq 1 100); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$port/api/openapi.json" 2>/dev/null; then return 0; fi
    if ! kill -0 "$api_pid" 2>/dev/null; then echo "$name: forecourt-api exited:" >&2; cat "$tmp/api.log" >&2; exit 1; fi
    sleep 0.1
  done
  echo "$name: forecourt-api did not answer within 10 s" >&2
  exit 1
}

# lifted_policy FILE: an API config whose every rate limit is lifted (read from the Policy
# type itself, so a new limit is lifted too). For servers that take all their traffic from
# one loopback address: the journeys, the fuzzer and the bench, never a real deployment.
lifted_policy() {
  local limits
  limits=$(grep -oP 'pub \K\w+(?=: RateLimit,)' edge-api/src/policy.rs)
  {
    echo "[policy]"
    for limit in $limits; do
      echo "$limit = { max = 1000000000, window_secs = 60 }"
    done
  } >"$1"
}
