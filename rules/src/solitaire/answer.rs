//! A shortest win spelled out: the solver ([`super::solve`]) keeps, for each stock card, the
//! centre cards every layout is reached with; walking back from the cleared layout through
//! those sets gives one list of actions that wins turning the fewest stock cards. And the
//! actions as a player writes them: `dark` or `light` (lay the card turned up that way up),
//! `2:light` (pile 2's top card), `turn` (turn the next stock card).

use super::engine::Action;
use super::solve::{LAYOUTS, PLACE, heights};
use super::{DEPTH, Deal, PILES, Variant};
use crate::core::card::Orientation;
use crate::play::Illegal;
use std::fmt::Write;

/// The reading that makes `card` (bits of its dark face) show `shown`.
fn reading(card: u8, shown: u8) -> Orientation {
    if card == shown { Orientation::Dark } else { Orientation::Light }
}

/// Some centre card of `tops`, the lowest.
fn one_of(tops: u64) -> u8 {
    tops.trailing_zeros() as u8
}

/// Walks back from the cleared layout of the last layer (`layers[t]`: the centre cards each
/// layout is reached with after stock card `t`) to the start card: the actions in order.
pub(super) fn walk_back(deal: &Deal, variant: Variant, layers: &[Vec<u64>]) -> Vec<Action> {
    debug_assert!(layers.iter().all(|l| l.len() == LAYOUTS));
    let full = super::solve::index(&[DEPTH as u8; PILES]);
    let mut t = layers.len() - 1;
    let mut layout = 0usize;
    let mut top = one_of(layers[t][layout]);
    let mut backwards = Vec::new();
    loop {
        let entry = if t == 0 { deal.start } else { deal.stock[t - 1] };
        let entered = if t == 0 { layout == full } else { layers[t - 1][layout] != 0 };
        if entered && variant.readings(entry).any(|r| r == top) {
            backwards.push(Action::Read(reading(entry, top)));
            if t == 0 {
                break;
            }
            backwards.push(Action::Turn);
            t -= 1;
            top = one_of(layers[t][layout]);
            continue;
        }
        let h = heights(layout);
        let (p, before) = (0..PILES)
            .filter(|&p| (h[p] as usize) < DEPTH)
            .find_map(|p| {
                let card = deal.piles[p][h[p] as usize];
                let reads = variant.readings(card).any(|r| r == top);
                let below =
                    layers[t][layout + PLACE[p]] & (0..64).filter(|&b| variant.fits(top, b)).fold(0, |m, b| m | 1 << b);
                (reads && below != 0).then(|| (p, one_of(below)))
            })
            .expect("every centre card a layout is reached with came from an entry or a pile card");
        backwards.push(Action::Play(super::engine::Play {
            pile: p + 1,
            orientation: reading(deal.piles[p][h[p] as usize], top),
        }));
        layout += PLACE[p];
        top = before;
    }
    backwards.reverse();
    backwards
}

/// An action as a player writes it: `dark`, `light`, `2:light`, `turn`.
pub fn spell(action: &Action) -> String {
    match action {
        Action::Read(o) => o.to_string(),
        Action::Play(play) => format!("{}:{}", play.pile, play.orientation),
        Action::Turn => "turn".to_string(),
    }
}

/// Actions spelled one after another: `dark,2:light,turn,light`.
pub fn spell_all(actions: &[Action]) -> String {
    let mut out = String::new();
    for (i, a) in actions.iter().enumerate() {
        let _ = write!(out, "{}{}", if i == 0 { "" } else { "," }, spell(a));
    }
    out
}

/// Reads one action as [`spell`] writes it; the error names the text and what is allowed.
pub fn parse(text: &str) -> Result<Action, Illegal> {
    let bad = || {
        Illegal::new(
            "bad-move",
            format!(
                "{text:?} is not a move; write dark or light (lay the card turned up), a pile 1 to {PILES} and a reading such as 2:light (play its top card), or turn"
            ),
        )
    };
    if text == "turn" {
        return Ok(Action::Turn);
    }
    if let Ok(o) = text.parse::<Orientation>() {
        return if matches!(text, "dark" | "light") { Ok(Action::Read(o)) } else { Err(bad()) };
    }
    let (pile, orientation) = text.split_once(':').ok_or_else(bad)?;
    let canonical = pile.len() == 1 && pile.bytes().all(|b| b.is_ascii_digit());
    let pile: usize = pile.parse().ok().filter(|p| canonical && (1..=PILES).contains(p)).ok_or_else(bad)?;
    if !matches!(orientation, "dark" | "light") {
        return Err(bad());
    }
    Ok(Action::Play(super::engine::Play { pile, orientation: orientation.parse().map_err(|_| bad())? }))
}

/// Reads `dark,2:light,turn`: blanks around a move are ignored, an empty text is no move.
pub fn parse_all(text: &str) -> Result<Vec<Action>, Illegal> {
    text.split(',').map(str::trim).filter(|s| !s.is_empty()).map(parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Game;
    use crate::solitaire::engine::Solitaire;
    use crate::solitaire::solve::Solver;

    /// The win walked back from the solver's layers replays through the engine as a win
    /// turning exactly the fewest stock cards, on winnable seeded deals.
    #[test]
    fn a_shortest_win_replays_as_a_win_turning_the_fewest_stock_cards() {
        let mut solver = Solver::new();
        let mut checked = 0;
        for seed in 0..40u64 {
            let deal = Deal::shuffled(seed);
            let Some(shortest) = solver.shortest(&deal, Variant::BOOK) else {
                assert!(solver.shortest_win(&deal, Variant::BOOK).is_none(), "seed {seed}");
                continue;
            };
            let looked_at = solver.states;
            let win = solver.shortest_win(&deal, Variant::BOOK).expect("winnable");
            // One solve gives both, looking at as many layouts as the solve for the count.
            assert_eq!(solver.shortest_with_win(&deal, Variant::BOOK), Some((shortest, win.clone())), "seed {seed}");
            assert_eq!(solver.states, looked_at, "seed {seed}");
            let mut game = Solitaire::new(deal, Variant::BOOK);
            for (i, a) in win.iter().enumerate() {
                game.apply(a).unwrap_or_else(|e| panic!("seed {seed}, action {}: {e}", i + 1));
            }
            assert_eq!(game.outcome(), Some(crate::play::Outcome::Won(0)), "seed {seed}");
            assert_eq!(game.turned(), shortest, "seed {seed}");
            assert_eq!(parse_all(&spell_all(&win)).unwrap(), win, "seed {seed}: read back as written");
            checked += 1;
        }
        assert!(checked > 20, "most deals can be won: {checked} of 40");
    }

    #[test]
    fn a_move_is_read_as_written_and_a_bad_one_is_named() {
        let read = parse_all(" dark, 2:light ,turn,light").unwrap();
        assert_eq!(spell_all(&read), "dark,2:light,turn,light");
        for bad in ["5:dark", "0:dark", "02:dark", "2:up", "Dark", "pass", "2", ":dark", "d"] {
            let e = parse(bad).unwrap_err();
            assert!(e.rule == "bad-move" && e.message.contains(&format!("{bad:?}")), "{bad}: {e}");
        }
    }
}
