# Sourced by the scripts that rebuild font subsets (fonts/make-fonts.sh and
# src/photo/fonts/make-fonts.sh), so that both subset with the same fonttools.
FONTTOOLS_VERSION=4.68.0

# install_font_tools PACKAGE...: apt-get install the Debian font packages named, then
# pip install the pinned fonttools (needs root).
install_font_tools() {
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"
    python3 -m pip install "fonttools==$FONTTOOLS_VERSION"
}
