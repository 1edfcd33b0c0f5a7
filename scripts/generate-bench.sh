#!/usr/bin/env bash
# Times `hexforge generate` as a whole process (GNU time: wall, CPU = user + sys, peak
# RSS), in full and part by part (`--only P`), beside a same-run anchor: the resvg
# command-line tool (the same resvg version as the dependency) rendering the Changing
# Lines card SVGs that generate wrote, at 300 dpi, with the same bundled fonts. Every row
# is the median of RUNS runs, and the rows are taken in turn (each row once, then each
# row again …), so that drift on the machine hits them all alike. Each row is also given
# as its ratio to the anchor, CPU to CPU and wall to wall: the median of its runs' ratios,
# each run to the anchor's run of the same round. Quote those ratios, the seconds only
# with the machine named. The parts are the values of `generate --only` that the binary's
# own `--help` lists, so a new part gets its row without an edit here. A part that
# writes card SVGs (`*/svg/*.svg`, a deck) also gets its CPU per card face, beside the
# anchor's CPU per SVG it draws.
#
# Bounded: every run is killed after 120 s; with the default 5 runs the whole script takes
# about three minutes on a quiet 2-core machine (plus the release build). Usage:
#   scripts/generate-bench.sh            # 5 runs of each row
#   RUNS=3 scripts/generate-bench.sh
#   HEXFORGE=/tmp/hexforge scripts/generate-bench.sh   # that binary, not a new build
#   BEFORE=/tmp/hexforge-old scripts/generate-bench.sh  # + the rows of another binary
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

# The system allocator's binary first (kept aside), then the default one (mimalloc),
# each copied so that another build into the target folder during the runs cannot change
# it; HEXFORGE=<binary> times that binary instead of building one.
built=${CARGO_TARGET_DIR:-target}/release/hexforge
if [ "${ALLOCATORS:-0}" = 1 ]; then
  cargo build --release --quiet --no-default-features
  cp "$built" "$work/hexforge-system-allocator"
fi
if [ -n "${HEXFORGE:-}" ]; then
  cp "$HEXFORGE" "$work/hexforge"
else
  cargo build --release --quiet
  cp "$built" "$work/hexforge"
fi
bin=$work/hexforge

# The parts, as `generate --help` lists the values of `--only`.
PARTS=$("$bin" generate --help | awk '
  /^ *--only/ { on = 1; next }
  on && /^ *--/ { exit }
  on && /^ *- [a-z0-9-]+:/ { sub(/^ *- /, ""); sub(/:.*/, ""); print }')
[ -n "$PARTS" ] || { echo "generate --help lists no --only values" >&2; exit 1; }

# The anchor: resvg's CLI on the card SVGs generate writes (one process per SVG, as a
# user would run it), at generate's default 300 dpi, bundled fonts only.
timeout "$LIMIT" "$bin" generate --only changing-lines --out "$work/cl" >/dev/null 2>&1
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

# The rows: a label, then the command. The anchor is row 0.
labels=("anchor: resvg CLI $RESVG_VERSION, the $(wc -l <"$work/svgs") SVGs of \`--only changing-lines\` at 300 dpi"
  "generate (everything)")
commands=("$work/anchor.sh" "$bin generate --out $work/all")
# The output folder of each row (none for the anchor and the whole run): its card SVGs
# give the per-face column.
folders=("" "")
if [ "${ALLOCATORS:-0}" = 1 ]; then
  labels+=("generate (everything), system allocator")
  commands+=("$work/hexforge-system-allocator generate --out $work/sys")
  folders+=("")
fi
for part in $PARTS; do
  labels+=("\`--only $part\`")
  commands+=("$bin generate --only $part --out $work/part-$part")
  folders+=("$work/part-$part")
done
# BEFORE=<binary>: that binary's rows too (everything and every part), in the same turns.
if [ -n "${BEFORE:-}" ]; then
  cp "$BEFORE" "$work/hexforge-before"
  labels+=("before: generate (everything)")
  commands+=("$work/hexforge-before generate --out $work/before-all")
  folders+=("")
  for part in $PARTS; do
    labels+=("before: \`--only $part\`")
    commands+=("$work/hexforge-before generate --only $part --out $work/before-$part")
    folders+=("$work/before-$part")
  done
fi

# One run not counted of each row (it also fills the output folders, like a user's
# rerun), then RUNS rounds of every row in turn.
for i in "${!commands[@]}"; do
  # shellcheck disable=SC2086 # the command is words
  timeout "$LIMIT" ${commands[$i]} >/dev/null 2>&1
  : >"$work/times-$i"
done
for _ in $(seq "$RUNS"); do
  for i in "${!commands[@]}"; do
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %U %S %M' -o "$work/time" timeout "$LIMIT" ${commands[$i]} >/dev/null 2>&1
    cat "$work/time" >>"$work/times-$i"
  done
done

# awk's median of the first n values of array a.
MEDIAN='
  function median(a, n,   i, j, t) {
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }'
# The median of each column of a row's runs: wall s, CPU s, peak MiB.
medians() {
  awk -v runs="$RUNS" "$MEDIAN"'
    { wall[NR] = $1; cpu[NR] = $2 + $3; mem[NR] = $4 / 1024 }
    END { printf "%.3f %.3f %.0f\n", median(wall, runs), median(cpu, runs), median(mem, runs) }
  ' "$1"
}
# The median of a row's ratios to the anchor, each run to the anchor's run of the same
# round: CPU, then wall. A machine that drifts between rounds (a neighbour on the host,
# a clock that changes) moves a round's anchor and rows alike, so the ratios keep still
# where the seconds do not.
ratios() {
  paste -d ' ' "$work/times-0" "$1" | awk -v runs="$RUNS" "$MEDIAN"'
    { cpu[NR] = ($6 + $7) / ($2 + $3); wall[NR] = $5 / $1 }
    END { printf "%.4f %.4f\n", median(cpu, runs), median(wall, runs) }
  '
}
anchor_svgs=$(wc -l <"$work/svgs")
echo "| Run (median of $RUNS, in turn) | CPU (user + sys) | CPU / anchor | Wall | Wall / anchor | Peak RSS | CPU per card face (/ anchor's per SVG) |"
echo "|---|---|---|---|---|---|---|"
for i in "${!commands[@]}"; do
  read -r wall cpu mem < <(medians "$work/times-$i")
  read -r cpu_ratio wall_ratio < <(ratios "$work/times-$i")
  faces=0
  if [ "$i" = 0 ]; then
    faces=$anchor_svgs
  elif [ -n "${folders[$i]}" ]; then
    faces=$(find "${folders[$i]}" -path '*/svg/*.svg' | wc -l)
  fi
  awk -v l="${labels[$i]}" -v w="$wall" -v c="$cpu" -v m="$mem" -v cr="$cpu_ratio" -v wr="$wall_ratio" \
    -v f="$faces" -v an="$anchor_svgs" \
    'BEGIN {
      per = f > 0 ? sprintf("%.1f ms × %d (%.2f)", 1000 * c / f, f, cr * an / f) : ""
      printf "| %s | %.2f s | %.2f | %.2f s | %.2f | %.0f MiB | %s |\n", l, c, cr, w, wr, m, per
    }'
done
