# Sourced by the scripts that need a Stripe to talk to (the e2e journeys, the demo):
# `start_localstripe PORT` runs localstripe, a stateful stand-in for Stripe's API that also
# serves a Stripe.js stand-in, on 127.0.0.1:PORT only (scripts/lib/localstripe_local.py),
# waits for it, and exports the FORECOURT_STRIPE_* settings the build and the API read.
# `stop_localstripe` stops exactly that server (by its PID); the caller's EXIT trap calls it.

stripe_pid=""
stripe_log=""

start_localstripe() {
  local port=$1
  local python="${VENV:-.venv}/bin/python"
  if ! "$python" -c 'import localstripe' 2>/dev/null; then
    echo "localstripe is missing from ${VENV:-.venv}; install it with: make venv" >&2
    exit 1
  fi
  stripe_log=$(mktemp)
  "$python" scripts/lib/localstripe_local.py "$port" >"$stripe_log" 2>&1 &
  stripe_pid=$!
  local base="http://127.0.0.1:$port"
  for _ in $(seq 1 100); do
    if curl -fsS -o /dev/null "$base/js.stripe.com/v3/" 2>/dev/null; then
      # Test keys only: localstripe accepts any, and real ones never belong in a script.
      export FORECOURT_STRIPE_SECRET_KEY=sk_test_forecourt_local
      export FORECOURT_STRIPE_WEBHOOK_SECRET=whsec_forecourt_local
      export FORECOURT_STRIPE_API_BASE="$base"
      export FORECOURT_STRIPE_JS_URL="$base/js.stripe.com/v3/"
      return 0
    fi
    if ! kill -0 "$stripe_pid" 2>/dev/null; then
      echo "localstripe exited:" >&2
      cat "$stripe_log" >&2
      exit 1
    fi
    sleep 0.1
  done
  echo "localstripe did not answer on $base within 10 s" >&2
  exit 1
}

stop_localstripe() {
  if [[ -n "$stripe_pid" ]]; then
    kill "$stripe_pid" 2>/dev/null || true
    wait "$stripe_pid" 2>/dev/null || true
    stripe_pid=""
  fi
  if [[ -n "$stripe_log" ]]; then rm -f "$stripe_log"; fi
}

# The cards localstripe answers as Stripe's test mode does.
print_test_cards() {
  cat <<'CARDS'
== Card deposits (jacaranda-toyota, moreton-motor-group) go to localstripe. Test cards,
   any future expiry (e.g. 12 / 34), any CVC and postcode:
     4242 4242 4242 4242  held
     4000 0000 0000 0341  declined
     4000 0025 0000 3155  asks for 3-D Secure (press "Complete authentication")
   The dealer's email, with the links that take or release the deposit, is in data/mail/.
CARDS
}
