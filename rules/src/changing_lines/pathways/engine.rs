//! Pathways as a game for 2 to 8 players (docs/conventions.md, The Changing Lines deck, `changing-lines.txt` §V), played through
//! the one engine interface ([`crate::play::Game`]).
//!
//! The deck lies open. Each player has a pile, started with one card dealt at random (and,
//! in `free` mode, turned at random: the seed's player fixes it as they reveal it). In turn,
//! clockwise from seat 0 (the dealer's left), a player lays a card still in the deck on
//! their own pile, in a way the mode allows, showing a hexagram one line from the pile's
//! top. How this engine settles the flow, as the rulebook reads the seed:
//!
//! - **Crashing is an explicit action**, [`Action::Crash`], and the only one legal when no
//!   card can be laid (never when one can), so that every turn is an event a record holds
//!   and a bot is never asked to move with nothing to choose.
//! - **Re-entry**: a crashed player's pile stays out of the deck until play next passes
//!   their seat (crashed seats are skipped), so that every other player has taken one turn
//!   after the crash; then the whole pile, starting card included, is back in the deck.
//! - **The last player standing** takes one more turn: laying a card wins. If they cannot,
//!   they crash in the same round as the player before them (whose pile is never back by
//!   then) and the two share first place: the outcome is [`Outcome::Stalled`] ("no single
//!   winner"), counted as the event `shared-first`.
//! - A game cannot cycle: a turn lays a card or removes a player, at most 64 cards are laid
//!   between two crashes and there are at most 7 crashes, so no stall rule is needed.
//!
//! [`Pathways::dealt`] deals the starting cards from a seed; the rest of the game has no
//! chance and no hidden card, so an event is the action itself and
//! [`Game::determinized`] is a clone.

use super::{Laid, Mode};
use crate::changing_lines::deck::Deck;
use crate::core::card::{Card, Orientation};
use crate::core::deck::CardSet;
use crate::core::hexagram::Hexagram;
use crate::play::bots::Heuristic;
use crate::play::{Counts, Game, Illegal, Outcome, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

/// Seats at a Pathways table.
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=8;

/// A bound no game reaches (see the module's note on cycles): the simulation's action limit.
pub const ACTION_LIMIT: usize = 64 * 9;

/// What a seat does on its turn; also what a record holds (there is no chance in play).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Lay this card, this way up, on your own pile.
    Lay(Card, Orientation),
    /// No card can be laid: leave the game.
    Crash,
}

/// A Pathways game in progress.
#[derive(Clone, Debug)]
pub struct Pathways {
    deck: Deck,
    mode: Mode,
    /// Each seat's pile, bottom first. A crashed seat's pile stays until it returns.
    piles: Vec<Vec<Laid>>,
    /// Cards in some pile: not in the deck.
    out: CardSet,
    crashed: Vec<bool>,
    to_move: Option<Seat>,
    /// Whether the seat to move is the last one standing, taking the final turn.
    final_turn: bool,
    /// The seed's rule: the last player standing must still make one play to win. Off (the
    /// variant [`Pathways::last_standing_wins`]): they win as the player before them crashes.
    final_play: bool,
    outcome: Option<Outcome>,
    turns: u32,
    plays: u64,
    crashes: u64,
    returns: u64,
    shared_first: u64,
    /// The crashes in order, each with its round: a crash while the pile of the crash
    /// before it is still out of the deck is in the same round (the seed's tie in ranking).
    crash_rounds: Vec<(Seat, u32)>,
}

/// A card on a pile as a seat sees it: the card, which way up, the hexagram it shows and
/// that hexagram's English name.
#[derive(Clone, Debug, Serialize)]
pub struct LaidView {
    #[serde(flatten)]
    pub laid: Laid,
    pub name: &'static str,
}

