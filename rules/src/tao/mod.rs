//! Tao, the shedding game of the Changing Lines deck (`changing-lines.txt` §IV, docs/rules.md, Tao),
//! as an engine plays it.
//!
//! The flow points the source leaves open are settled here (the rulebook and `docs/rules.md`
//! say the same, with the reasons):
//! - **Seats and direction.** Seats are numbered clockwise from the dealer's left; the
//!   dealer sits last. The top card alone sets the direction: dark clockwise, light
//!   counter-clockwise. The first card turned up begins the pile; it has no effect.
//! - **Eight players.** Dealt seven cards each ([`deal::default_hand`]), so that a draw
//!   pile remains. Dealt eight (the source's deal), there is no draw pile: the holder of
//!   card 1 leads it in the orientation of their choice (no effect but the direction), and
//!   play goes on from them.
//! - **A turn.** The player lays a legal card, or draws one card and acts again (drawing
//!   is allowed with a legal card in hand: the seed's "or chooses not to"), the next card
//!   of the draw pile. When the draw pile is empty, the play pile but its top card is
//!   shuffled into a new one. When nothing at all can be drawn, the player may pass.
//! - **Extra plays.** A match or a Double earns one optional extra card, never the
//!   player's last: after a match it must be legal on the card just laid; after a Double
//!   it shares the Double's trigram in a position (either orientation; a Double Mirror
//!   always does); after a match that shows a Double, either; after a Double Mirror
//!   anything goes. The extra card has its own effects, and earns its own extra play when
//!   it is a match or a Double. Declining is a pass. An extra play that no card in hand
//!   fits is not offered: the turn ends. Only the turn's last card sets the skip and the
//!   debt the next player meets.
//! - **Cancels.** The player who plays next owes 2 cards, then 4, then 8 along a chain of
//!   cancels. Before drawing any of them they may cancel the top card instead (only a
//!   cancel: a Double Mirror that is no cancel does not escape) and hand the chain on; the
//!   third cancel's 8 cannot be escaped. After paying, the player takes a normal turn, in
//!   which a cancel starts a new chain. A debt that cannot be drawn is forgiven.
//! - **Invert.** The player who would play next is skipped; if the play also cancels, the
//!   debt falls on the player who actually plays next (with two players, the one who laid
//!   it).
//! - **Last card.** A play that leaves one card is announced (bots always do; a person has
//!   a button). A play recorded unannounced costs one card, drawn at the start of that
//!   player's next turn.
//! - **The end.** The first player to lay their last card wins. The game is stalled, with
//!   no winner, after a full round of passes (every seat passes in turn, nothing drawn or
//!   laid), or when the same position (every hand, the play pile and its top card, the
//!   player to move) comes back a third time: with eight players a draw pile remade
//!   from a short play pile can hand the same two cards back and forth for ever.

pub mod deal;
pub mod extra;
mod heuristic;
pub mod legal;
pub mod measured;
pub mod plays;
pub mod record;
#[cfg(test)]
mod record_tests;
pub mod registration;
#[cfg(test)]
mod tests;
pub mod view;
pub mod words;

use crate::core::card::{Card, Orientation};
use crate::core::deck::CardSet;
use crate::play::{Game, Illegal, Outcome, Seat};
pub use extra::Extra;
use legal::{Kinds, Laid, PlayKind};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

/// Fewest and most players.
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=8;
/// Cards dealt to each player (but seven to eight players: [`deal::default_hand`]).
pub const HAND: usize = 8;
/// A position that comes back this many times at a turn's start stalls the game.
pub const REPETITIONS: usize = 3;

/// What a seat chooses (as JSON: `{"play":{"card":12,"orientation":"dark"}}`, `"draw"`,
/// `"pass"`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Lay this card, this way up.
    Play(Laid),
    /// Draw one card (which one is chance).
    Draw,
    /// End the turn without laying: when nothing can be drawn, or to decline an extra play.
    Pass,
}

/// What happened, as a record holds it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Laid a card; `announced` is whether a last card was announced (true otherwise).
    Play {
        laid: Laid,
        announced: bool,
    },
    /// Drew this card.
    Draw(Card),
    Pass,
}

/// How often each thing happened in a game (for simulations and the playtest report).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Plays by kind, in [`PlayKind::ALL`] order (a play of several kinds counts in each).
    pub kinds: [u32; 6],
    pub plays: u32,
    pub extra_plays: u32,
    pub draws: u32,
    pub penalty_cards: u32,
    pub reshuffles: u32,
    pub passes: u32,
    pub escapes: u32,
}

