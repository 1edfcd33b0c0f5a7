//! The changing lines rulebook's figures, drawn from the rules.

use super::rulebook::*;
use crate::cards::export::ExportError;
use crate::cards::{self, Face, Lang};
use crate::core::hexagram::Hexagram;
use crate::games::ArtError;
use crate::games::Figure;
use crate::rulebook::figures::{ACCENT, INK, MUTED, RULE, Svg, arrow, hexagram_at, paint};

/// The rulebook's figures: the cover grid, the opposites, the Pathways example and card 12.
pub fn figures() -> Result<Vec<Figure>, ArtError> {
    let path: Vec<u8> = pathways_example().iter().map(|l| l.hexagram.number()).collect();
    let card = cards::card_svg(cards::Deck::ChangingLines, &Face::Card(hex(EXAMPLE_CARD)), Lang::En)
        .map_err(ExportError::from)?;
    let mut out = paint(vec![
        ("cover.svg".to_string(), hexagram_grid()),
        ("opposites.svg".to_string(), opposites(OPPOSITES_EXAMPLE)),
        ("pathways-example.svg".to_string(), pathway(&path)),
    ])?;
    out.push(("card.svg".to_string(), card));
    Ok(out)
}

fn hexagram_grid() -> String {
    let (cw, ch) = (56.0, 66.0);
    let mut svg = Svg::new(cw * 8.0, ch * 8.0);
    for h in Hexagram::all() {
        let i = f64::from(h.number() - 1);
        let (col, row) = (i % 8.0, (i / 8.0).floor());
        let (x, y) = (col * cw + 12.0, row * ch + 8.0);
        let special = h.is_double() || h.is_mirror();
        let fill = if special { ACCENT } else { INK };
        hexagram_at(&mut svg, h, x, y, 32.0, 4.2, 7.0, fill);
        svg.text(x + 16.0, y + 54.0, 9.0, "middle", MUTED, "normal", &h.number().to_string());
    }
    svg.finish()
}

fn labelled_hexagram(svg: &mut Svg, h: Hexagram, cx: f64, y: f64, title: &str, highlight: &[usize]) {
    let w = 70.0;
    let ys = hexagram_at(svg, h, cx - w / 2.0, y, w, 9.0, 15.0, INK);
    for &i in highlight {
        svg.circle(cx + w / 2.0 + 10.0, ys[i] + 4.5, 3.0, ACCENT, "none", 0.0);
    }
    svg.text(cx, y + 112.0, 14.0, "middle", ACCENT, "bold", title);
    svg.text(cx, y + 130.0, 14.0, "middle", INK, "bold", &h.number().to_string());
    svg.text(cx, y + 147.0, 12.0, "middle", MUTED, "normal", h.names().en);
}

fn opposites(n: u8) -> String {
    let h = hex(n);
    let mut svg = Svg::new(640.0, 170.0);
    labelled_hexagram(&mut svg, h, 80.0, 8.0, "start", &[]);
    labelled_hexagram(&mut svg, h.complement(), 240.0, 8.0, "complement", &[0, 1, 2, 3, 4, 5]);
    labelled_hexagram(&mut svg, h.inverse(), 400.0, 8.0, "inverse", &[]);
    labelled_hexagram(&mut svg, h.swapped(), 560.0, 8.0, "trigram swap", &[]);
    svg.line(160.0, 10.0, 160.0, 150.0, RULE, 1.0);
    svg.finish()
}

fn pathway(path: &[u8]) -> String {
    let step = 150.0;
    let mut svg = Svg::new(step * path.len() as f64 - 40.0, 160.0);
    for (i, &n) in path.iter().enumerate() {
        let h = hex(n);
        let cx = 55.0 + i as f64 * step;
        let changed = path
            .get(i.wrapping_sub(1))
            .filter(|_| i > 0)
            .map(|&p| hex(p).differing_lines(h).iter().map(|l| usize::from(l.get()) - 1).collect())
            .unwrap_or_else(Vec::new);
        labelled_hexagram(&mut svg, h, cx, 6.0, if i == 0 { "start" } else { "" }, &changed);
        if i + 1 < path.len() {
            let next = hex(path[i + 1]);
            let line = h.differing_lines(next)[0].get();
            arrow(&mut svg, cx + 58.0, 50.0, cx + step - 58.0, ACCENT);
            svg.text(cx + step / 2.0, 40.0, 12.0, "middle", ACCENT, "normal", &format!("line {line}"));
        }
    }
    svg.finish()
}
