#!/usr/bin/env bash
# with-localstripe.sh PORT COMMAND...: runs COMMAND (the demo's API server) with
# localstripe on 127.0.0.1:PORT and the FORECOURT_STRIPE_* settings pointing at it, prints
# the test cards, and stops both when COMMAND ends or this script is interrupted.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/localstripe.sh
child=""
stop_all() {
  if [[ -n "$child" ]]; then kill "$child" 2>/dev/null || true; wait "$child" 2>/dev/null || true; fi
  stop_localstripe
}
trap stop_all EXIT
# A signal ends the wait below at once; the EXIT trap then stops what was started.
trap 'exit 130' INT TERM
port=$1
shift
start_localstripe "$port"
print_test_cards
"$@" &
child=$!
wait "$child"
