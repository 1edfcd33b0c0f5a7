#!/usr/bin/env bash
# The rules in the browser: builds the rules crate (rules/, hexforge-rules) for
# wasm32-unknown-unknown, so that CI fails when a change puts something into it that the
# browser cannot run (I/O, threads, OS randomness), and builds the page's module from it
# (rules-wasm/, the JSON shim) into web/wasm/hexforge_rules.wasm.
#
#   scripts/rules-wasm.sh [--install]   build both; fail when the committed module is stale
#                                       (its inputs' hash, written beside it, differs)
#   scripts/rules-wasm.sh --write       build both and write the module and its inputs' hash
#
# rustup's wasm32 target is not available on these machines: Debian's rustc-web (rustc with
# wasm32's std sources, built with -Zbuild-std) and lld's wasm-ld are. Where rustup's target
# is installed (`rustup target add wasm32-unknown-unknown`), the plain toolchain is used.
# `--install` installs the Debian packages first (as root).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
target_dir=${CARGO_TARGET_DIR:-target}/wasm
module=web/wasm/hexforge_rules.wasm
inputs_file=$module.inputs
mode=check
for arg in "$@"; do
  case "$arg" in
    --install)
      if ! command -v wasm-ld >/dev/null 2>&1 || [ ! -d /usr/lib/rustlib/src/rust/library ]; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq rustc-web cargo-web rust-web-src lld
      fi
      ;;
    --write) mode=write ;;
    *) echo "unknown argument $arg (expected --install or --write)" >&2; exit 2 ;;
  esac
done

# The module's build: small (opt-level z, one codegen unit, LTO, no symbols, abort on
# panic) and free of this machine's paths.
export CARGO_PROFILE_RELEASE_OPT_LEVEL=z CARGO_PROFILE_RELEASE_LTO=true CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
  CARGO_PROFILE_RELEASE_PANIC=abort CARGO_PROFILE_RELEASE_STRIP=true CARGO_PROFILE_RELEASE_DEBUG=false
remap="--remap-path-prefix=$root=/hexforge --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=/cargo"
remap="$remap --remap-path-prefix=/usr/lib/rustlib/src/rust=/rust"
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  build() { RUSTFLAGS="$remap" CARGO_TARGET_DIR="$target_dir" cargo build --release --target wasm32-unknown-unknown "$@"; }
  compiler=$(rustc -V)
else
  build() {
    PATH=/usr/bin:$PATH RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 RUSTFLAGS="-C linker=wasm-ld $remap" \
      CARGO_TARGET_DIR="$target_dir" /usr/bin/cargo build --release --target wasm32-unknown-unknown \
      -Zbuild-std=std,panic_abort "$@"
  }
  compiler=$(/usr/bin/rustc -V)
fi
build -p hexforge-rules
echo "hexforge-rules builds for wasm32-unknown-unknown"
build -p hexforge-rules-wasm
built="$target_dir/wasm32-unknown-unknown/release/hexforge_rules_wasm.wasm"
bytes=$(wc -c <"$built")
# A bound on the uncompressed module; what a visitor waits for is the first screen's compressed
# bytes (at most 300 KB, checked by the offline page test). The words of every move (about
# 47 KB) and the typed requests (about 28 KB) took it past the former 700 KiB; I-Ching Poker
# and Solitaire past 800 KiB, when opt-level z (smaller than s by about 8 %) replaced s.
limit=$((900 * 1024))
if [ "$bytes" -gt "$limit" ]; then
  echo "the module is $bytes bytes, over the $limit allowed" >&2
  exit 1
fi

# What the module is built from: every file of the two crates, the build settings above
# and the versions of the crates they use (not the whole Cargo.lock, which the application's
# dependencies also change). The compiler is written beside it, not hashed: another
# compiler gives other bytes from the same inputs.
inputs_hash() {
  {
    find rules rules-wasm -type f -not -path '*/target/*' -not -path 'rules-wasm/tests/*' | LC_ALL=C sort | while read -r f; do
      printf '%s %s\n' "$(sha256sum <"$f" | cut -d' ' -f1)" "$f"
    done
    sed -n '/^export CARGO_PROFILE/,/^remap=.*rustlib/p' scripts/rules-wasm.sh
    # Without the path cargo prints beside the workspace's own crates: a clone elsewhere
    # has the same inputs.
    cargo tree --offline -p hexforge-rules-wasm -e normal --prefix none 2>/dev/null | sed 's| (/[^)]*)||' | LC_ALL=C sort -u
  } | sha256sum | cut -d' ' -f1
}
inputs=$(inputs_hash)
sum=$(sha256sum <"$built" | cut -d' ' -f1)
if [ "$mode" = write ]; then
  mkdir -p "$(dirname "$module")"
  cp "$built" "$module"
  printf 'inputs %s\nmodule %s\ncompiler %s\n' "$inputs" "$sum" "$compiler" >"$inputs_file"
  echo "wrote $module ($bytes bytes) and $inputs_file"
  exit 0
fi
committed=$(sed -n 's/^inputs //p' "$inputs_file" 2>/dev/null || true)
if [ "$committed" != "$inputs" ]; then
  echo "$module is stale: its inputs (rules/, rules-wasm/, the crates they use) changed since it was built." >&2
  echo "Rebuild it with scripts/rules-wasm.sh --write and commit it with $inputs_file." >&2
  exit 1
fi
committed_sum=$(sed -n 's/^module //p' "$inputs_file")
if [ "$(sha256sum <"$module" | cut -d' ' -f1)" != "$committed_sum" ]; then
  echo "$module is not the module $inputs_file names: rebuild it with scripts/rules-wasm.sh --write." >&2
  exit 1
fi
if [ "$sum" != "$committed_sum" ]; then
  echo "note: this build ($compiler) gives other bytes than the committed module ($(sed -n 's/^compiler //p' "$inputs_file"))"
fi
echo "$module is fresh ($bytes bytes built here)"
