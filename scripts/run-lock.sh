#!/usr/bin/env bash
# A dealer's run lock on AWS, shared by the nightly job and the daytime runs so two runs
# for one dealer never overlap: an item RUNLOCK/<slug> in the stack's table, put only when
# absent or expired (a run killed outright frees it after an hour).
#
#   scripts/run-lock.sh take SLUG RUN_ID      waits up to LOCK_WAIT_S (1800) for it, then
#                                             fails naming the run that holds it
#   scripts/run-lock.sh release SLUG RUN_ID   frees it if RUN_ID still holds it
#
# TABLE_NAME names the table (else the stack output TableName of forecourt-$ENVIRONMENT).
set -euo pipefail

action="${1:?usage: scripts/run-lock.sh take|release SLUG RUN_ID}"
slug="${2:?usage: scripts/run-lock.sh take|release SLUG RUN_ID}"
run_id="${3:?usage: scripts/run-lock.sh take|release SLUG RUN_ID}"
table="${TABLE_NAME:-$(aws cloudformation describe-stacks --stack-name "forecourt-${ENVIRONMENT:?ENVIRONMENT is not set}" \
  --query "Stacks[0].Outputs[?OutputKey=='TableName'].OutputValue" --output text)}"
key="{\"PK\":{\"S\":\"RUNLOCK\"},\"SK\":{\"S\":\"$slug\"}}"

case "$action" in
  take)
    wait_s="${LOCK_WAIT_S:-1800}"
    err=$(mktemp)
    trap 'rm -f "$err"' EXIT
    waited=0
    while true; do
      now=$(date +%s)
      if aws dynamodb put-item --table-name "$table" \
        --item "{\"PK\":{\"S\":\"RUNLOCK\"},\"SK\":{\"S\":\"$slug\"},\"run\":{\"S\":\"$run_id\"},\"expires_at\":{\"N\":\"$((now + 3600))\"}}" \
        --condition-expression "attribute_not_exists(PK) OR expires_at < :now" \
        --expression-attribute-values "{\":now\":{\"N\":\"$now\"}}" >/dev/null 2>"$err"; then
        echo "run lock: $slug taken by $run_id"
        exit 0
      fi
      if ! grep -q ConditionalCheckFailed "$err"; then
        echo "run lock: $slug: cannot take the lock in table $table: $(cat "$err")" >&2
        exit 1
      fi
      if ((waited >= wait_s)); then
        holder=$(aws dynamodb get-item --table-name "$table" --key "$key" --query 'Item.run.S' --output text 2>/dev/null || echo "an unknown run")
        echo "run lock: $slug: not started: run $holder still holds this dealer's lock (item RUNLOCK/$slug in $table) after ${wait_s}s" >&2
        exit 1
      fi
      echo "run lock: $slug is held by another run; waiting"
      sleep 20
      waited=$((waited + 20))
    done
    ;;
  release)
    aws dynamodb delete-item --table-name "$table" --key "$key" \
      --condition-expression "#r = :me" --expression-attribute-names '{"#r":"run"}' \
      --expression-attribute-values "{\":me\":{\"S\":\"$run_id\"}}" >/dev/null 2>&1 || true
    ;;
  *)
    echo "usage: scripts/run-lock.sh take|release SLUG RUN_ID" >&2
    exit 2
    ;;
esac