/// A game of Tao in progress.
#[derive(Clone, Debug)]
pub struct Tao {
    hands: Vec<CardSet>,
    /// The draw pile, the next card to draw last.
    pile: Vec<Card>,
    /// The play pile, the top card last.
    played: Vec<Laid>,
    to_move: Seat,
    /// Eight players: the holder of card 1 has yet to lead it.
    leading: bool,
    /// Cards the player to move must draw for a cancel before acting.
    owed: u8,
    /// Whether the debt may still be escaped by a cancel (none of it drawn yet, chain < 3).
    may_escape: bool,
    /// Cancels in a row, 0 to 3.
    chain: u8,
    /// The player to move owes one card for a last card not announced.
    owes_announcement: bool,
    /// Seats that laid a last card without announcing it.
    unannounced: Vec<bool>,
    /// An extra play on offer, and what it must be.
    extra: Option<Extra>,
    /// What the turn's last card does when the turn ends: skip the next player, and the
    /// cards they owe.
    pending: (bool, u8),
    /// Consecutive passes.
    passes: usize,
    /// The positions at the start of each turn, hashed (from the deal on: a position from
    /// before the first reshuffle can come back after it).
    positions: Vec<u64>,
    turns: u32,
    outcome: Option<Outcome>,
    rng: ChaCha8Rng,
    tally: Tally,
    /// The deal the game started from, for its record (shared, so that search bots' many
    /// copies of a game do not copy it).
    dealt: std::sync::Arc<deal::Deal>,
}

impl Tao {
    /// The start of a game from a deal (which [`deal::Deal::shuffled`] makes from a seed,
    /// or a record gives); `seed` drives the reshuffles of the play pile.
    pub fn new(deal: &deal::Deal, seed: u64) -> Tao {
        let players = deal.hands.len();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(1);
        let mut game = Tao {
            hands: deal.hands.clone(),
            pile: deal.pile.iter().rev().copied().collect(),
            played: Vec::new(),
            to_move: 0,
            leading: false,
            owed: 0,
            may_escape: false,
            chain: 0,
            owes_announcement: false,
            unannounced: vec![false; players],
            extra: None,
            pending: (false, 0),
            passes: 0,
            positions: Vec::new(),
            turns: 0,
            outcome: None,
            rng,
            tally: Tally::default(),
            dealt: std::sync::Arc::new(deal.clone()),
        };
        match deal.first {
            Some(first) => {
                game.played.push(first);
                let dealer = players - 1;
                game.to_move = game.step(dealer);
            }
            None => {
                let one = Card::from_number(1).expect("card 1");
                game.to_move = game.hands.iter().position(|h| h.contains(one)).unwrap_or(0);
                game.leading = true;
            }
        }
        game
    }

    /// The deal the game started from.
    pub fn dealt(&self) -> &deal::Deal {
        &self.dealt
    }

    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// The card on top of the play pile (none before the eight-player lead).
    pub fn top(&self) -> Option<Laid> {
        self.played.last().copied()
    }

    pub fn draw_pile(&self) -> usize {
        self.pile.len()
    }

    pub fn play_pile(&self) -> usize {
        self.played.len()
    }

    /// Cards the player to move owes before acting.
    pub fn owed(&self) -> u8 {
        self.owed + u8::from(self.owes_announcement)
    }

    pub fn extra(&self) -> Option<Extra> {
        self.extra
    }

    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// Clockwise (true) while the top card lies dark.
    pub fn clockwise(&self) -> bool {
        self.top().is_none_or(|t| t.orientation == Orientation::Dark)
    }

    /// The next seat from `seat` in the direction of play.
    fn step(&self, seat: Seat) -> Seat {
        let n = self.hands.len();
        if self.clockwise() { (seat + 1) % n } else { (seat + n - 1) % n }
    }

    fn can_draw(&self) -> bool {
        !self.pile.is_empty() || self.played.len() > 1
    }

