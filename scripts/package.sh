#!/usr/bin/env bash
# Builds the Lambda deployment zip for the provided.al2023 runtime: a static (musl)
# `bootstrap` binary plus the dealer configuration it serves and the postcode file, at target/lambda/forecourt-api.zip.
set -euo pipefail
cd "$(dirname "$0")/.."

target=x86_64-unknown-linux-musl
if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  echo "package: adding the Rust target $target (once)"
  rustup target add "$target"
fi
cargo build --release --locked -p edge-api --bin bootstrap --target "$target"

out=target/lambda
rm -rf "$out/stage" && mkdir -p "$out/stage"
cp "target/$target/release/bootstrap" "$out/stage/bootstrap"
cp -r dealers "$out/stage/dealers"
# The postcode file of GET /api/postcodes, converted from the npm postcode package.
cargo run --quiet -p generator --bin forecourt -- postcodes --out "$out/stage/postcodes.tsv"
rm -f "$out/forecourt-api.zip"
(cd "$out/stage" && python3 -m zipfile -c ../forecourt-api.zip bootstrap dealers postcodes.tsv)
hash=$(sha256sum "$out/forecourt-api.zip" | cut -c1-16)
cp "$out/forecourt-api.zip" "$out/forecourt-api-$hash.zip"
echo "package: $out/forecourt-api-$hash.zip ($(du -h "$out/forecourt-api.zip" | cut -f1))"
echo "package: upload it and pass its key as LambdaCodeKey (see infra/README.md)"
