#!/usr/bin/env bash
# Load test of `hexforge serve`'s router against bare axum (a hello-world for the GET
# routes, an echo for the POST routes), measured in the same run, over loopback only (both
# servers bind 127.0.0.1 on free ports).
#
# Bounded: by default 9 targets x 5 rounds x 2 s plus 9 s of warm-up (about 100 s).
# Options are passed on, e.g. scripts/loadtest.sh --duration 10 --connections 64.
# Exit status 1 when a GET route is below 0.8x hello-world, a POST route below 0.7x the
# echo, or any target saw an error.
#
# `scripts/loadtest.sh health [--kind records|wasm] [--clients N] [--duration S]` times
# `/health` instead while N clients post long game records or download the rules module
# (examples/health_under_load.rs; bounded: at most 500 clients and 60 s).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
if [ "${1:-}" = health ]; then
  shift
  cargo build --release --example health_under_load
  exec timeout 300 "$target/release/examples/health_under_load" "$@"
fi
cargo build --release --example loadtest
exec timeout 600 "$target/release/examples/loadtest" "$@"