    /// The kinds by which `laid` is legal for the player to move now (empty: illegal),
    /// or the rule it breaks.
    pub fn judge(&self, laid: Laid) -> Result<Kinds, Illegal> {
        let seat = self.to_move;
        if !self.hands[seat].contains(laid.card) {
            return Err(Illegal::new(
                "not-in-hand",
                format!("card {} is not in seat {seat}'s hand", laid.card.number()),
            ));
        }
        if self.owes_announcement {
            return Err(Illegal::new("must-draw", "a last card was not announced: draw one card first"));
        }
        let Some(top) = self.top() else {
            // The eight-player lead: card 1, either way up.
            return if laid.card.number() == 1 {
                Ok(Kinds::NONE)
            } else {
                Err(Illegal::new("must-lead-card-1", "with eight players the holder of card 1 leads it"))
            };
        };
        let kinds = legal::kinds(top, laid.card, laid.orientation);
        if self.owed > 0 {
            if !self.may_escape {
                return Err(Illegal::new("must-draw", format!("seat {seat} owes {} cards for a cancel", self.owed)));
            }
            if !kinds.contains(PlayKind::Cancel) {
                return Err(Illegal::new(
                    "must-cancel-or-draw",
                    "a player who owes cards for a cancel may only cancel",
                ));
            }
            return Ok(kinds);
        }
        // An extra play is only offered while the player holds two cards or more: the extra
        // card is never the last.
        if let Some(extra) = self.extra {
            return if extra.allows(top, laid.card, laid.orientation, kinds) {
                Ok(kinds)
            } else {
                Err(Illegal::new("extra-play-not-allowed", format!("this extra play must be {}", extra.rule())))
            };
        }
        if kinds.is_empty() {
            let name = laid.card.number();
            return Err(Illegal::new(
                "no-legal-kind",
                format!("card {name} {} is not legal on the top card", laid.orientation),
            ));
        }
        Ok(kinds)
    }

    /// Ends the turn of the player to move: the next seat, with what it owes.
    fn end_turn(&mut self, skip: bool, debt: u8) {
        self.turns += 1;
        self.extra = None;
        let mut next = self.step(self.to_move);
        if skip {
            next = self.step(next);
        }
        self.to_move = next;
        self.owed = debt;
        self.may_escape = debt > 0 && self.chain < 3;
        if debt == 0 {
            self.chain = 0;
        }
        self.owes_announcement = std::mem::take(&mut self.unannounced[next]);
        self.forgive_what_cannot_be_drawn();
        let position = self.position();
        let seen = self.positions.iter().filter(|&&p| p == position).count();
        self.positions.push(position);
        if seen + 1 >= REPETITIONS {
            self.outcome = Some(Outcome::Stalled);
        }
    }