/// Everything on the table (Pathways hides nothing): what [`Game::view`] gives every seat.
#[derive(Clone, Debug, Serialize)]
pub struct PathwaysView {
    pub deck: Vec<u8>,
    pub mode: Mode,
    /// Cards still in the deck, by number.
    pub available: Vec<u8>,
    pub piles: Vec<Vec<LaidView>>,
    pub crashed: Vec<bool>,
    pub to_move: Option<Seat>,
    pub final_turn: bool,
    pub outcome: Option<Outcome>,
    /// Once the game is over: the seats best first, a shared place together.
    pub ranking: Option<Vec<Vec<Seat>>>,
}

impl Pathways {
    /// A game from given starting cards, seat 0 (the dealer's left) first; seat 0 moves
    /// first. Refuses a table outside 2..=8, a starting card not in the deck or dealt twice,
    /// and a reading the mode forbids.
    pub fn new(deck: Deck, mode: Mode, starts: &[(Card, Orientation)]) -> Result<Pathways, Illegal> {
        if !PLAYERS.contains(&starts.len()) {
            return Err(Illegal::new("players", format!("{} players; Pathways is for 2 to 8", starts.len())));
        }
        let mut out = CardSet::EMPTY;
        for &(card, orientation) in starts {
            if !deck.contains(card) {
                return Err(Illegal::new("not-in-deck", format!("starting card {} is not in {deck}", card.number())));
            }
            if out.contains(card) {
                return Err(Illegal::new("card-laid", format!("starting card {} is dealt twice", card.number())));
            }
            if !mode.allows(orientation) {
                return Err(Illegal::new(
                    "wrong-orientation",
                    format!("starting card {} lies {}, which {mode} mode forbids", card.number(), orientation.name()),
                ));
            }
            out.insert(card);
        }
        Ok(Pathways {
            deck,
            mode,
            piles: starts.iter().map(|&(card, o)| vec![Laid::new(card, o)]).collect(),
            out,
            crashed: vec![false; starts.len()],
            to_move: Some(0),
            final_turn: false,
            final_play: true,
            outcome: None,
            turns: 0,
            plays: 0,
            crashes: 0,
            returns: 0,
            shared_first: 0,
            crash_rounds: Vec::new(),
        })
    }

