//! The Zhi Pai rulebook's figures: the setup of a solo game, the cards of the worked
//! example as printed, and a trigram card on both faces.

use super::rulebook::{ZHI_PAI_SEQUENCE, hex};
use crate::cards::export::ExportError;
use crate::cards::{self, Face, Lang, PlayerSet, TrigramFace};
use crate::games::{ArtError, Figure};
use crate::rulebook::figures::{Drawing, Ink, Stroke, Weight, rect, stroke};
use hexforge_rules::core::hexagram::Line;
use hexforge_rules::core::trigram::Trigram;

/// The rulebook's figures: the setup, the cards of the worked example and a trigram card
/// on both faces.
pub fn figures(lang: Lang) -> Result<Vec<Figure>, ArtError> {
    let card = |face: Face, name: String| -> Result<Figure, ArtError> {
        Ok((name, cards::card_svg(super::DECK, &face, lang).map_err(ExportError::from)?))
    };
    let mut out = vec![("setup.svg".to_string(), setup(ZHI_PAI_SEQUENCE[0], lang).svg()?)];
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

/// A hexagram card in outline, 63 × 88 units × 2: number, hexagram, name, and the
/// complement small in the corner.
fn hexagram_card(n: u8, lang: Lang) -> Drawing {
    let (w, h) = (126.0, 176.0);
    let hx = hex(n);
    let c = hx.complement();
    let mut d = Drawing::new(w, h);
    d.rect(rect(1.0, 1.0, w - 2.0, h - 2.0), 8.0, Ink::Paper, stroke(Ink::Ink, 1.5));
    d.text((10.0, 22.0), 15.0, "start", Ink::Ink, Weight::Bold, &n.to_string());
    d.hexagram(hx, (28.0, 42.0), 70.0, 8.0, 14.0, Ink::Ink);
    d.text((w / 2.0, 140.0), 10.5, "middle", Ink::Ink, Weight::Regular, lang.hexagram_name(hx));
    d.hexagram(c, (w - 34.0, 150.0), 20.0, 2.4, 3.6, Ink::LightInk);
    d.text((w - 40.0, 170.0), 9.0, "end", Ink::LightInk, Weight::Regular, &c.number().to_string());
    d
}

/// A trigram card in outline: its lines and name when active, its name greyed when not.
fn trigram_card(t: Trigram, active: bool, lang: Lang) -> Drawing {
    let (w, h) = (54.0, 76.0);
    let mut d = Drawing::new(w, h);
    let outline = rect(1.0, 1.0, w - 2.0, h - 2.0);
    if active {
        d.rect(outline, 5.0, Ink::Paper, stroke(Ink::Ink, 1.2));
        for i in 0..3u8 {
            let line = if t.bits() >> i & 1 == 1 { Line::Yang } else { Line::Yin };
            d.line_bar(line, (12.0, 38.0 - f32::from(i) * 11.0), 30.0, 6.0, Ink::Ink);
        }
        d.text((w / 2.0, 64.0), 9.0, "middle", Ink::Ink, Weight::Regular, &lang.trigram_name(t));
    } else {
        d.rect(outline, 5.0, Ink::Tint, stroke(Ink::Rule, 1.2));
        d.text((w / 2.0, 42.0), 9.0, "middle", Ink::Muted, Weight::Regular, &lang.trigram_name(t));
    }
    d
}

/// The table at the start of a solo game: the two starting cards with room between them,
/// the eight trigram cards, the draw pile and the common zone.
fn setup(n: u8, lang: Lang) -> Drawing {
    let mut d = Drawing::new(760.0, 430.0);
    let start = hex(n);
    let heading = |d: &mut Drawing, at, s: &str| d.text(at, 13.0, "start", Ink::Ink, Weight::Bold, s);
    let note = |d: &mut Drawing, at, s: &str| d.text(at, 11.0, "middle", Ink::Muted, Weight::Regular, s);
    heading(&mut d, (10.0, 16.0), lang.pick("Your chain", "Votre séquence"));
    d.place((10.0, 26.0), hexagram_card(n, lang));
    for i in 0..4 {
        let x = 150.0 + i as f32 * 126.0;
        d.dashed(rect(x, 27.0, 112.0, 174.0), 8.0, Stroke { ink: Ink::Rule, width: 1.2 }, "5 4");
    }
    note(
        &mut d,
        (380.0, 220.0),
        lang.pick("new cards go at the two inner ends", "les nouvelles cartes se posent aux deux bouts intérieurs"),
    );
    d.place((624.0, 26.0), hexagram_card(start.complement().number(), lang));
    note(&mut d, (70.0, 220.0), lang.pick("start (left)", "départ (à gauche)"));
    note(&mut d, (688.0, 220.0), lang.pick("complement (right)", "opposé (à droite)"));
    heading(
        &mut d,
        (10.0, 250.0),
        lang.pick("Your trigram cards (all inactive at the start)", "Vos cartes Trigramme (inactives au départ)"),
    );
    for (i, t) in Trigram::ALL.iter().enumerate() {
        d.place((10.0 + i as f32 * 60.0, 260.0), trigram_card(*t, false, lang));
    }
    heading(&mut d, (500.0, 250.0), lang.pick("Draw pile", "Pioche"));
    d.rect(rect(500.0, 260.0, 60.0, 84.0), 5.0, Ink::Tint, stroke(Ink::Ink, 1.2));
    d.rect(rect(504.0, 256.0, 60.0, 84.0), 5.0, Ink::Tint, stroke(Ink::Ink, 1.2));
    heading(
        &mut d,
        (10.0, 366.0),
        lang.pick("Common Zone: six cards face up", "Zone Commune\u{a0}: six cartes visibles"),
    );
    for (i, m) in [3u8, 50, 6, 22, 40, 55].iter().enumerate() {
        let x = 10.0 + i as f32 * 62.0;
        d.rect(rect(x, 374.0, 54.0, 50.0), 4.0, Ink::Paper, stroke(Ink::Ink, 1.0));
        d.hexagram(hex(*m), (x + 12.0, 378.0), 22.0, 3.0, 5.5, Ink::Ink);
        d.text((x + 46.0, 418.0), 9.0, "end", Ink::Muted, Weight::Regular, &m.to_string());
    }
    d
}
