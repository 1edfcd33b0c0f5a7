#!/usr/bin/env bash
# Rebuild every font subset in this folder from the Debian Noto packages.
#
# Usage:  fonts/make-fonts.sh [--install]
#   --install  apt-get install the Noto packages and pip install fonttools first (needs root).
#
# The result depends only on the Debian package versions (see README.md) and the fonttools
# version; run it after changing cjk-chars.txt or the ranges below, then commit the fonts.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

# shellcheck source=../scripts/font-tools.sh
source "$here/../scripts/font-tools.sh"
if [[ "${1:-}" == "--install" ]]; then
    install_font_tools fonts-noto-core fonts-noto-cjk
fi

noto=/usr/share/fonts/truetype/noto
cjkdir=/usr/share/fonts/opentype/noto
cjk_tc_index=3   # in both collections: 0 JP, 1 KR, 2 SC, 3 TC, 4 HK (checked below)
cjk_sc_index=2

for f in "$noto/NotoSans-Regular.ttf" "$noto/NotoSansSymbols2-Regular.ttf" "$cjkdir/NotoSansCJK-Regular.ttc"; do
    [[ -f "$f" ]] || { echo "missing $f: run $0 --install" >&2; exit 1; }
done
python3 -c 'import fontTools' 2>/dev/null || { echo "fonttools missing: run $0 --install" >&2; exit 1; }

# Options shared by every subset:
# - all layout features (kerning, ligatures, marks, CJK vertical forms are dropped with
#   their glyphs anyway),
# - every name record, so the copyright and licence strings (name IDs 0, 13, 14) stay,
# - a visible .notdef box, so a missing character shows as a box rather than nothing,
# - no TrueType hinting: resvg and PDF output do not use it, and it is a third of the size.
common=(--layout-features='*' --name-IDs='*' --name-languages='*' --notdef-outline
        --no-hinting --drop-tables+=DSIG)

# Latin text faces: Basic Latin, Latin-1, Latin Extended-A, the pinyin tone letters of
# Latin Extended-B (ǎ ǐ ǒ ǔ ǖ ǘ ǚ ǜ ǹ), ḿ, combining accents, general punctuation
# (– — ‘ ’ “ ” • … ‰ and thin/narrow no-break spaces for French), super/subscripts,
# currency, letterlike (№ ™), number forms (½ ¼ ⅓), and the fi/fl ligature code points.
latin='U+0020-007E,U+00A0-00FF,U+0100-017F,U+01CD-01DC,U+01F8-01F9,U+0218-021B,U+1E3E-1E3F,U+0300-036F,U+2000-206F,U+2070-209F,U+20A0-20C0,U+2100-214F,U+2150-218F,U+2212,U+FB00-FB06'

subset() { # source output unicodes [extra fonttools args...]
    local src="$1" out="$2" uni="$3"; shift 3
    python3 -m fontTools.subset "$src" "${common[@]}" --unicodes="$uni" --output-file="$out" "$@"
    printf '%-40s %8d bytes\n' "$out" "$(stat -c %s "$out")"
}

for face in Regular Bold Italic BoldItalic; do
    subset "$noto/NotoSans-$face.ttf"  "NotoSans-$face-subset.ttf"  "$latin"
    subset "$noto/NotoSerif-$face.ttf" "NotoSerif-$face-subset.ttf" "$latin"
done

# Symbols. The three symbol subsets share no code point, so which font draws a symbol
# never depends on the order in which a renderer tries its fallbacks.
# Noto Sans Symbols2: trigrams ☰-☷, hexagrams ䷀-䷿, dice ⚀-⚅, monograms and digrams
# ⚊-⚏, geometric shapes (● ○ ■ □ ▲ △ ◆ ◇ ◐ ◑), miscellaneous symbols (★ ☆ ♠ ♡ ♢ ♣ ⚪ ⚫),
# dingbats (✓ ✔ ✗ ✘ ➔ ➜) and the white arrows ⇦ ⇧ ⇨ ⇩.
subset "$noto/NotoSansSymbols2-Regular.ttf" NotoSansSymbols2-Regular-subset.ttf \
    'U+2630-2637,U+4DC0-4DFF,U+2680-268F,U+25A0-25FF,U+2600-26FF,U+2700-27BF,U+21E6-21E9'
# Noto Sans Symbols: only what Symbols2 lacks: yin-yang ☯ and its neighbours ☮ ☸,
# the moon ☽ ☾ and the sun/planet signs used in some I Ching diagrams ☿ ♀ ♁ ♂ ♃ ♄.
subset "$noto/NotoSansSymbols-Regular.ttf" NotoSansSymbols-Regular-subset.ttf \
    'U+262E-262F,U+2638,U+263D-263F,U+2640-2644'
# Noto Sans Math: arrows (← ↑ → ↓ ↔ ↕ ↺ ↻ ⇄ ⇆ ⇒ ⟲ ⟳ ⟵ ⟶) and relations (≤ ≥ ≠ ≈ ± − ∞ ÷).
subset "$noto/NotoSansMath-Regular.ttf" NotoSansMath-Regular-subset.ttf \
    'U+2190-21E5,U+21EA-21FF,U+27F0-27FF,U+2264-2265,U+2260,U+2248,U+221E'

# CJK: Noto Sans CJK TC (Regular and Bold) from the collections, to the committed
# character list plus ASCII. The list has '#' heading lines in ASCII, which the ASCII
# range covers anyway.
check_face() { # collection font-number expected-family
    python3 - "$1" "$2" "$3" <<'PY'
import sys
from fontTools.ttLib import TTFont
name = TTFont(sys.argv[1], fontNumber=int(sys.argv[2]), lazy=True)["name"].getDebugName(1)
if name != sys.argv[3]:
    sys.exit(f"font number {sys.argv[2]} of {sys.argv[1]} is {name!r}, not {sys.argv[3]!r}")
PY
}
for face in Regular Bold; do
    check_face "$cjkdir/NotoSansCJK-$face.ttc" "$cjk_tc_index" "Noto Sans CJK TC"
    subset "$cjkdir/NotoSansCJK-$face.ttc" "NotoSansCJKtc-$face-subset.otf" 'U+0020-007E' \
        --font-number="$cjk_tc_index" --text-file=cjk-chars.txt
done

# Noto Sans CJK SC (Regular and Bold), for the books written in simplified Chinese: the
# collection's simplified glyph forms (its cmap differs from TC's, its locl does not switch
# them), to the characters of cjk-sc-chars.txt plus ASCII.
for face in Regular Bold; do
    check_face "$cjkdir/NotoSansCJK-$face.ttc" "$cjk_sc_index" "Noto Sans CJK SC"
    subset "$cjkdir/NotoSansCJK-$face.ttc" "NotoSansCJKsc-$face-subset.otf" 'U+0020-007E' \
        --font-number="$cjk_sc_index" --text-file=cjk-sc-chars.txt
done

echo "total: $(du -cb ./*.ttf ./*.otf | tail -1 | cut -f1) bytes"
