#!/usr/bin/env bash
# Lighthouse figures for `make bench`: serves DIST with the release forecourt-api on a
# free loopback port and runs Lighthouse (mobile, simulated throttling, system Chromium)
# on the home, search and a vehicle page of two dealers; prints the performance and
# accessibility scores, LCP, TBT, CLS, total and image KB transferred, of the median of
# LIGHTHOUSE_RUNS runs (3 unless set); LIGHTHOUSE_OUT keeps every report (run.mjs).
# Only the server this script started is stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/local-api.sh

dist=${DIST:?DIST is the built site to serve}
if [[ ! -d scripts/lighthouse/node_modules/lighthouse ]]; then
  npm ci --prefix scripts/lighthouse --no-audit --no-fund --silent
fi
port=$(free_port)
API_BIN=target/release/forecourt-api start_api lighthouse "$port" --dist "$dist" --data "$tmp/data" --dealers dealers

urls=()
for slug in ${LIGHTHOUSE_DEALERS:-jacaranda-toyota moreton-motor-group}; do
  [[ -d "$dist/$slug" ]] || continue
  # The first car page in name order (a glob, not a pipe: head would end find with SIGPIPE).
  pages=("$dist/$slug/cars"/*/index.html)
  car=""
  [[ -f "${pages[0]}" ]] && car=$(basename "$(dirname "${pages[0]}")")
  base="http://$slug.localhost:$port"
  urls+=("$base/" "$base/search/new-used-and-demo-cars")
  [[ -n "$car" ]] && urls+=("$base/cars/$car")
done
node scripts/lighthouse/warm.mjs "${urls[@]}"
CHROME_PATH=/usr/bin/chromium node scripts/lighthouse/run.mjs "${urls[@]}"
