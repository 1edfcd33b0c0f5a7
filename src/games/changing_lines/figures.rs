//! The Changing Lines rulebook's figures: the cover grid, the four opposites, the Pathways
//! example (laid by the solver) and card 12 as printed.

use super::rulebook::{EXAMPLE_CARD, OPPOSITES_EXAMPLE, hex, pathways_example};
use crate::cards::export::ExportError;
use crate::cards::{self, Face, Lang};
use crate::games::{ArtError, Figure};
use crate::rulebook::figures::{Drawing, Ink, Stroke, Weight};
use hexforge_rules::core::hexagram::Hexagram;

/// The rulebook's figures: the cover grid, the opposites, the Pathways example and card 12.
pub fn figures() -> Result<Vec<Figure>, ArtError> {
    let path: Vec<u8> = pathways_example().iter().map(|l| l.hexagram.number()).collect();
    let card = cards::card_svg(super::DECK, &Face::Card(hex(EXAMPLE_CARD)), Lang::En).map_err(ExportError::from)?;
    Ok(vec![
        ("cover.svg".to_string(), hexagram_grid().svg()?),
        ("opposites.svg".to_string(), opposites(OPPOSITES_EXAMPLE).svg()?),
        ("pathways-example.svg".to_string(), pathway(&path).svg()?),
        ("card.svg".to_string(), card),
    ])
}

/// All 64 hexagrams in King Wen order, the doubles and mirrors in the accent colour.
fn hexagram_grid() -> Drawing {
    let (cw, ch) = (56.0, 66.0);
    let mut d = Drawing::new(cw * 8.0, ch * 8.0);
    for h in Hexagram::all() {
        let i = f32::from(h.number() - 1);
        let (col, row) = (i % 8.0, (i / 8.0).floor());
        let (x, y) = (col * cw + 12.0, row * ch + 8.0);
        let special = h.is_double() || h.is_mirror();
        d.hexagram(h, (x, y), 32.0, 4.2, 7.0, if special { Ink::Accent } else { Ink::Ink });
        d.text((x + 16.0, y + 54.0), 9.0, "middle", Ink::Muted, Weight::Regular, &h.number().to_string());
    }
    d
}

/// A hexagram with a title above its number and name; dots mark the `highlight` lines.
fn labelled_hexagram(d: &mut Drawing, h: Hexagram, cx: f32, y: f32, title: &str, highlight: &[usize]) {
    let w = 70.0;
    let tops = d.hexagram(h, (cx - w / 2.0, y), w, 9.0, 15.0, Ink::Ink);
    for &i in highlight {
        d.circle((cx + w / 2.0 + 10.0, tops[i] + 4.5), 3.0, Ink::Accent, None);
    }
    d.text((cx, y + 112.0), 14.0, "middle", Ink::Accent, Weight::Bold, title);
    d.text((cx, y + 130.0), 14.0, "middle", Ink::Ink, Weight::Bold, &h.number().to_string());
    d.text((cx, y + 147.0), 12.0, "middle", Ink::Muted, Weight::Regular, h.names().en);
}

/// Hexagram `n` and its complement, inverse and trigram swap.
fn opposites(n: u8) -> Drawing {
    let h = hex(n);
    let mut d = Drawing::new(640.0, 170.0);
    labelled_hexagram(&mut d, h, 80.0, 8.0, "start", &[]);
    labelled_hexagram(&mut d, h.complement(), 240.0, 8.0, "complement", &[0, 1, 2, 3, 4, 5]);
    labelled_hexagram(&mut d, h.inverse(), 400.0, 8.0, "inverse", &[]);
    labelled_hexagram(&mut d, h.swapped(), 560.0, 8.0, "trigram swap", &[]);
    d.line((160.0, 10.0), (160.0, 150.0), Stroke { ink: Ink::Rule, width: 1.0 });
    d
}

/// A Pathways line of play, with the line changed at each step.
fn pathway(path: &[u8]) -> Drawing {
    let step = 150.0;
    let mut d = Drawing::new(step * path.len() as f32 - 40.0, 160.0);
    for (i, &n) in path.iter().enumerate() {
        let h = hex(n);
        let cx = 55.0 + i as f32 * step;
        let changed: Vec<usize> = match i.checked_sub(1).map(|p| hex(path[p])) {
            Some(before) => before.differing_lines(h).iter().map(|l| usize::from(l.get()) - 1).collect(),
            None => Vec::new(),
        };
        labelled_hexagram(&mut d, h, cx, 6.0, if i == 0 { "start" } else { "" }, &changed);
        if let Some(&next) = path.get(i + 1) {
            let line = h.differing_lines(hex(next))[0].get();
            d.arrow(cx + 58.0, 50.0, cx + step - 58.0, Ink::Accent);
            d.text((cx + step / 2.0, 40.0), 12.0, "middle", Ink::Accent, Weight::Regular, &format!("line {line}"));
        }
    }
    d
}
