#!/usr/bin/env bash
# Times `hexforge generate` as a whole process (GNU time: wall, CPU = user + sys, peak
# RSS), the median of RUNS runs each, beside a same-run anchor: the resvg command-line
# tool (the same resvg version as the dependency) rendering the Changing Lines card SVGs
# that generate wrote, at 300 dpi, with the same bundled fonts. Quote the ratios to the
# anchor as much as the seconds: the machine's speed drifts, the ratio less.
#
# Bounded: every run is killed after 120 s; with the default 5 runs the whole script takes
# about a minute and a half on a 2-core machine (plus the release build). Usage:
#   scripts/generate-bench.sh            # 5 runs of each row
#   RUNS=3 scripts/generate-bench.sh
#   ALLOCATORS=1 scripts/generate-bench.sh   # + a row with the system allocator
#     (`--no-default-features`, built once more: about as long as the release build)
# It needs GNU time (/usr/bin/time, Debian package `time`) and the resvg CLI 0.47.0,
# installed here with `cargo install resvg --version 0.47.0 --locked` when missing.
# Prints a Markdown table (docs/performance.md, Generate).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
RESVG_VERSION=0.47.0
LIMIT=120

[ -x /usr/bin/time ] || { echo "GNU time (/usr/bin/time) is missing: apt-get install time" >&2; exit 1; }
if ! resvg --version 2>/dev/null | grep -qx "$RESVG_VERSION"; then
  cargo install resvg --version "$RESVG_VERSION" --locked --quiet
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The system allocator's binary first (kept aside), then the default one (mimalloc).
if [ "${ALLOCATORS:-0}" = 1 ]; then
  cargo build --release --quiet --no-default-features
  cp target/release/hexforge "$work/hexforge-system-allocator"
fi
cargo build --release --quiet
bin=target/release/hexforge

# One row: the median over RUNS of wall s, CPU s, peak MB of the command after the label
# (after one run not counted, which also fills the output folder like a user's rerun).
row() {
  local label=$1
  shift
  timeout "$LIMIT" "$@" >/dev/null 2>&1
  : >"$work/times"
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f '%e %U %S %M' -o "$work/time" timeout "$LIMIT" "$@" >/dev/null 2>&1
    cat "$work/time" >>"$work/times"
  done
  awk -v label="$label" -v runs="$RUNS" '
    { wall[NR] = $1; cpu[NR] = $2 + $3; mem[NR] = $4 / 1024 }
    function median(a,   n, i, j, t) {
      n = runs
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    END { printf "| %s | %.2f s | %.2f s | %.0f MiB |\n", label, median(wall), median(cpu), median(mem) }
  ' "$work/times"
}

echo "| Run (median of $RUNS) | Wall | CPU (user + sys) | Peak RSS |"
echo "|---|---|---|---|"
row "generate (everything)" "$bin" generate --out "$work/all"
if [ "${ALLOCATORS:-0}" = 1 ]; then
  row "generate (everything), system allocator" "$work/hexforge-system-allocator" generate --out "$work/sys"
fi
row "generate --only changing-lines" "$bin" generate --only changing-lines --out "$work/cl"

# The anchor: resvg's CLI on the card SVGs generate just wrote (one process per SVG, as a
# user would run it), at generate's default 300 dpi, bundled fonts only.
svgs=$(find "$work/cl" -path '*/svg/*.svg' | sort)
[ -n "$svgs" ] || { echo "no card SVGs under $work/cl" >&2; exit 1; }
echo "$svgs" >"$work/svgs"
mkdir -p "$work/png"
cat >"$work/anchor.sh" <<EOF
#!/bin/sh
while read -r svg; do
  resvg --dpi 300 --skip-system-fonts --use-fonts-dir "$PWD/fonts" \\
    --sans-serif-family 'Noto Sans' --serif-family 'Noto Serif' "\$svg" "$work/png/\$(basename "\$svg" .svg).png"
done <"$work/svgs"
EOF
chmod +x "$work/anchor.sh"
row "resvg CLI $RESVG_VERSION, the $(wc -l <"$work/svgs") Changing Lines card SVGs at 300 dpi (anchor)" "$work/anchor.sh"
