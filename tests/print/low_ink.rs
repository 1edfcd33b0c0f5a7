//! `generate --backs low-ink` (issue 11): every back is a line drawing on white, measured
//! in rendered pixels, while the default `--backs full` draws exactly what it always did.

use hexforge::cards::{Face, Lang, PrintedDeck, card_svg, card_svg_with_backs};
use hexforge::games::decks;
use hexforge::games::yijing_pai::art::{TileFace, tile_svg, tile_svg_with_backs};
use hexforge::print::plan::Backs;
use hexforge::print::render::svg_to_pixmap;
use hexforge_rules::yijing_pai::tiles::TileKind;

/// Low enough for a line drawing with a little text; a solid back is several times this.
const LOW_INK_MAX: f64 = 0.12;

/// Mean ink coverage of `svg` rendered at a low resolution: 0 is white paper, 1 solid
/// black. Per pixel, one minus the mean of red, green and blue (composited on white).
fn ink_coverage(svg: &str) -> f64 {
    let pixmap = svg_to_pixmap(svg, 40.0).expect("svg renders");
    let total: f64 = pixmap
        .pixels()
        .iter()
        .map(|p| {
            let c = p.demultiply();
            let alpha = f64::from(c.alpha()) / 255.0;
            let mean = (f64::from(c.red()) + f64::from(c.green()) + f64::from(c.blue())) / 3.0 / 255.0;
            1.0 - (mean * alpha + (1.0 - alpha))
        })
        .sum();
    total / pixmap.pixels().len() as f64
}

/// Every back this project prints, as `(name, full SVG, low-ink SVG)`.
fn backs() -> Vec<(&'static str, String, String)> {
    let card =
        |deck: PrintedDeck, backs: Backs| card_svg_with_backs(deck, &Face::Back, Lang::En, backs).expect("back draws");
    let tile = |backs: Backs| tile_svg_with_backs(TileFace::Back, backs).expect("tile back draws");
    vec![
        ("changing-lines back", card(decks::CHANGING_LINES, Backs::Full), card(decks::CHANGING_LINES, Backs::LowInk)),
        ("zhi-pai back", card(decks::ZHI_PAI, Backs::Full), card(decks::ZHI_PAI, Backs::LowInk)),
        ("yijing-pai back tile", tile(Backs::Full), tile(Backs::LowInk)),
    ]
}

#[test]
fn low_ink_backs_are_line_drawings_on_white() {
    for (name, full, low) in backs() {
        let (full_ink, low_ink) = (ink_coverage(&full), ink_coverage(&low));
        // The measure sees the designed back as near-solid, so a low figure means something.
        assert!(full_ink > 0.5, "{name}: the full back covers only {full_ink:.3}");
        assert!(low_ink < LOW_INK_MAX, "{name}: the low-ink back covers {low_ink:.3}, over {LOW_INK_MAX}");
    }
}

#[test]
fn low_ink_backs_keep_their_drawing() {
    for (name, full, low) in backs() {
        let elements = |svg: &str| {
            let doc = roxmltree::Document::parse(svg).expect("well-formed svg");
            doc.descendants().filter(|n| n.is_element()).map(|n| n.tag_name().name().to_string()).collect::<Vec<_>>()
        };
        assert_eq!(elements(&full), elements(&low), "{name}: low-ink changes colours only");
        assert_ne!(full, low, "{name}");
    }
}

#[test]
fn full_backs_are_the_default_and_fronts_never_change() {
    for deck in [decks::CHANGING_LINES, decks::ZHI_PAI] {
        for face in deck.faces() {
            let default = card_svg(deck, &face, Lang::En).unwrap();
            assert_eq!(card_svg_with_backs(deck, &face, Lang::En, Backs::Full).unwrap(), default, "{deck:?} {face:?}");
            if face != Face::Back {
                assert_eq!(
                    card_svg_with_backs(deck, &face, Lang::En, Backs::LowInk).unwrap(),
                    default,
                    "{deck:?} {face:?}: a front is the same with low-ink backs"
                );
            }
        }
    }
    assert_eq!(tile_svg_with_backs(TileFace::Back, Backs::Full).unwrap(), tile_svg(TileFace::Back).unwrap());
    for kind in TileKind::ALL {
        let front = TileFace::Front(kind);
        assert_eq!(tile_svg_with_backs(front, Backs::LowInk).unwrap(), tile_svg(front).unwrap(), "{kind:?}");
    }
}

#[test]
fn generate_help_shows_the_backs_flag_and_its_values() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hexforge"))
        .args(["generate", "--help"])
        .output()
        .expect("hexforge runs");
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    for wanted in ["--backs <BACKS>", "full", "low-ink", "[default: full]"] {
        assert!(help.contains(wanted), "`generate --help` lacks {wanted:?}:\n{help}");
    }
}

#[test]
fn an_unknown_backs_value_is_refused_naming_the_choices() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hexforge"))
        .args(["generate", "--backs", "none", "--out", "/nonexistent-hexforge-test"])
        .output()
        .expect("hexforge runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("none") && err.contains("full") && err.contains("low-ink"), "{err}");
}
