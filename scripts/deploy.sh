#!/usr/bin/env bash
# Publishes built dealer sites to an environment: uploads only changed files, deletes pages
# that left the site after the new pages are up, maps dealer domains to their site, and
# invalidates only the changed paths on CloudFront.
#
#   scripts/deploy.sh ENV [SLUG...]          deploy (needs the AWS CLI and credentials)
#   DRY_RUN=1 scripts/deploy.sh ENV [SLUG...] print the operations, change nothing
#
# The bucket, distribution, host map and policy map come from the stack outputs of
# `forecourt-ENV`, or from SITE_BUCKET, DISTRIBUTION_ID, DEALER_HOSTS_ARN and
# DEALER_POLICIES_ARN when set (a dry run without
# AWS access uses the stack's naming convention and the listing of the last deploy made
# from this checkout, dist/<slug>/.forecourt/published.json).
set -euo pipefail
cd "$(dirname "$0")/.."

env_name="${1:?usage: scripts/deploy.sh ENV [SLUG...]}"
shift
dist="${DIST:-dist}"
forecourt="${FORECOURT:-target/debug/forecourt}"
dry_run="${DRY_RUN:-0}"

stack_output() {
  aws cloudformation describe-stacks --stack-name "forecourt-$env_name" \
    --query "Stacks[0].Outputs[?OutputKey=='$1'].OutputValue" --output text
}

if [[ "$dry_run" != 1 ]] && ! command -v aws >/dev/null; then
  echo "deploy: the AWS CLI is needed (https://aws.amazon.com/cli/); use DRY_RUN=1 to only print the plan" >&2
  exit 1
fi
if [[ "$dry_run" == 1 && -z "${SITE_BUCKET:-}" ]] && ! command -v aws >/dev/null; then
  SITE_BUCKET="forecourt-sites-$env_name-ACCOUNT_ID"
  DISTRIBUTION_ID="${DISTRIBUTION_ID:-DISTRIBUTION_ID}"
  DEALER_HOSTS_ARN="${DEALER_HOSTS_ARN:-DEALER_HOSTS_ARN}"
fi
bucket="${SITE_BUCKET:-$(stack_output SiteBucketName)}"
distribution="${DISTRIBUTION_ID:-$(stack_output DistributionId)}"
hosts_arn="${DEALER_HOSTS_ARN:-$(stack_output DealerHostsArn)}"
# A dry run prints kvs_put_csp lines without running them, so it needs no policy map.
if [[ "$dry_run" == 1 ]]; then
  policies_arn="${DEALER_POLICIES_ARN:-DEALER_POLICIES_ARN}"
else
  policies_arn="${DEALER_POLICIES_ARN:-$(stack_output DealerPoliciesArn)}"
fi

slugs=("$@")
if ((${#slugs[@]} == 0)); then
  for d in "$dist"/*/; do
    d="${d%/}"; d="${d##*/}"
    [[ "$d" == _* || "$d" == .* ]] && continue
    slugs+=("$d")
  done
fi

# Sets one key of a CloudFront KeyValueStore (each write needs the store's ETag).
kvs_put_in() { # arn key value
  local etag
  etag=$(aws cloudfront-keyvaluestore describe-key-value-store --kvs-arn "$1" --query ETag --output text)
  aws cloudfront-keyvaluestore put-key --kvs-arn "$1" --key "$2" --value "$3" --if-match "$etag" >/dev/null
}
# A dealer host's site prefix (RouterFunction reads it).
kvs_put() { kvs_put_in "$hosts_arn" "$1" "$2"; }
# A dealer host's pages' Content-Security-Policy (SiteHeadersFunction sends it). The
# policy comes from the dealer's config and VITE_MAP_TILE_URL, which must be the value
# the frontend was built with.
kvs_put_csp() { kvs_put_in "$policies_arn" "$1" "$2"; }

publish_one() { # prefix site_dir [extra publish args...]
  local prefix="$1" site="$2"; shift 2
  local previous
  previous=$(mktemp)
  if [[ "$dry_run" == 1 ]]; then
    cp "$site/.forecourt/published.json" "$previous" 2>/dev/null || echo '{"files":{}}' >"$previous"
  else
    aws s3 cp "s3://$bucket/$prefix/.forecourt/published.json" "$previous" --only-show-errors 2>/dev/null \
      || echo '{"files":{}}' >"$previous"
  fi
  local plan
  plan=$("$forecourt" publish --site "$site" --prefix "$prefix" --bucket "$bucket" \
    --distribution "$distribution" --previous "$previous" "$@")
  rm -f "$previous"
  if [[ "$dry_run" == 1 ]]; then
    echo "# $prefix"
    printf '%s\n' "$plan"
    return
  fi
  eval "$plan"
  "$forecourt" publish --site "$site" --prefix "$prefix" --bucket "$bucket" --record >/dev/null
  aws s3 cp "$site/.forecourt/published.json" "s3://$bucket/$prefix/.forecourt/published.json" --only-show-errors
  if [[ -f "$site/.forecourt/manifest.json" ]]; then
    aws s3 cp "$site/.forecourt/manifest.json" "s3://$bucket/$prefix/.forecourt/manifest.json" --only-show-errors
  fi
}

if [[ -d "$dist/_media" ]]; then
  publish_one _media "$dist/_media"
fi
# CloudFront's error page (ResponsePagePath /_errors/404.html); publish writes it.
publish_one _errors "$dist/_errors"
for slug in "${slugs[@]}"; do
  publish_one "$slug" "$dist/$slug" --dealers "${DEALERS:-dealers}" --hosts-arn "$hosts_arn"
done
