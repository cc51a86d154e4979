#!/usr/bin/env bash
# End-to-end: build a small sample feed into a temp dir, serve it with forecourt-api on a
# free loopback port, run the browser journeys (@playwright/test, frontend/e2e/) in the
# system Chromium for every sample dealer, then stop exactly the servers this script started
# (the API, and localstripe, which stands in for Stripe for the dealers taking card deposits).
#   E2E_DEALERS="slug slug"  only those dealers (every journey on each)
#   E2E_ALL_DEALERS=1        the @two-dealers journeys on every dealer (frontend/playwright.config.mjs)
#   scripts/e2e.sh --grep 'search:'   any further arguments go to `playwright test`
#   E2E_OUT                  output folder (default target/e2e): report/ (the HTML report,
#                            kept after the run), results/ (traces and screenshots of
#                            failures), screenshots/ (home, search, vehicle per dealer)
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/local-api.sh
source scripts/lib/localstripe.sh
trap 'stop_localstripe; cleanup' EXIT

if [[ ! -x /usr/bin/chromium ]]; then
  echo "e2e: /usr/bin/chromium is missing; install it with: apt-get install -y chromium" >&2
  exit 1
fi
if ! command -v java >/dev/null; then
  echo "e2e: java is missing (the HTML checker, vnu-jar, runs on it); install it with: apt-get install -y default-jre-headless" >&2
  exit 1
fi

# Card deposits (the dealers that take them) go to localstripe on a loopback port: the
# build puts its Stripe.js URL in the reserve pages and the API talks to its API.
start_localstripe "$(free_port)"

# Photographs: the vehicle hero journey checks that the image service serves one. A
# photo's bytes depend on its name alone and one already there is kept, so the feed and
# its photos live in target/e2e-feed and only the first run renders them. Eight shots per
# shape and colour (`--photo-shots`), the fewest a car shows, render a third of the full pool.
feed="${E2E_FEED_DIR:-target/e2e-feed}/sample.jsonl"
target/debug/forecourt-sample-feed --cars 400 --seed 7 --photo-shots 8 --dealers dealers --out "$feed"
target/debug/forecourt build --dealers dealers --feed "$feed" --out "$tmp/dist"
target/debug/forecourt postcodes --out "$tmp/dist/_data/postcodes.tsv"
# The workers render each site's header and footer once: every built page must equal a
# whole-page render, or hydration would not match.
NODE_ENV=production node scripts/ssr-shared-check.mjs "$tmp/dist"
# Valid pages: the Nu Html Checker over a few pages of every page kind of every dealer.
node scripts/vnu-check.mjs "$tmp/dist" 3

# Every journey of every dealer comes from one loopback address: the limits are the API
# tests' to check, not the journeys'.
lifted_policy "$tmp/api.toml"
port=$(free_port)
start_api e2e "$port" --dist "$tmp/dist" --data "$tmp/data" --dealers dealers --dev-mode --config "$tmp/api.toml"

# Every sample dealer on its own host (a Playwright project each), as a shopper's
# browser sees it.
export E2E_OUT="${E2E_OUT:-$PWD/target/e2e}"
# The API's data folder: the card deposit journey reads the dealer's email in mail/.
export E2E_DATA="$tmp/data"
rm -rf "$E2E_OUT/screenshots"
echo "== e2e: http://<dealer>.localhost:$port, output in $E2E_OUT"
(cd frontend && E2E_PORT="$port" npx --no-install playwright test "$@")
