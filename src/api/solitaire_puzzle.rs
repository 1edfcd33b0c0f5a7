//! The solitaire deal of docs/puzzles.md as JSON, beside the ladder and the Zhi Pai deal
//! ([`super::puzzles`]): the deal as a player sees it (the stock's order too, as the book
//! prints it; the page keeps it face down), and the verdict on a player's moves, replayed
//! through the game's engine and set beside the shortest win.

use super::{Replayed, State};
use hexforge_rules::puzzles::solitaire::{self as puzzle, SolitaireDeal, SolitaireDifficulty};
use hexforge_rules::puzzles::{PuzzleGame, PuzzleId};
use hexforge_rules::solitaire::answer;
use hexforge_rules::solitaire::engine::{Action, number, shown};
use hexforge_rules::solitaire::view::SolitaireView;
use serde::Serialize;

/// The most moves an answer can hold: the start card, 48 pile cards, and 15 stock cards
/// turned and laid (as `/openapi.json` says).
pub const MAX_MOVES: usize = 1 + 48 + 2 * 15;

/// A solitaire deal as a player sees it:
/// `{"id":…,"game":"solitaire","seed":N,"piles":[[…],…],"start":S,"stock":[15 cards],"light_side":[64],"optimum":N,"difficulty":…}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolitaireDealView {
    pub id: String,
    pub game: PuzzleGame,
    /// The seed of the play page's deal: `/play/solitaire?seed=N` deals the same cards.
    pub seed: u64,
    /// Piles 1 to 4, card numbers from the bottom card to the top (the card played first).
    pub piles: Vec<Vec<u8>>,
    /// The card turned up to start the centre pile.
    pub start: u8,
    /// The stock, in the order it is turned.
    pub stock: Vec<u8>,
    /// `light_side[n - 1]`: the hexagram card `n` shows light side up (turned 180°, its inverse).
    pub light_side: Vec<u8>,
    /// The fewest stock cards a win turns.
    pub optimum: usize,
    pub difficulty: SolitaireDifficulty,
    /// The rules, short, one sentence each.
    pub rules: &'static [&'static str],
    /// One shortest win, move by move: `"dark"`, `"2:light"`, `"turn"`, …
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<String>>,
}

pub fn view(id: &PuzzleId, deal: &SolitaireDeal, reveal: bool) -> SolitaireDealView {
    let d = &deal.deal;
    SolitaireDealView {
        id: id.to_string(),
        game: id.game,
        seed: deal.seed,
        piles: d.piles.iter().map(|pile| pile.iter().map(|&c| number(c)).collect()).collect(),
        start: number(d.start),
        stock: d.stock.iter().map(|&c| number(c)).collect(),
        light_side: (1..=64)
            .map(|n| {
                let card = hexforge_rules::core::hexagram::Hexagram::from_number(n).expect("a card 1 to 64").bits();
                number(shown(card, hexforge_rules::core::card::Orientation::Light))
            })
            .collect(),
        optimum: deal.shortest,
        difficulty: deal.difficulty,
        rules: &puzzle::RULES,
        solution: reveal.then(|| deal.solution.iter().map(answer::spell).collect()),
    }
}

/// The verdict on a solitaire answer: `{"valid":…,"finished":…,"turned":…,"laid":…,
/// "optimum":…,"distance":…,"state":…,"errors":[…],"failed_move":…,"rule":…,"dead_end":…,
/// "table":{…},"share":…}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolitaireCheck {
    pub id: String,
    pub valid: bool,
    /// The piles are cleared.
    pub finished: bool,
    /// Stock cards turned: once cleared, the result (fewer is better).
    pub turned: usize,
    /// Pile cards laid on the centre, of 48.
    pub laid: usize,
    /// The fewest stock cards a win turns.
    pub optimum: usize,
    /// Stock cards turned beyond the optimum, once cleared.
    pub distance: Option<usize>,
    pub state: State,
    pub errors: Vec<String>,
    pub failed_move: Option<usize>,
    pub rule: Option<&'static str>,
    /// Legal so far, but no move is left: the stock is spent and no pile card fits (lost).
    pub dead_end: bool,
    /// The table after the last legal move, as the player sees it (the stock face down).
    pub table: SolitaireView,
    /// Once cleared: the result in words, beside the shortest win.
    pub result: Option<String>,
    /// Once cleared: the text a player shares (no card of the deal).
    pub share: Option<String>,
}

/// Replays `moves` on the deal through the engine.
pub fn check(id: &PuzzleId, deal: &SolitaireDeal, moves: &[Action]) -> SolitaireCheck {
    let played = puzzle::play(&deal.deal, moves);
    let verdict = Replayed::new(played.failure.as_ref(), played.cleared, || {
        format!("{} still in the piles", super::cards(48 - played.laid))
    });
    let solved = verdict.state == State::Solved;
    SolitaireCheck {
        id: id.to_string(),
        valid: solved,
        finished: played.cleared,
        turned: played.turned,
        laid: played.laid,
        optimum: deal.shortest,
        distance: solved.then(|| played.turned - deal.shortest),
        state: verdict.state,
        errors: verdict.errors,
        failed_move: verdict.failed_at,
        rule: verdict.rule,
        dead_end: played.failure.is_none() && played.lost,
        table: played.view,
        result: solved.then(|| puzzle::result(played.turned, deal.shortest)),
        share: solved.then(|| puzzle::share(&id.to_string(), played.turned, deal.shortest)),
    }
}

/// Reads the request's moves, each as `/openapi.json` spells it; the error names the move.
pub fn moves(moves: &[String]) -> Result<Vec<Action>, String> {
    if moves.len() > MAX_MOVES {
        return Err(format!("{} moves; a solitaire deal's answer has at most {MAX_MOVES}", moves.len()));
    }
    moves.iter().map(|m| answer::parse(m).map_err(|e| e.message)).collect()
}
