//! The liubo rulebook's figures, drawn from the rules.

use super::board;
use super::rulebook::*;
use super::rules::{self as liubo};
use crate::core::trigram::Trigram;
use crate::games::ArtError;
use crate::games::Figure;
use crate::rulebook::figures::{ACCENT, INK, MUTED, STICK_FLAT, STICK_GRAIN, STICK_ROUND, Svg, paint};

/// The rulebook's figures: the board (also on the cover) as printed, and the throw example.
pub fn figures() -> Result<Vec<Figure>, ArtError> {
    let board = board::board_svg()?;
    let (left, right) = STICKS_EXAMPLE;
    let mut out = paint(vec![("sticks.svg".into(), sticks(left, right))])?;
    out.splice(0..0, [("cover.svg".into(), board.clone()), ("board.svg".into(), board)]);
    Ok(out)
}

/// Two groups of three sticks, flat or round, with what each scores.
fn sticks(left: Trigram, right: Trigram) -> String {
    let mut svg = Svg::new(450.0, 150.0);
    for (g, t) in [left, right].iter().enumerate() {
        let x = 20.0 + g as f64 * 210.0;
        for i in 0..3 {
            let y = 80.0 - i as f64 * 30.0;
            let flat = t.bits() >> i & 1 == 1;
            if flat {
                svg.rect(x, y, 160.0, 16.0, STICK_FLAT, INK, 1.2, 3.0);
                svg.text(x + 170.0, y + 12.0, 10.0, "start", MUTED, "normal", "flat");
            } else {
                svg.rect(x, y, 160.0, 16.0, STICK_ROUND, INK, 1.2, 8.0);
                svg.line(x + 8.0, y + 5.0, x + 152.0, y + 5.0, STICK_GRAIN, 2.0);
                svg.text(x + 170.0, y + 12.0, 10.0, "start", MUTED, "normal", "round");
            }
        }
        let yang = t.bits().count_ones();
        svg.text(
            x + 80.0,
            130.0,
            13.0,
            "middle",
            ACCENT,
            "bold",
            &format!("{} yang → {}", yang, liubo::group_score(*t)),
        );
    }
    svg.finish()
}