    /// A game with each seat's starting card drawn at random from `deck` by `seed` (and in
    /// `free` mode turned at random). The deck must hold a card for each player.
    pub fn dealt(deck: Deck, mode: Mode, players: usize, seed: u64) -> Result<Pathways, Illegal> {
        if players > deck.cards().len() {
            return Err(Illegal::new(
                "players",
                format!("{players} players need {players} starting cards, but {deck} has {}", deck.cards().len()),
            ));
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut cards: Vec<Card> = deck.cards().iter().collect();
        let starts: Vec<(Card, Orientation)> = (0..players.min(cards.len()))
            .map(|_| {
                let card = cards.swap_remove(rng.random_range(0..cards.len()));
                let orientation = match mode {
                    Mode::Dark => Orientation::Dark,
                    Mode::Light => Orientation::Light,
                    Mode::Free => Orientation::BOTH[rng.random_range(0..2)],
                };
                (card, orientation)
            })
            .collect();
        Pathways::new(deck, mode, &starts)
    }

    /// The variant where the last player standing wins at once, without the final play
    /// (so no two players ever share first place).
    pub fn last_standing_wins(mut self) -> Pathways {
        self.final_play = false;
        self
    }

    /// Whether the last player standing must make a final play to win (the seed's rule).
    pub fn final_play(&self) -> bool {
        self.final_play
    }

    pub fn deck(&self) -> Deck {
        self.deck
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The cards on `seat`'s pile, bottom (the starting card) first; empty once a crashed
    /// seat's pile has returned to the deck.
    pub fn pile(&self, seat: Seat) -> &[Laid] {
        &self.piles[seat]
    }

    pub fn top(&self, seat: Seat) -> Option<Hexagram> {
        self.piles[seat].last().map(|l| l.hexagram)
    }

    pub fn crashed(&self, seat: Seat) -> bool {
        self.crashed[seat]
    }

    /// Cards in the deck now.
    pub fn available(&self) -> CardSet {
        CardSet::from_mask(self.deck.cards().mask() & !self.out.mask())
    }

    /// Once the game is over, the seats best first, players who share a place together
    /// (each place's seats in ascending order): the winner, if any, then the players in the
    /// reverse order of their crashes, those who crashed in the same round (before the pile
    /// of the crash before theirs was back in the deck) sharing a place. A last player
    /// standing who cannot make the final play shares first place with that round.
    pub fn ranking(&self) -> Option<Vec<Vec<Seat>>> {
        let outcome = self.outcome?;
        let mut places: Vec<Vec<Seat>> = Vec::new();
        if let Outcome::Won(winner) = outcome {
            places.push(vec![winner]);
        }
        let mut last_round = None;
        for &(seat, round) in self.crash_rounds.iter().rev() {
            if last_round == Some(round) {
                places.last_mut().expect("a place for this round").push(seat);
            } else {
                places.push(vec![seat]);
                last_round = Some(round);
            }
        }
        for place in &mut places {
            place.sort_unstable();
        }
        Some(places)
    }

    /// Whether the seat to move is the last player standing, on the final turn.
    pub fn final_turn(&self) -> bool {
        self.final_turn
    }

    /// Laying `card` this way up on `seat`'s pile now: the rule it breaks, if any.
    fn judge(&self, seat: Seat, card: Card, orientation: Orientation) -> Result<(), Illegal> {
        let n = card.number();
        if !self.deck.contains(card) {
            return Err(Illegal::new("not-in-deck", format!("card {n} is not in {}", self.deck)));
        }
        if self.out.contains(card) {
            return Err(Illegal::new("card-laid", format!("card {n} lies on a pile, not in the deck")));
        }
        if !self.mode.allows(orientation) {
            return Err(Illegal::new(
                "wrong-orientation",
                format!("card {n} laid {} but {} mode forbids it", orientation.name(), self.mode),
            ));
        }
        let top = self.top(seat).expect("a seat in play has a pile");
        let shown = card.shows(orientation);
        if (top.bits() ^ shown.bits()).count_ones() != 1 {
            return Err(Illegal::new(
                "not-one-line",
                format!(
                    "card {n} laid {} shows hexagram {}, which is not one line from the top of the pile ({})",
                    orientation.name(),
                    shown.number(),
                    top.number()
                ),
            ));
        }
        Ok(())
    }

    /// The cards `seat` could lay on `top` with `out` out of the deck, in a fixed order (the
    /// neighbours line 1 to 6, dark before light; in `free` mode a card showing the same
    /// hexagram either way, a Mirror, is listed once, dark).
    fn moves(&self, top: Hexagram, out: CardSet) -> impl Iterator<Item = (Card, Orientation)> + '_ {
        let deck = self.deck.cards();
        top.neighbours().into_iter().flat_map(move |n| {
            Orientation::BOTH.into_iter().filter_map(move |o| {
                let card = Card::showing(n, o);
                let mirror_twice = o == Orientation::Light
                    && self.mode.allows(Orientation::Dark)
                    && card == Card::showing(n, Orientation::Dark);
                let ok = self.mode.allows(o) && deck.contains(card) && !out.contains(card) && !mirror_twice;
                ok.then_some((card, o))
            })
        })
    }

    /// How many cards `seat` could lay with `out` out of the deck.
    fn mobility(&self, seat: Seat, out: CardSet) -> usize {
        match self.top(seat) {
            Some(top) if !self.crashed[seat] => self.moves(top, out).count(),
            _ => 0,
        }
    }

    fn alive(&self) -> usize {
        self.crashed.iter().filter(|c| !**c).count()
    }

    /// Passes the turn on from `seat`: crashed seats are skipped, and a crashed seat's pile
    /// returns to the deck as play passes it.
    fn pass_on(&mut self, seat: Seat) {
        let n = self.piles.len();
        let mut next = seat;
        loop {
            next = (next + 1) % n;
            if !self.crashed[next] {
                break;
            }
            if !self.piles[next].is_empty() {
                for laid in std::mem::take(&mut self.piles[next]) {
                    self.out.remove(laid.card);
                }
                self.returns += 1;
            }
        }
        self.to_move = Some(next);
        self.final_turn = self.alive() == 1;
    }
}

impl Game for Pathways {
    type Action = Action;
    type Event = Action;
    type View = PathwaysView;