    /// The position at a turn's start, hashed: every hand, the cards in the play pile and
    /// its top card, the seat to move and what it owes, the seats that owe a card for a last
    /// card unannounced. The draw pile is what is left.
    fn position(&self) -> u64 {
        let mix = |h: u64, v: u64| (h ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
        let played = self.played.iter().fold(0u64, |m, l| m | 1 << (l.card.number() - 1));
        let top =
            self.top().map_or(0, |t| u64::from(t.card.number()) << 1 | u64::from(t.orientation == Orientation::Light));
        let unannounced = self.unannounced.iter().rev().fold(0u64, |m, &u| m << 1 | u64::from(u));
        let state = unannounced << 24
            | (self.to_move as u64) << 16
            | u64::from(self.owed) << 8
            | u64::from(self.owes_announcement);
        let mut h = mix(mix(mix(0, played), top), state);
        for hand in &self.hands {
            h = mix(h, hand.mask());
        }
        h
    }

    fn forgive_what_cannot_be_drawn(&mut self) {
        if !self.can_draw() {
            self.owed = 0;
            self.owes_announcement = false;
            self.may_escape = false;
            self.chain = 0;
        }
    }

    fn lay(&mut self, laid: Laid, announced: bool) -> Result<(), Illegal> {
        let kinds = self.judge(laid)?;
        let seat = self.to_move;
        let previous = self.top();
        let escaping = self.owed > 0;
        let in_extra = self.extra.is_some();
        self.hands[seat].remove(laid.card);
        self.played.push(laid);
        self.passes = 0;
        self.tally.plays += 1;
        self.tally.extra_plays += u32::from(in_extra);
        self.tally.escapes += u32::from(escaping);
        for (i, kind) in PlayKind::ALL.iter().enumerate() {
            self.tally.kinds[i] += u32::from(kinds.contains(*kind));
        }
        if self.hands[seat].is_empty() {
            self.outcome = Some(Outcome::Won(seat));
            return Ok(());
        }
        if self.hands[seat].len() == 1 && !announced {
            self.unannounced[seat] = true;
        }
        let Some(previous) = previous else {
            // The eight-player lead: no effect but the direction.
            self.leading = false;
            self.end_turn(false, 0);
            return Ok(());
        };
        let cancel = kinds.contains(PlayKind::Cancel);
        self.chain = if cancel { if escaping { self.chain + 1 } else { 1 } } else { 0 };
        let effects = legal::effects(previous, laid, kinds, self.chain);
        self.owed = 0;
        self.may_escape = false;
        self.extra = Extra::earned(laid, kinds).filter(|_| self.hands[seat].len() >= 2);
        // The skip and the debt are the last card's ("as if only the final card had been
        // laid"): each card laid replaces the pending ones, which take effect when the turn
        // ends. An extra play that no card in hand fits is not offered.
        self.pending = (effects.skips_next, effects.next_draws);
        if self.extra.is_none() || self.plays().is_empty() {
            self.extra = None;
            let (skip, debt) = self.pending;
            self.end_turn(skip, debt);
        }
        Ok(())
    }

    fn draw(&mut self, card: Card) -> Result<(), Illegal> {
        let seat = self.to_move;
        if self.extra.is_some() {
            return Err(Illegal::new("no-draw-during-extra-play", "lay the extra card or pass; no drawing now"));
        }
        if self.leading {
            return Err(Illegal::new("must-lead-card-1", "with eight players the holder of card 1 leads it"));
        }
        if !self.can_draw() {
            return Err(Illegal::new(
                "nothing-to-draw",
                "the draw pile and the play pile under the top card are empty",
            ));
        }
        self.reshuffle_if_empty();
        let Some(at) = self.pile.iter().rposition(|&c| c == card) else {
            return Err(Illegal::new("not-in-pile", format!("card {} is not in the draw pile", card.number())));
        };
        // The dealt pile's order is known; a reshuffled one's is chance, which a record of a
        // game at a table cannot replay.
        let next = self.pile.len() - 1;
        if self.tally.reshuffles == 0 && at != next {
            let message =
                format!("the next card of the draw pile is {}, not {}", self.pile[next].number(), card.number());
            return Err(Illegal::new("not-next-card", message));
        }
        self.pile.remove(at);
        self.hands[seat].insert(card);
        self.passes = 0;
        self.tally.draws += 1;
        if self.owes_announcement {
            self.owes_announcement = false;
            self.tally.penalty_cards += 1;
        } else if self.owed > 0 {
            self.owed -= 1;
            self.may_escape = false;
            self.tally.penalty_cards += 1;
            if self.owed == 0 {
                self.chain = 0;
            }
        }
        self.forgive_what_cannot_be_drawn();
        Ok(())
    }

    fn pass(&mut self) -> Result<(), Illegal> {
        if self.extra.is_some() {
            let (skip, debt) = self.pending;
            self.end_turn(skip, debt);
            return Ok(());
        }
        if self.leading || self.owed() > 0 || self.can_draw() {
            return Err(Illegal::new(
                "must-draw",
                "a player who does not lay a card draws while anything can be drawn",
            ));
        }
        self.tally.passes += 1;
        self.passes += 1;
        self.end_turn(false, 0);
        if self.passes >= self.hands.len() {
            self.outcome = Some(Outcome::Stalled);
        }
        Ok(())
    }

    /// An empty draw pile is renewed from the play pile under its top card, shuffled.
    fn reshuffle_if_empty(&mut self) {
        if self.pile.is_empty() && self.played.len() > 1 {
            let top = self.played.pop().expect("a top card");
            self.pile = self.played.drain(..).map(|l| l.card).collect();
            self.pile.shuffle(&mut self.rng);
            self.played.push(top);
            self.tally.reshuffles += 1;
        }
    }

    /// The legal plays from the hand of the player to move, in card then orientation order.
    fn plays(&self) -> Vec<Laid> {
        let hand = self.hands[self.to_move].mask();
        let masks = match self.top() {
            None => [hand & 1, hand & 1],
            Some(_) if self.owes_announcement || (self.owed > 0 && !self.may_escape) => [0, 0],
            Some(top) if self.owed > 0 => {
                let complement = top.shows().complement();
                let bit = |o| 1u64 << (Card::showing(complement, o).number() - 1);
                [hand & bit(Orientation::Dark), hand & bit(Orientation::Light)]
            }
            Some(top) => match self.extra {
                None => legal::legal_masks(top).map(|m| m & hand),
                Some(extra) => extra.masks(top, hand),
            },
        };
        let mut plays = Vec::new();
        let mut either = masks[0] | masks[1];
        while either != 0 {
            let bit = either & either.wrapping_neg();
            either ^= bit;
            let card = Card::from_number(i64::from(bit.trailing_zeros()) + 1).expect("a card bit");
            for (i, o) in Orientation::BOTH.into_iter().enumerate() {
                if masks[i] & bit != 0 {
                    plays.push(Laid::new(card, o));
                }
            }
        }
        plays
    }
}

impl Game for Tao {
    type Action = Action;
    type Event = Event;
    type View = view::TaoView;

