//! The zhi pai rulebook's figures, drawn from the rules.

use super::rulebook::*;
use crate::cards::export::ExportError;
use crate::cards::{self, Face, Lang, PlayerSet, TrigramFace};
use crate::core::hexagram::Line;
use crate::core::names::capitalise;
use crate::core::trigram::Trigram;
use crate::games::ArtError;
use crate::games::Figure;
use crate::rulebook::figures::{INK, LIGHT_INK, MUTED, PAPER, RULE, Svg, TINT, hexagram_at, line_bar, paint};
use std::fmt::Write;

/// The rulebook's figures: the setup, the cards of the worked example and a trigram card
/// on both faces.
pub fn figures() -> Result<Vec<Figure>, ArtError> {
    let card = |face: Face, name: String| -> Result<Figure, ArtError> {
        Ok((name, cards::card_svg(cards::Deck::ZhiPai, &face, Lang::En).map_err(ExportError::from)?))
    };
    let mut out = paint(vec![("setup.svg".to_string(), zhipai_setup(ZHI_PAI_SEQUENCE[0]))])?;
    for n in ZHI_PAI_SEQUENCE {
        out.push(card(Face::Card(hex(n)), format!("card-{n}.svg"))?);
    }
    for active in [true, false] {
        let face = Face::Trigram(TrigramFace { set: PlayerSet::One, trigram: Trigram::WATER, active });
        let name = if active { "trigram-active.svg" } else { "trigram-inactive.svg" };
        out.push(card(face, name.to_string())?);
    }
    Ok(out)
}

/// A Zhi Pai hexagram card, 63 × 88 units × 2.
fn zhipai_card(n: u8, faded: bool) -> Svg {
    let (w, h) = (126.0, 176.0);
    let hx = hex(n);
    let c = hx.complement();
    let ink = if faded { LIGHT_INK } else { INK };
    let mut svg = Svg::new(w, h);
    svg.rect(1.0, 1.0, w - 2.0, h - 2.0, PAPER, ink, 1.5, 8.0);
    svg.text(10.0, 22.0, 15.0, "start", ink, "bold", &n.to_string());
    hexagram_at(&mut svg, hx, 28.0, 42.0, 70.0, 8.0, 14.0, ink);
    svg.text(w / 2.0, 140.0, 10.5, "middle", ink, "normal", hx.names().en);
    // The complement, small, bottom right.
    hexagram_at(&mut svg, c, w - 34.0, 150.0, 20.0, 2.4, 3.6, LIGHT_INK);
    svg.text(w - 40.0, 170.0, 9.0, "end", LIGHT_INK, "normal", &c.number().to_string());
    svg
}

fn trigram_card(t: Trigram, active: bool) -> Svg {
    let (w, h) = (54.0, 76.0);
    let mut svg = Svg::new(w, h);
    if active {
        svg.rect(1.0, 1.0, w - 2.0, h - 2.0, PAPER, INK, 1.2, 5.0);
        let lines: Vec<Line> = (0..3).map(|i| if t.bits() >> i & 1 == 1 { Line::Yang } else { Line::Yin }).collect();
        for (i, l) in lines.iter().enumerate() {
            line_bar(&mut svg, *l, 12.0, 38.0 - i as f64 * 11.0, 30.0, 6.0, INK);
        }
        svg.text(w / 2.0, 64.0, 9.0, "middle", INK, "normal", &capitalise(t.name()));
    } else {
        svg.rect(1.0, 1.0, w - 2.0, h - 2.0, TINT, RULE, 1.2, 5.0);
        svg.text(w / 2.0, 42.0, 9.0, "middle", MUTED, "normal", &capitalise(t.name()));
    }
    svg
}

fn zhipai_setup(n: u8) -> String {
    let mut svg = Svg::new(760.0, 430.0);
    let start = hex(n);
    svg.text(10.0, 16.0, 13.0, "start", INK, "bold", "Your chain");
    svg.group("translate(10 26)", zhipai_card(n, false));
    for i in 0..4 {
        let x = 150.0 + i as f64 * 126.0;
        let _ = writeln!(
            svg.body,
            r#"<rect x="{x:.1}" y="27" width="112" height="174" rx="8" fill="none" stroke="{RULE}" stroke-width="1.2" stroke-dasharray="5 4"/>"#
        );
    }
    svg.text(380.0, 220.0, 11.0, "middle", MUTED, "normal", "new cards go at the two inner ends");
    svg.group("translate(624 26)", zhipai_card(start.complement().number(), false));
    svg.text(70.0, 220.0, 11.0, "middle", MUTED, "normal", "start (left)");
    svg.text(688.0, 220.0, 11.0, "middle", MUTED, "normal", "complement (right)");
    svg.text(10.0, 250.0, 13.0, "start", INK, "bold", "Your trigram cards (all inactive at the start)");
    for (i, t) in Trigram::ALL.iter().enumerate() {
        svg.group(&format!("translate({} 260)", 10.0 + i as f64 * 60.0), trigram_card(*t, false));
    }
    svg.text(500.0, 250.0, 13.0, "start", INK, "bold", "Draw pile");
    svg.rect(500.0, 260.0, 60.0, 84.0, TINT, INK, 1.2, 5.0);
    svg.rect(504.0, 256.0, 60.0, 84.0, TINT, INK, 1.2, 5.0);
    svg.text(10.0, 366.0, 13.0, "start", INK, "bold", "Common Zone: six cards face up");
    for (i, m) in [3u8, 50, 6, 22, 40, 55].iter().enumerate() {
        let x = 10.0 + i as f64 * 62.0;
        svg.rect(x, 374.0, 54.0, 50.0, PAPER, INK, 1.0, 4.0);
        hexagram_at(&mut svg, hex(*m), x + 12.0, 378.0, 22.0, 3.0, 5.5, INK);
        svg.text(x + 46.0, 418.0, 9.0, "end", MUTED, "normal", &m.to_string());
    }
    svg.finish()
}