    fn players(&self) -> usize {
        self.piles.len()
    }

    fn to_move(&self) -> Option<Seat> {
        self.to_move
    }

    fn legal_actions(&self) -> Vec<Action> {
        let Some(seat) = self.to_move else { return Vec::new() };
        let top = self.top(seat).expect("a seat in play has a pile");
        let lays: Vec<Action> = self.moves(top, self.out).map(|(c, o)| Action::Lay(c, o)).collect();
        if lays.is_empty() { vec![Action::Crash] } else { lays }
    }

    fn apply(&mut self, action: &Action) -> Result<Action, Illegal> {
        let Some(seat) = self.to_move else {
            return Err(Illegal::new("game-over", "the game is over"));
        };
        match *action {
            Action::Lay(card, orientation) => {
                self.judge(seat, card, orientation)?;
                self.piles[seat].push(Laid::new(card, orientation));
                self.out.insert(card);
                self.plays += 1;
                self.turns += 1;
                if self.final_turn {
                    self.outcome = Some(Outcome::Won(seat));
                    self.to_move = None;
                } else {
                    self.pass_on(seat);
                }
            }
            Action::Crash => {
                let top = self.top(seat).expect("a seat in play has a pile");
                if let Some((card, o)) = self.moves(top, self.out).next() {
                    return Err(Illegal::new(
                        "crash-with-a-move",
                        format!(
                            "a player who can lay a card may not crash (card {} {} is legal)",
                            card.number(),
                            o.name()
                        ),
                    ));
                }
                let round = match self.crash_rounds.last() {
                    Some(&(before, round)) if !self.piles[before].is_empty() => round,
                    Some(&(_, round)) => round + 1,
                    None => 0,
                };
                self.crash_rounds.push((seat, round));
                self.crashed[seat] = true;
                self.crashes += 1;
                self.turns += 1;
                if self.final_turn {
                    // The last player standing could not make the final play: they crashed in
                    // the same round as the player before them, and the two share first place.
                    self.shared_first += 1;
                    self.outcome = Some(Outcome::Stalled);
                    self.to_move = None;
                } else if !self.final_play && self.alive() == 1 {
                    let last = self.crashed.iter().position(|c| !*c).expect("one player standing");
                    self.outcome = Some(Outcome::Won(last));
                    self.to_move = None;
                } else {
                    self.pass_on(seat);
                }
            }
        }
        Ok(*action)
    }

