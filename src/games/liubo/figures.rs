//! The Liubo rulebook's figures: the board as printed (also on the cover) and a throw of
//! the sticks with what it scores.

use super::board;
use super::rulebook::STICKS_EXAMPLE;
use crate::games::{ArtError, Figure};
use crate::rulebook::figures::{Drawing, Ink, Stroke, Weight, rect, stroke};
use hexforge_rules::core::trigram::Trigram;
use hexforge_rules::liubo::rules::{self as liubo};

/// The rulebook's figures: the board (also on the cover) as printed, and the throw example.
pub fn figures() -> Result<Vec<Figure>, ArtError> {
    let board = board::board_svg()?;
    let (left, right) = STICKS_EXAMPLE;
    Ok(vec![
        ("cover.svg".into(), board.clone()),
        ("board.svg".into(), board),
        ("sticks.svg".into(), sticks(left, right).svg()?),
    ])
}

/// Two groups of three sticks, flat or round, with what each scores.
fn sticks(left: Trigram, right: Trigram) -> Drawing {
    let mut d = Drawing::new(450.0, 150.0);
    for (g, t) in [left, right].iter().enumerate() {
        let x = 20.0 + g as f32 * 210.0;
        for i in 0..3 {
            let y = 80.0 - i as f32 * 30.0;
            let flat = t.bits() >> i & 1 == 1;
            if flat {
                d.rect(rect(x, y, 160.0, 16.0), 3.0, Ink::StickFlat, stroke(Ink::Ink, 1.2));
                d.text((x + 170.0, y + 12.0), 10.0, "start", Ink::Muted, Weight::Regular, "flat");
            } else {
                d.rect(rect(x, y, 160.0, 16.0), 8.0, Ink::StickRound, stroke(Ink::Ink, 1.2));
                d.line((x + 8.0, y + 5.0), (x + 152.0, y + 5.0), Stroke { ink: Ink::StickGrain, width: 2.0 });
                d.text((x + 170.0, y + 12.0), 10.0, "start", Ink::Muted, Weight::Regular, "round");
            }
        }
        let yang = t.bits().count_ones();
        d.text(
            (x + 80.0, 130.0),
            13.0,
            "middle",
            Ink::Accent,
            Weight::Bold,
            &format!("{} yang → {}", yang, liubo::group_score(*t)),
        );
    }
    d
}
