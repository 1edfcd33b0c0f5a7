//! The Zhi Pai rulebook's part: its facts (the worked example played through the rules,
//! the score table), its components list and its figures.

use super::rules::{Condition, Game, Setup, Side};
use super::{score, shared_trigram};
use crate::cards::export::{self as card_export, ExportError};
use crate::cards::{self, Face, Lang, PlayerSet, TrigramFace};
use crate::core::hexagram::{Hexagram, Line};
use crate::core::names::capitalise;
use crate::core::trigram::Trigram;
use crate::games::ArtError;
use crate::games::{Component, Figure};
use crate::rulebook::figures::{INK, LIGHT_INK, MUTED, PAPER, RULE, Svg, TINT, hexagram_at, line_bar, paint};
use crate::rulebook::{hexagrams_json, numbers, trigrams_json};
use serde_json::{Value, json};
use std::fmt::Write;

/// The worked Zhi Pai chain of SPEC §3, left to right.
const ZHI_PAI_SEQUENCE: [u8; 6] = [12, 6, 40, 55, 22, 11];

fn hex(n: u8) -> Hexagram {
    Hexagram::from_number(i64::from(n)).expect("rulebook examples use numbers 1..=64")
}

/// The components, in the words and counts `hexforge generate` prints; the printed rows
/// name the home-print PDFs of the deck.
pub fn components() -> Vec<Component> {
    let deck = cards::Deck::ZhiPai;
    let sheets = || crate::print::paper::Paper::HOME.map(|p| card_export::sheet_pdf_path(deck, p)).to_vec();
    let pairs = deck.print_pairs();
    let count = |which: fn(&(Face, Face)) -> bool| pairs.iter().filter(|pair| which(pair)).count() as u32;
    vec![
        Component::printed(
            count(|pair| matches!(pair.0, Face::Card(_))),
            "Hexagram cards",
            "each with its complement in the corner; poker size 63 × 88 mm",
            sheets(),
        ),
        Component::printed(
            count(|pair| pair.1 == Face::Back),
            "Card backs",
            "for the hexagram cards, on the back pages; print double-sided",
            sheets(),
        ),
        Component::printed(
            count(|pair| matches!(pair.0, Face::Trigram(_))),
            "Trigram cards",
            "8 per player, active face and inactive face (front and back)",
            sheets(),
        ),
        Component::other(1, "Rulebook", "this booklet"),
    ]
}

/// The worked example of SPEC §3, played through the rules engine so that every
/// placement is checked, with what each one does to the trigram cards.
fn zhi_pai_example() -> Value {
    let start = hex(ZHI_PAI_SEQUENCE[0]);
    let moves = [(6, Side::Left), (22, Side::Right), (40, Side::Left), (55, Side::Left)];
    let mut game = Game::new(Setup::new(start));
    // The turn on which each trigram card last woke, by trigram bits.
    let mut woke_on = [0usize; 8];
    let mut rows = Vec::new();
    for (turn, (card, side)) in moves.into_iter().enumerate() {
        let (card, turn) = (hex(card), turn + 1);
        let touching = game.end(side);
        let before = game.active();
        let placed = game.place(card, side).expect("the SPEC's worked example is legal");
        let after = game.active();
        let woke: Vec<Trigram> =
            [card.lower(), card.upper()].into_iter().filter(|&t| after.contains(t) && !before.contains(t)).collect();
        for t in &woke {
            woke_on[t.bits() as usize] = turn;
        }
        let lines: Vec<u8> = card.differing_lines(touching).iter().map(|p| p.get()).collect();
        let link = match placed.condition {
            Condition::OneLine => format!("1 (line {})", lines[0]),
            Condition::Swap => format!("2 (lines {} and {})", lines[0], lines[1]),
            Condition::Trigram => format!("3 ({})", placed.trigram.map_or("", |t| t.name())),
        };
        rows.push(json!({
            "card": card.number(),
            // A card on the left chain goes right of its end, and the other way round.
            "side": match side { Side::Left => "right", Side::Right => "left" },
            "touching": touching.number(),
            "lines": lines,
            "link": link,
            "activated": woke.iter().map(|t| t.name()).collect::<Vec<_>>(),
            "spent": placed.trigram.map(|t| t.name()),
        }));
    }
    let (_, finish) = game.finish().expect("the SPEC's worked example finishes");
    let (left, right) = (game.end(Side::Left), game.end(Side::Right));
    let lines: Vec<u8> = left.differing_lines(right).iter().map(|p| p.get()).collect();
    // The ends may also share a trigram whose card is active: the seed's own reading.
    let shared = shared_trigram(left, right).map(|(_, t)| t).filter(|&t| game.active().contains(t));
    json!({
        "start": start.number(),
        "end": start.complement().number(),
        "placements": rows,
        "finish": {
            "left": left.number(),
            "right": right.number(),
            "condition": finish.condition.number(),
            "lines": lines,
            "trigram": finish.trigram.map(|t| t.name()),
            "shared": shared.map(|t| t.name()),
            "shared_active_since": shared.map(|t| woke_on[t.bits() as usize]),
        },
        "sequence": numbers(game.sequence()),
        "gaps": gaps(&game),
    })
}

