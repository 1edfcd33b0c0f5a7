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
# `scripts/loadtest.sh health [--kind records|wasm] [--clients N] [--duration S] [--rounds R]`
# times `/health` instead while N clients post long game records or download the rules
# module, against bare axum under the same load (the same-run anchor), in turn
# (examples/health_under_load.rs; bounded: at most 500 clients, 5 rounds of 60 s each).
#
# `scripts/loadtest.sh crash [--clients N] [--seconds S] [--rounds R]` kills `hexforge
# serve` (SIGKILL) while N clients post puzzle checks and counts the answered checks the
# results store lost (examples/results_crash.rs; bounded: 10 rounds of at most 30 s).
#
# `scripts/loadtest.sh rooms [--rooms N] [--seconds S] [--think MS]` plays N Tao rooms at
# once, two bot seats each on a live socket, and prints moves a second, the p50/p99 time
# from a move sent to the other seat's socket receiving it, and the server's memory per
# room (examples/rooms_load.rs; bounded: at most 5,000 rooms and 120 s).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
if [ "${1:-}" = health ]; then
  shift
  cargo build --release --example health_under_load
  exec timeout 900 "$target/release/examples/health_under_load" "$@"
fi
if [ "${1:-}" = crash ]; then
  shift
  cargo build --release --bin hexforge --example results_crash
  exec timeout 600 "$target/release/examples/results_crash" --binary "$target/release/hexforge" "$@"
fi
if [ "${1:-}" = rooms ]; then
  shift
  cargo build --release --bin hexforge --example rooms_load
  exec timeout 600 "$target/release/examples/rooms_load" --binary "$target/release/hexforge" "$@"
fi
cargo build --release --example loadtest
exec timeout 600 "$target/release/examples/loadtest" "$@"
