#!/usr/bin/env bash
# Builds the rules crate (rules/, hexforge-rules) for the browser, wasm32-unknown-unknown,
# so that CI fails when a change puts something into it that the browser cannot run
# (I/O, threads, OS randomness, a dependency that needs them).
#
# rustup's wasm32 target is not available on these machines: Debian's rustc-web (rustc with
# wasm32's std sources, built with -Zbuild-std) and lld's wasm-ld are. Where rustup's target
# is installed (`rustup target add wasm32-unknown-unknown`), the plain toolchain is used.
# `--install` installs the Debian packages first (as root).
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir=${CARGO_TARGET_DIR:-target}/wasm
if [ "${1:-}" = "--install" ]; then
  if ! command -v wasm-ld >/dev/null 2>&1 || [ ! -d /usr/lib/rustlib/src/rust/library ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq rustc-web cargo-web rust-web-src lld
  fi
fi
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  CARGO_TARGET_DIR="$target_dir" cargo build --release --target wasm32-unknown-unknown -p hexforge-rules
else
  PATH=/usr/bin:$PATH RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 RUSTFLAGS="-C linker=wasm-ld" \
    CARGO_TARGET_DIR="$target_dir" /usr/bin/cargo build --release --target wasm32-unknown-unknown \
    -Zbuild-std=std,panic_abort -p hexforge-rules
fi
echo "hexforge-rules builds for wasm32-unknown-unknown"
