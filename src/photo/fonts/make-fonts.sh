#!/usr/bin/env bash
# Rebuild the digit-only font subsets the photo reader draws its reference digits from.
#
# Usage:  src/photo/fonts/make-fonts.sh [--install]
#   --install  apt-get install the Debian font packages and pip install fonttools first.
#
# Each subset keeps the ten digits 0-9 and nothing else (no hinting, no layout
# features), so a face costs a few kilobytes. Family names are unchanged.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

# shellcheck source=../../../scripts/font-tools.sh
source "$here/../../../scripts/font-tools.sh"
if [[ "${1:-}" == "--install" ]]; then
    install_font_tools fonts-dejavu-core fonts-noto-mono
fi

dejavu=/usr/share/fonts/truetype/dejavu
noto=/usr/share/fonts/truetype/noto
for font in "$dejavu/DejaVuSans.ttf" "$dejavu/DejaVuSans-Bold.ttf" "$dejavu/DejaVuSerif.ttf" \
    "$dejavu/DejaVuSerif-Bold.ttf" "$dejavu/DejaVuSansMono.ttf" "$noto/NotoSansMono-Regular.ttf" \
    "$noto/NotoSansMono-Bold.ttf"; do
    [[ -f "$font" ]] || { echo "missing $font: run $0 --install" >&2; exit 1; }
    name="$(basename "$font" .ttf)"
    pyftsubset "$font" --unicodes=U+0030-0039 --layout-features='' --no-hinting \
        --output-file="$here/$name-digits.ttf"
done