    fn players(&self) -> usize {
        self.hands.len()
    }

    fn to_move(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.to_move)
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut actions: Vec<Action> = Vec::with_capacity(12);
        if self.owes_announcement {
            actions.push(Action::Draw);
            return actions;
        }
        if self.owed > 0 && !self.may_escape {
            actions.push(Action::Draw);
            return actions;
        }
        actions.extend(self.plays().into_iter().map(Action::Play));
        if self.owed > 0 || (self.extra.is_none() && !self.leading && self.can_draw()) {
            actions.push(Action::Draw);
        } else if !self.leading {
            actions.push(Action::Pass);
        }
        actions
    }

    fn apply(&mut self, action: &Action) -> Result<Event, Illegal> {
        let seat = self.to_move;
        let event = match *action {
            Action::Play(laid) => Event::Play { laid, announced: true },
            Action::Draw => {
                self.reshuffle_if_empty();
                match self.pile.last() {
                    Some(&card) => Event::Draw(card),
                    None => return Err(Illegal::new("nothing-to-draw", "nothing can be drawn")),
                }
            }
            Action::Pass => Event::Pass,
        };
        self.replay(seat, &event)?;
        Ok(event)
    }

    fn replay(&mut self, seat: Seat, event: &Event) -> Result<(), Illegal> {
        crate::play::check_turn(self.to_move(), seat)?;
        match *event {
            Event::Play { laid, announced } => self.lay(laid, announced),
            Event::Draw(card) => self.draw(card),
            Event::Pass => self.pass(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn view(&self, seat: Seat) -> view::TaoView {
        view::TaoView::of(self, seat)
    }

    fn determinized(&self, seat: Seat, rng: &mut ChaCha8Rng) -> Tao {
        let mut game = self.clone();
        let mut unknown: Vec<Card> = game.pile.clone();
        for (other, hand) in game.hands.iter().enumerate() {
            if other != seat {
                unknown.extend(hand.iter());
            }
        }
        unknown.shuffle(rng);
        let mut cards = unknown.into_iter();
        for other in 0..game.hands.len() {
            if other != seat {
                let size = game.hands[other].len();
                game.hands[other] = CardSet::EMPTY;
                for card in cards.by_ref().take(size) {
                    game.hands[other].insert(card);
                }
            }
        }
        game.pile = cards.collect();
        game.rng = ChaCha8Rng::from_rng(rng);
        game
    }

    fn turns(&self) -> u32 {
        self.turns
    }

    fn action_words(&self, action: &Action) -> String {
        words::action(self, action)
    }

    fn event_words(&self, seat: Seat, event: &Event) -> String {
        words::event(self, seat, event)
    }

    fn seat_words(&self, seat: Seat) -> String {
        words::seat(self, seat)
    }

    fn ending_words(&self, before: &Tao, _seat: Seat) -> Option<String> {
        words::ending(before, self)
    }

    fn standings(&self) -> Vec<crate::play::Standing> {
        words::standings(self)
    }

    fn table_words(&self) -> crate::play::TableWords {
        words::table(self)
    }

    fn terms(&self) -> Vec<(&'static str, &'static str)> {
        crate::play::words::with_cards(&words::TERMS)
    }

    fn counts(&self) -> crate::play::Counts {
        let t = &self.tally;
        crate::play::Counts {
            plays_by_kind: PlayKind::ALL.iter().zip(t.kinds).map(|(k, n)| (k.name(), u64::from(n))).collect(),
            events: vec![
                ("plays", u64::from(t.plays)),
                ("extra_plays", u64::from(t.extra_plays)),
                ("draws", u64::from(t.draws)),
                ("penalty_cards", u64::from(t.penalty_cards)),
                ("escapes", u64::from(t.escapes)),
                ("reshuffles", u64::from(t.reshuffles)),
                ("passes", u64::from(t.passes)),
            ],
        }
    }
}