/// A label for each gap of a finished line, left to right: the condition and what it
/// used (lines or trigram), as the chain figure prints them.
fn gaps(game: &Game) -> Vec<Value> {
    let seq = game.sequence();
    let (_, finish) = game.finish().expect("a finished game");
    let junction = seq.iter().position(|&h| h == game.end(Side::Left)).expect("the left end is in the line");
    let placement = |card: Hexagram| {
        let p = game.placements().iter().find(|p| p.card == card).expect("every inner card was placed");
        (p.condition, p.trigram)
    };
    seq.windows(2)
        .enumerate()
        .map(|(i, w)| {
            // Left of the junction the right card of a pair was laid last; right of it,
            // the left one; at the junction the two ends closed the line.
            let (condition, trigram) = match i.cmp(&junction) {
                std::cmp::Ordering::Less => placement(w[1]),
                std::cmp::Ordering::Equal => (finish.condition, finish.trigram),
                std::cmp::Ordering::Greater => placement(w[0]),
            };
            let lines: Vec<String> = w[0].differing_lines(w[1]).iter().map(|p| p.to_string()).collect();
            let detail = match (condition, trigram) {
                (Condition::Trigram, Some(t)) => t.name().to_string(),
                (Condition::OneLine, _) => format!("line {}", lines.join(", ")),
                _ => format!("lines {}", lines.join(", ")),
            };
            json!({ "condition": condition.number(), "detail": detail, "finish": i == junction })
        })
        .collect()
}

/// The facts the Zhi Pai rulebook prints (`sys.inputs.data`).
pub fn data() -> Value {
    let example = zhi_pai_example();
    let length = example["sequence"].as_array().map_or(0, Vec::len);
    json!({
        "card": crate::cards::rulebook_card_size(),
        "trigrams": trigrams_json(),
        "hexagrams": hexagrams_json(),
        "card_example": {
            "n": ZHI_PAI_SEQUENCE[0],
            "complement": hex(ZHI_PAI_SEQUENCE[0]).complement().number(),
        },
        "score_table": score::SOLO_PENALTIES.iter().map(|row| json!({
            "zone": if row.or_more { format!("{} or more", row.common_zone) } else { row.common_zone.to_string() },
            "penalty": row.penalty,
        })).collect::<Vec<_>>(),
        "example": example,
        "example_score": {
            "penalty": score::common_zone_penalty(6).expect("6 is a valid zone"),
            "total": score::solo_score(length, 6).expect("6 is a valid zone"),
        },
        "example_score_two_passes": score::solo_score(length, 8).expect("8 is a valid zone"),
    })
}

// --- Figures ---------------------------------------------------------------------------

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_zhi_pai_example_wakes_what_the_spec_says() {
        let ex = zhi_pai_example();
        let woke: Vec<Value> = ex["placements"].as_array().unwrap().iter().map(|p| p["activated"].clone()).collect();
        assert_eq!(woke[0], json!(["water", "heaven"]));
        assert_eq!(woke[1], json!(["fire", "mountain"]));
        assert_eq!(woke[2], json!(["thunder"]));
        assert_eq!(woke[3], json!([]));
    }
}
