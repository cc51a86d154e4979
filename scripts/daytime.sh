#!/usr/bin/env bash
# One dealer's daytime run: the nightly job's steps for one dealer, started on AWS by a
# feed landing in the feed bucket (an S3 event) or by the 15-minute schedule of pulled
# feeds (infra/template.yaml, DaytimeBuild). In order:
#   1. take the dealer's run lock (a conditional item in the table; a run that finds it
#      held waits for it, up to LOCK_WAIT_S, then fails saying which run holds it);
#   2. restore the last published site (the state archive the last run saved, else the
#      live site from the bucket), so the build is incremental;
#   3. fetch the feed (FEED_KEY in FEED_BUCKET, else FEED_URL?dealer=<slug>);
#   4. build the dealer (nothing is published when it fails: the live site, index and
#      stock state stay as they were);
#   5. push only the changed search documents (when MEILISEARCH_URL is set);
#   6. publish only the changed files and invalidate only their paths (scripts/deploy.sh,
#      which also publishes the dealer's stock state the API reads);
#   7. save the site as the next run's state, and release the lock.
#
#   DEALER=<slug> | FEED_KEY=feeds/<slug>.jsonl   which dealer (the key names it)
#   PULL_DEALERS="<slug> <slug>"                   or each of these, their feeds pulled
#   ENVIRONMENT, TABLE_NAME, FEED_BUCKET           from the CodeBuild project
set -euo pipefail
cd "$(dirname "$0")/.."

# The 15-minute schedule names every dealer whose feed is pulled: one run each, in turn
# (each takes its own lock).
if [[ -n "${PULL_DEALERS:-}" && -z "${DEALER:-}${FEED_KEY:-}" ]]; then
  failed=0
  for dealer in $PULL_DEALERS; do
    DEALER="$dealer" PULL_DEALERS="" "$0" || failed=1
  done
  exit "$failed"
fi

env_name="${ENVIRONMENT:?ENVIRONMENT is not set}"
table="${TABLE_NAME:?TABLE_NAME is not set}"
forecourt="${FORECOURT:-target/release/forecourt}"
slug="${DEALER:-}"
if [[ -z "$slug" && -n "${FEED_KEY:-}" ]]; then
  slug=$(basename "$FEED_KEY")
  slug="${slug%%.*}"
fi
if [[ ! "$slug" =~ ^[a-z0-9][a-z0-9-]*$ || ! -f "dealers/$slug/dealer.toml" ]]; then
  echo "daytime: no dealer named by DEALER or FEED_KEY (got \"$slug\"); feed keys are feeds/<dealer-slug>.jsonl" >&2
  exit 1
fi
run_id="${CODEBUILD_BUILD_ID:-local-$$}"

# 1. The dealer's run lock (scripts/run-lock.sh, shared with the nightly job).
TABLE_NAME="$table" scripts/run-lock.sh take "$slug" "$run_id"
trap 'TABLE_NAME="$table" scripts/run-lock.sh release "$slug" "$run_id"' EXIT

# 2. The last published site.
state="s3://$FEED_BUCKET/state/$slug.tar.gz"
mkdir -p dist feeds
if aws s3 cp "$state" - 2>/dev/null | tar -xz -C dist; then
  echo "daytime: $slug: restored the site of the last run"
else
  bucket=$(aws cloudformation describe-stacks --stack-name "forecourt-$env_name" \
    --query "Stacks[0].Outputs[?OutputKey=='SiteBucketName'].OutputValue" --output text)
  aws s3 sync "s3://$bucket/$slug/" "dist/$slug/" --only-show-errors || true
fi

# 3. The feed.
if [[ -n "${FEED_KEY:-}" ]]; then
  aws s3 cp "s3://$FEED_BUCKET/$FEED_KEY" feeds/feed.jsonl --only-show-errors
else
  curl --fail --silent --show-error --retry 3 --max-time 300 "${FEED_URL:?FEED_URL is not set}?dealer=$slug" -o feeds/feed.jsonl
fi

# 4-6. Build, index, publish: each step stops the run when it fails.
"$forecourt" build --dealer "$slug" --feed feeds/feed.jsonl --out dist
if [[ -n "${MEILISEARCH_URL:-}" ]]; then
  "$forecourt" index --dealer "$slug" --feed feeds/feed.jsonl --out dist
fi
FORECOURT="$forecourt" scripts/deploy.sh "$env_name" "$slug"

# 7. The next run's starting point.
tar -cz -C dist "$slug" | aws s3 cp - "$state" --only-show-errors
echo "daytime: $slug: published"