    fn replay(&mut self, seat: Seat, event: &Action) -> Result<(), Illegal> {
        crate::play::check_turn(self.to_move, seat)?;
        self.apply(event).map(|_| ())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn view(&self, _seat: Seat) -> PathwaysView {
        PathwaysView {
            deck: self.deck.cards().numbers(),
            mode: self.mode,
            available: self.available().numbers(),
            piles: self
                .piles
                .iter()
                .map(|p| p.iter().map(|&laid| LaidView { laid, name: laid.hexagram.names().en }).collect())
                .collect(),
            crashed: self.crashed.clone(),
            to_move: self.to_move,
            final_turn: self.final_turn,
            outcome: self.outcome,
            ranking: self.ranking(),
        }
    }

    /// Nothing is hidden in Pathways.
    fn determinized(&self, _seat: Seat, _rng: &mut ChaCha8Rng) -> Pathways {
        self.clone()
    }

    fn turns(&self) -> u32 {
        self.turns
    }

    fn action_words(&self, action: &Action) -> String {
        super::words::action(self, action)
    }

    fn event_words(&self, seat: Seat, event: &Action) -> String {
        super::words::event(self, seat, event)
    }

    fn seat_words(&self, seat: Seat) -> String {
        super::words::seat(self, seat)
    }

    fn ending_words(&self, before: &Pathways, seat: Seat) -> Option<String> {
        super::words::ending(before, self, seat)
    }

    fn standings(&self) -> Vec<crate::play::Standing> {
        super::words::standings(self)
    }

    fn table_words(&self) -> crate::play::TableWords {
        super::words::table(self)
    }

    fn terms(&self) -> Vec<(&'static str, &'static str)> {
        crate::play::words::with_cards(&super::words::TERMS)
    }

    fn counts(&self) -> Counts {
        Counts {
            plays_by_kind: vec![("lay", self.plays)],
            events: vec![("crash", self.crashes), ("re-entry", self.returns), ("shared-first", self.shared_first)],
        }
    }
}

/// The greedy heuristic (the `greedy` bot, and the `search` bot's playouts): lay the card
/// after which you have the most cards you could lay next and the other players standing
/// the fewest, each of your onward moves worth four of theirs, and a bonus of ten for each
/// player it leaves with no move at all (they will crash unless a pile returns first).
impl Heuristic for Pathways {
    fn score(&self, action: &Action) -> i32 {
        let (Some(seat), Action::Lay(card, orientation)) = (self.to_move, *action) else { return 0 };
        let mut out = self.out;
        out.insert(card);
        let mine = self.moves(card.shows(orientation), out).count() as i32;
        let mut score = 4 * mine;
        for other in (0..self.piles.len()).filter(|&s| s != seat && !self.crashed[s]) {
            let theirs = self.mobility(other, out) as i32;
            score -= theirs;
            if theirs == 0 {
                score += 10;
            }
        }
        score
    }

    /// A crashed seat 0; a seat standing, its share of the moves open to the players standing.
    fn value(&self, seat: Seat) -> f64 {
        match self.outcome {
            Some(Outcome::Won(winner)) => return f64::from(u8::from(winner == seat)),
            Some(Outcome::Stalled) => return 0.0,
            None => {}
        }
        if self.crashed[seat] {
            return 0.0;
        }
        let room = |s: Seat| if self.crashed[s] { 0.0 } else { self.mobility(s, self.out) as f64 + 1.0 };
        room(seat) / (0..self.piles.len()).map(room).sum::<f64>()
    }
}

/// Game `index` of a simulation seeded `seed`: the starting cards dealt from the game's
/// seed, the bots seated as [`seating`](crate::play::simulate::seating) turns them; its
/// result for the summary and its record.
pub fn simulated(
    deck: Deck,
    mode: Mode,
    players: usize,
    bots: &[crate::play::bots::Bot],
    seed: u64,
    index: u64,
) -> Result<(crate::play::simulate::GameResult, super::record::Record), Illegal> {
    simulated_variant(deck, mode, players, true, bots, seed, index)
}

/// [`simulated`], with the final play (`final_play`, the seed's rule) or without it (the
/// variant [`Pathways::last_standing_wins`]).
pub fn simulated_variant(
    deck: Deck,
    mode: Mode,
    players: usize,
    final_play: bool,
    bots: &[crate::play::bots::Bot],
    seed: u64,
    index: u64,
) -> Result<(crate::play::simulate::GameResult, super::record::Record), Illegal> {
    let mut game = Pathways::dealt(deck, mode, players, crate::play::simulate::game_seed(seed, index))?;
    if !final_play {
        game = game.last_standing_wins();
    }
    Ok(crate::play::registry::simulated(game, bots, seed, index, ACTION_LIMIT))
}
