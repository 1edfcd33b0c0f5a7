//! The solitaire deal (docs/puzzles.md, docs/solitaire.md): a deal of I-Ching Solitaire proven
//! winnable by the exact solver, with the fewest stock cards a win turns and one win that
//! turns that few. The id's seed (SHA-256 of its text, like every puzzle's) gives a first
//! deal seed below 2³², and the puzzle is the first deal from that seed on that the solver
//! wins; so `solitaire-YYYY-MM-DD` also plays on the play page as `/play/solitaire?seed=N`.
//! A player's answer is replayed through the game's own engine.

use crate::play::{Game, Outcome};
use crate::solitaire::answer;
use crate::solitaire::engine::{Action, Solitaire};
use crate::solitaire::solve::Solver;
use crate::solitaire::view::SolitaireView;
use crate::solitaire::{Deal, STOCK, Variant};
use serde::Serialize;

/// The rules of a solitaire deal, short, as the page shows them beside the table (docs/solitaire.md).
pub const RULES: [&str; 5] = [
    "Four piles of twelve cards lie face up; only the top card of each pile can be played. The start card is turned up; the other fifteen cards are the stock, face down.",
    "A card turned up (the start card, then each stock card) is laid on the centre in the reading you choose: dark side up it shows its own hexagram, light side up (turned 180°) its inverse.",
    "A pile's top card goes onto the centre card, in either reading, when the hexagram it then shows changes exactly one line of the centre card's, or all six, or it is a Mirror (1, 2, 27, 28, 29, 30, 61, 62), which goes on anything.",
    "When you cannot or will not play a pile card, turn the next stock card.",
    "Clearing the four piles wins: the fewer stock cards turned, the better. The stock spent with no pile card to play is a loss.",
];

/// A deal with its best result and one way to reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolitaireDeal {
    /// The seed that deals it ([`Deal::shuffled`]), below 2³² + the seeds passed over.
    pub seed: u64,
    pub deal: Deal,
    /// The fewest stock cards a win turns.
    pub shortest: usize,
    /// One win that turns that few, action by action.
    pub solution: Vec<Action>,
    pub difficulty: SolitaireDifficulty,
}

/// How hard a deal is, from the solver alone.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolitaireDifficulty {
    /// The fewest stock cards a win turns (of 15).
    pub shortest: usize,
    /// Layouts the exact solver looked at (a layout once a stock card).
    pub layouts: u64,
    /// `shortest`: a win that needs more of the stock leaves less room for a wrong move;
    /// what the numbered series is sorted by.
    pub rating: u32,
}

impl SolitaireDeal {
    /// The deal of a puzzle seed: the first winnable deal from the seed's first four bytes
    /// (little-endian) on. Four deals in five can be won, so one comes within a few seeds.
    pub fn generate(seed: [u8; 32]) -> SolitaireDeal {
        let first = u64::from(u32::from_le_bytes([seed[0], seed[1], seed[2], seed[3]]));
        let mut solver = Solver::new();
        (first..)
            .find_map(|seed| {
                let deal = Deal::shuffled(seed);
                let (shortest, solution) = solver.shortest_with_win(&deal, Variant::BOOK)?;
                let layouts = solver.states;
                let difficulty = SolitaireDifficulty { shortest, layouts, rating: shortest as u32 };
                Some(SolitaireDeal { seed, deal, shortest, solution, difficulty })
            })
            .expect("a winnable deal")
    }
}

/// The verdict of the rules on a proposed list of actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The piles were cleared by the last action.
    pub cleared: bool,
    /// Legal so far, the piles not cleared, and no move left: the stock is spent and no
    /// pile card fits the centre card (the game is lost).
    pub lost: bool,
    /// Stock cards turned.
    pub turned: usize,
    /// Pile cards laid on the centre (of 48).
    pub laid: usize,
    /// The first action that breaks a rule (from 1), with the rule's code and words.
    pub failure: Option<(usize, &'static str, String)>,
    /// The table after the last legal action, as the player sees it (the stock hidden).
    pub view: SolitaireView,
}

/// Plays `actions` on the deal through the game's engine: the first action that breaks a
/// rule, or comes after the game is over, is named at its place in the list.
pub fn play(deal: &Deal, actions: &[Action]) -> Played {
    let mut game = Solitaire::new(deal.clone(), Variant::BOOK);
    let mut failure = None;
    for (i, action) in actions.iter().enumerate() {
        let step = i + 1;
        if game.outcome().is_some() {
            failure = Some((step, "already-finished", format!("move {step}: the game was already over")));
            break;
        }
        if let Err(e) = game.apply(action) {
            failure = Some((step, e.rule, format!("move {step}: {}", e.message)));
            break;
        }
    }
    let outcome = game.outcome();
    Played {
        cleared: outcome == Some(Outcome::Won(0)),
        lost: outcome == Some(Outcome::Stalled),
        turned: game.turned(),
        laid: game.laid(),
        failure,
        view: game.view(0),
    }
}

