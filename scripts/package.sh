#!/usr/bin/env bash
# Builds the Lambda deployment zip for the provided.al2023 runtime: the `bootstrap`
# binary plus the dealer configuration it serves and the postcode file, at
# target/lambda/forecourt-api.zip. It carries no stock: the API reads each dealer's stock
# state from the site bucket while it runs (FORECOURT_STOCK_BUCKET, written by every
# publish), so a build reaches the API without a new package.
#
# The binary is either static (musl), when that Rust target is installed, or linked
# against glibc 2.34 (what Amazon Linux 2023 ships) with cargo-zigbuild, which the
# Makefile's venv installs from PyPI with its own zig: no toolchain download either way.
set -euo pipefail
cd "$(dirname "$0")/.."

if rustup target list --installed 2>/dev/null | grep -qx x86_64-unknown-linux-musl; then
  target=x86_64-unknown-linux-musl
  cargo build --release --locked -p edge-api --bin bootstrap --target "$target"
else
  target=x86_64-unknown-linux-gnu
  zigbuild=${CARGO_ZIGBUILD:-.venv/bin/cargo-zigbuild}
  if [[ ! -x "$zigbuild" ]]; then
    echo "package: neither the musl Rust target nor cargo-zigbuild is installed (run \`make venv\`)" >&2
    exit 1
  fi
  # cargo-zigbuild finds zig (the ziglang package) beside itself in the venv.
  PATH="$(dirname "$zigbuild"):$PATH" "$zigbuild" zigbuild --release --locked -p edge-api --bin bootstrap --target "$target.2.34"
fi

out=target/lambda
rm -rf "$out/stage" && mkdir -p "$out/stage"
cp "target/$target/release/bootstrap" "$out/stage/bootstrap"
cp -r dealers "$out/stage/dealers"
# The postcode file of GET /api/postcodes, converted from the npm postcode package.
cargo run --quiet -p generator --bin forecourt -- postcodes --out "$out/stage/postcodes.tsv"
files=(bootstrap dealers postcodes.tsv)
rm -f "$out/forecourt-api.zip"
(cd "$out/stage" && python3 -m zipfile -c ../forecourt-api.zip "${files[@]}")
hash=$(sha256sum "$out/forecourt-api.zip" | cut -c1-16)
cp "$out/forecourt-api.zip" "$out/forecourt-api-$hash.zip"
echo "package: $out/forecourt-api-$hash.zip ($(du -h "$out/forecourt-api.zip" | cut -f1))"
echo "package: upload it and pass its key as LambdaCodeKey (see infra/README.md)"
