#!/usr/bin/env bash
# Load test of `hexforge serve`'s router against a bare axum hello-world, measured in the
# same run, over loopback only (both servers bind 127.0.0.1 on free ports).
#
# Bounded: by default 3 targets x 5 rounds x 2 s plus 3 s of warm-up (about 35 s).
# Options are passed on, e.g. scripts/loadtest.sh --duration 10 --connections 64.
# Exit status 1 when a hexforge target is below 0.7x hello-world or saw an error.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --example loadtest
exec timeout 600 target/release/examples/loadtest "$@"