/// The result of a win turning `turned` stock cards beside the shortest, in words.
pub fn result(turned: usize, shortest: usize) -> String {
    if turned == shortest {
        format!("cleared turning {}: the shortest win", stock_cards(turned))
    } else {
        format!("cleared turning {}; the shortest win turns {shortest}", stock_cards(turned))
    }
}

fn stock_cards(n: usize) -> String {
    if n == 1 { "1 stock card".to_string() } else { format!("{n} stock cards") }
}

/// The text a player shares after a win, like the other puzzles' (`hexforge ID marks
/// result (verdict)`): one mark a stock card, ■ turned, □ left; never a card of the deal.
pub fn share(id: &str, turned: usize, shortest: usize) -> String {
    let bar: String = (0..STOCK).map(|i| if i < turned { '■' } else { '□' }).collect();
    let verdict =
        if turned == shortest { "optimal".to_string() } else { format!("+{} from the best", turned - shortest) };
    format!("hexforge {id} {bar} {} turned ({verdict})", stock_cards(turned))
}

/// Reads `dark,2:light,turn` ([`answer::parse_all`]).
pub fn parse_moves(text: &str) -> Result<Vec<Action>, crate::play::Illegal> {
    answer::parse_all(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::{Date, PuzzleGame, PuzzleId};

    /// A day's deal is winnable, the same every time, and its answer wins turning exactly the
    /// shortest; the solver, asked again on the deal, agrees.
    #[test]
    fn a_days_deal_is_won_by_its_answer_turning_the_fewest_stock_cards() {
        let id = PuzzleId::daily(PuzzleGame::Solitaire, Date::new(2026, 11, 29).unwrap());
        assert_eq!(id.to_string(), "solitaire-2026-11-29");
        let p = SolitaireDeal::generate(id.seed());
        assert!(p.seed < 1 << 33);
        assert_eq!(p.deal, Deal::shuffled(p.seed));
        assert_eq!(Solver::new().shortest(&p.deal, Variant::BOOK), Some(p.shortest));
        assert_eq!(SolitaireDeal::generate(id.seed()), p, "the same id, the same deal");
        let played = play(&p.deal, &p.solution);
        assert_eq!((played.cleared, played.turned, played.laid, played.failure), (true, p.shortest, 48, None));
        let next = PuzzleId::daily(PuzzleGame::Solitaire, Date::new(2026, 11, 30).unwrap());
        assert_ne!(SolitaireDeal::generate(next.seed()).deal, p.deal);
    }

    /// A move after the win, a pile card while a card waits to be laid, and a card that does
    /// not fit are each named at their place in the list, with the rule.
    #[test]
    fn a_broken_rule_is_named_at_its_move() {
        let p = SolitaireDeal::generate([3; 32]);
        let mut after = p.solution.clone();
        after.push(Action::Turn);
        let failure = play(&p.deal, &after).failure.expect("refused");
        assert_eq!((failure.0, failure.1), (after.len(), "already-finished"));
        let first_play =
            Action::Play(crate::solitaire::engine::Play { pile: 1, orientation: crate::core::card::Orientation::Dark });
        let failure = play(&p.deal, &[first_play]).failure.expect("refused");
        assert_eq!((failure.0, failure.1), (1, "lay-first"));
        assert!(failure.2.starts_with("move 1: "), "{}", failure.2);
        // Turning the whole stock without a pile card: legal, then lost or not, never cleared.
        let mut turns = vec![Action::Read(crate::core::card::Orientation::Dark)];
        for _ in 0..STOCK {
            turns.extend([Action::Turn, Action::Read(crate::core::card::Orientation::Dark)]);
        }
        let played = play(&p.deal, &turns);
        assert_eq!((played.failure.is_none(), played.cleared, played.turned), (true, false, STOCK));
        assert_eq!(played.view.stock, 0);
    }

    #[test]
    fn the_share_text_holds_no_card() {
        let text = share("solitaire-2026-11-29", 9, 7);
        assert_eq!(text, "hexforge solitaire-2026-11-29 ■■■■■■■■■□□□□□□ 9 stock cards turned (+2 from the best)");
        assert!(share("solitaire-3", 7, 7).ends_with("(optimal)"));
        assert_eq!(result(7, 7), "cleared turning 7 stock cards: the shortest win");
        assert_eq!(result(1, 0), "cleared turning 1 stock card; the shortest win turns 0");
    }
}
