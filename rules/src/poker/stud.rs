//! I-Ching Stud, the betting game of I-Ching Poker (docs/poker.md, "The game"), as an engine
//! plays it: a session of hands of five-card stud with fixed-limit betting, each hand dealt
//! from its own shuffled deck, up cards turned dark or light as they are dealt.
//!
//! A hand: every player with chips antes one; each is dealt two cards face down and one
//! face up, then a betting round; a fourth card face up, a round; a fifth, a round; then
//! the players still in show their hands and the best takes the pot (ties split it, odd
//! chips to the first tied player from the dealer's left; a player all in wins from each
//! other player at most what they put in). In the variable mode a player turns each up
//! card dark or light as it is dealt, and it keeps that orientation; the face-down cards
//! are turned when they are shown. The session ends after each player has dealt twice, or
//! when one player holds every chip; the most chips wins, and equal most share first.

use super::hand::{Hand, Mode};
use crate::core::card::{Card, Orientation};
use crate::play::{Illegal, Outcome, Seat, check_turn};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::sync::Arc;

/// Fewest and most players.
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=6;
/// Chips each player starts with.
pub const STACK: u32 = 20;
/// Chips each player puts in before a hand is dealt.
pub const ANTE: u32 = 1;
/// The bet (and raise) of each betting round: small, small, big.
pub const BETS: [u32; 3] = [1, 1, 2];
/// Bets a round allows: a bet and two raises.
pub const CAP: u8 = 3;
/// Cards dealt face down to each player.
pub const DOWN: usize = 2;
/// Cards in a hand.
pub const CARDS: usize = 5;

/// Hands in a session: each player deals twice.
pub fn hands(players: usize) -> usize {
    2 * players
}

/// What a seat chooses (as JSON: `{"show":"light"}`, `"fold"`, `"check"`, `"call"`,
/// `"bet"`, `"raise"`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Turn the up card just dealt this way (the variable mode); it stays so.
    Show(Orientation),
    Fold,
    Check,
    /// Match the round's highest bet (all one has, when that is less).
    Call,
    Bet,
    Raise,
}

/// What happened, as a record holds it: an action, the up card named with its orientation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Show(Card, Orientation),
    Fold,
    Check,
    Call,
    Bet,
    Raise,
}

/// How a hand ended: who won which chips, and the hands shown (none when all but one
/// folded).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Settled {
    /// The hand's number, from 1.
    pub hand: usize,
    /// Chips each seat took from the pot.
    pub won: Vec<u32>,
    /// The hands shown at the showdown, by seat.
    pub shown: Vec<Option<Hand>>,
    /// Pots shared between tied hands.
    pub split: bool,
}

/// How often each thing happened (the playtest's counts).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Shows, folds, checks, calls, bets, raises.
    pub actions: [u64; 6],
    pub hands: u64,
    pub showdowns: u64,
    pub splits: u64,
    pub all_ins: u64,
}

/// A session of I-Ching Stud in progress.
#[derive(Clone, Debug)]
pub struct Stud {
    pub(super) mode: Mode,
    pub(super) players: usize,
    /// Each hand's deck, the cards in the order they are dealt (5 × players of them).
    pub(super) decks: Arc<Vec<Vec<Card>>>,
    /// The hand being played, from 0.
    pub(super) hand: usize,
    pub(super) stacks: Vec<u32>,
    pub(super) dealer: Seat,
    /// Each seat's cards this hand, in the order dealt (two down, then up).
    pub(super) cards: Vec<Vec<Card>>,
    /// How each up card lies, in the order dealt.
    pub(super) up: Vec<Vec<Orientation>>,
    /// Dealt into the hand and not folded.
    pub(super) live: Vec<bool>,
    /// Chips each seat put in this hand (ante included).
    pub(super) committed: Vec<u32>,
    /// Chips each seat put in this betting round.
    pub(super) round: Vec<u32>,
    /// Cards of the hand's deck dealt so far.
    pub(super) dealt: usize,
    /// The betting round (0, 1, 2).
    pub(super) street: usize,
    /// Bets made this round.
    pub(super) bets: u8,
    /// Seats that have acted since the last bet.
    pub(super) acted: Vec<bool>,
    /// Seats yet to turn the up card just dealt to them, in order.
    pub(super) showing: Vec<Seat>,
    pub(super) to_act: Seat,
    pub(super) last: Option<Settled>,
    pub(super) turns: u32,
    pub(super) outcome: Option<Outcome>,
    pub(super) tally: Tally,
}

/// A deck for each hand of a session of `players`, shuffled from `seed`.
pub fn shuffled_decks(players: usize, seed: u64) -> Vec<Vec<Card>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..hands(players))
        .map(|_| {
            let mut deck: Vec<Card> = Card::all().collect();
            deck.shuffle(&mut rng);
            deck.truncate(CARDS * players);
            deck
        })
        .collect()
}

impl Stud {
    /// A session from its decks (one per hand, each 5 × players distinct cards), checked.
    pub fn new(mode: Mode, players: usize, decks: Vec<Vec<Card>>) -> Result<Stud, Illegal> {
        if !PLAYERS.contains(&players) {
            return Err(Illegal::new("players", format!("{players} players: I-Ching Poker is played by 2 to 6")));
        }
        if decks.len() != hands(players) {
            let message =
                format!("{} decks for {players} players: one for each of {} hands", decks.len(), hands(players));
            return Err(Illegal::new("bad-deal", message));
        }
        for (i, deck) in decks.iter().enumerate() {
            let mut seen = [false; 65];
            if deck.len() != CARDS * players {
                let message = format!(
                    "deck {} has {} cards: {} players are dealt {}",
                    i + 1,
                    deck.len(),
                    players,
                    CARDS * players
                );
                return Err(Illegal::new("bad-deal", message));
            }
            for card in deck {
                if std::mem::replace(&mut seen[card.number() as usize], true) {
                    return Err(Illegal::new("bad-deal", format!("card {} is twice in deck {}", card.number(), i + 1)));
                }
            }
        }
        let mut game = Stud {
            mode,
            players,
            decks: Arc::new(decks),
            hand: 0,
            stacks: vec![STACK; players],
            dealer: players - 1,
            cards: vec![Vec::new(); players],
            up: vec![Vec::new(); players],
            live: vec![false; players],
            committed: vec![0; players],
            round: vec![0; players],
            dealt: 0,
            street: 0,
            bets: 0,
            acted: vec![false; players],
            showing: Vec::new(),
            to_act: 0,
            last: None,
            turns: 0,
            outcome: None,
            tally: Tally::default(),
        };
        game.start_hand();
        Ok(game)
    }

    /// The seats from the dealer's left round to the dealer.
    pub(super) fn order(&self) -> impl Iterator<Item = Seat> + '_ {
        (1..=self.players).map(move |k| (self.dealer + k) % self.players)
    }

    /// The chips in the pot.
    pub fn pot(&self) -> u32 {
        self.committed.iter().sum()
    }

    /// The bet of this round.
    pub fn bet_size(&self) -> u32 {
        BETS[self.street]
    }

    /// What `seat` must put in to stay in the round.
    pub fn to_call(&self, seat: Seat) -> u32 {
        self.round.iter().max().copied().unwrap_or(0) - self.round[seat]
    }

    /// Whether `seat` still bets this hand: in it, with chips behind.
    fn can_bet(&self, seat: Seat) -> bool {
        self.live[seat] && self.stacks[seat] > 0
    }

    fn put(&mut self, seat: Seat, chips: u32) {
        let chips = chips.min(self.stacks[seat]);
        self.stacks[seat] -= chips;
        self.committed[seat] += chips;
        self.round[seat] += chips;
        if self.stacks[seat] == 0 && self.live[seat] {
            self.tally.all_ins += 1;
        }
    }

    /// Antes, the first three cards, and the first up cards to turn.
    fn start_hand(&mut self) {
        self.dealer = (self.hand + self.players - 1) % self.players;
        self.live = self.stacks.iter().map(|&s| s > 0).collect();
        self.committed = vec![0; self.players];
        self.cards = vec![Vec::new(); self.players];
        self.up = vec![Vec::new(); self.players];
        self.dealt = 0;
        self.street = 0;
        self.tally.hands += 1;
        for seat in 0..self.players {
            if self.live[seat] {
                self.put(seat, ANTE);
            }
        }
        for _ in 0..=DOWN {
            self.deal_round();
        }
    }

    /// One card to each player still in, from the dealer's left; up cards wait to be turned.
    fn deal_round(&mut self) {
        let seats: Vec<Seat> = self.order().filter(|&s| self.live[s]).collect();
        for &seat in &seats {
            let card = self.decks[self.hand][self.dealt];
            self.dealt += 1;
            self.cards[seat].push(card);
        }
        if self.cards[seats[0]].len() <= DOWN {
            return;
        }
        match self.mode {
            Mode::Fixed => {
                seats.iter().for_each(|&s| self.up[s].push(Orientation::Dark));
                self.start_round();
            }
            Mode::Variable => self.showing = seats,
        }
    }

    /// A betting round: the first player still betting from the dealer's left acts.
    fn start_round(&mut self) {
        self.round = vec![0; self.players];
        self.bets = 0;
        self.acted = vec![false; self.players];
        self.next_to_act(self.dealer);
    }

    /// The next seat after `from` that must act this round; the round ends when none must.
    fn next_to_act(&mut self, from: Seat) {
        let betting = (0..self.players).filter(|&s| self.can_bet(s)).count();
        for k in 1..=self.players {
            let seat = (from + k) % self.players;
            if !self.can_bet(seat) {
                continue;
            }
            let owes = self.to_call(seat) > 0;
            // Alone with chips and nothing to call: no one is left to bet against.
            if owes || (!self.acted[seat] && betting > 1) {
                self.to_act = seat;
                return;
            }
        }
        self.end_round();
    }

    fn end_round(&mut self) {
        if self.street + 1 < BETS.len() {
            self.street += 1;
            self.deal_round();
        } else {
            self.showdown();
        }
    }

    /// The seat to act, or `None` once the session is over.
    pub fn to_move(&self) -> Option<Seat> {
        if self.outcome.is_some() {
            return None;
        }
        Some(self.showing.first().copied().unwrap_or(self.to_act))
    }

    /// Every legal action of the seat to move, in a fixed order.
    pub fn legal_actions(&self) -> Vec<Action> {
        let Some(seat) = self.to_move() else { return Vec::new() };
        if !self.showing.is_empty() {
            return Orientation::BOTH.map(Action::Show).to_vec();
        }
        let to_call = self.to_call(seat);
        let size = self.bet_size();
        let mut actions = Vec::with_capacity(3);
        if to_call == 0 {
            actions.push(Action::Check);
            if self.stacks[seat] >= size {
                actions.push(Action::Bet);
            }
        } else {
            actions.push(Action::Fold);
            actions.push(Action::Call);
            if self.bets < CAP && self.stacks[seat] >= to_call + size {
                actions.push(Action::Raise);
            }
        }
        actions
    }

    /// Applies an action of the seat to move.
    pub fn apply(&mut self, action: Action) -> Result<Event, Illegal> {
        let seat = self.to_move().ok_or_else(|| Illegal::new("game-over", "the game is already over"))?;
        let event = match action {
            Action::Show(o) => Event::Show(*self.cards[seat].last().expect("an up card dealt"), o),
            Action::Fold => Event::Fold,
            Action::Check => Event::Check,
            Action::Call => Event::Call,
            Action::Bet => Event::Bet,
            Action::Raise => Event::Raise,
        };
        self.replay(seat, &event)?;
        Ok(event)
    }

    /// Applies a recorded event as `seat`, checking it against the rules.
    pub fn replay(&mut self, seat: Seat, event: &Event) -> Result<(), Illegal> {
        check_turn(self.to_move(), seat)?;
        let action = match *event {
            Event::Show(card, o) => {
                let dealt = *self.cards[seat].last().expect("an up card dealt");
                if self.showing.is_empty() {
                    return Err(Illegal::new("no-card-to-show", "no up card waits to be turned: it is a betting turn"));
                }
                if card != dealt {
                    let message = format!("card {} is named, but card {} was dealt", card.number(), dealt.number());
                    return Err(Illegal::new("wrong-card", message));
                }
                Action::Show(o)
            }
            Event::Fold => Action::Fold,
            Event::Check => Action::Check,
            Event::Call => Action::Call,
            Event::Bet => Action::Bet,
            Event::Raise => Action::Raise,
        };
        if !self.legal_actions().contains(&action) {
            return Err(self.why_illegal(seat, action));
        }
        self.turns += 1;
        self.tally.actions[kind(&action)] += 1;
        match action {
            Action::Show(o) => {
                self.up[seat].push(o);
                self.showing.remove(0);
                if self.showing.is_empty() {
                    self.start_round();
                }
                return Ok(());
            }
            Action::Fold => {
                self.live[seat] = false;
                if self.live.iter().filter(|&&l| l).count() == 1 {
                    self.settle_uncontested();
                    return Ok(());
                }
            }
            Action::Check => {}
            Action::Call => self.put(seat, self.to_call(seat)),
            Action::Bet | Action::Raise => {
                self.put(seat, self.to_call(seat) + self.bet_size());
                self.bets += 1;
                self.acted = vec![false; self.players];
            }
        }
        self.acted[seat] = true;
        self.next_to_act(seat);
        Ok(())
    }

    fn why_illegal(&self, seat: Seat, action: Action) -> Illegal {
        if !self.showing.is_empty() {
            return Illegal::new("show-first", format!("seat {seat} must first turn the up card just dealt"));
        }
        let to_call = self.to_call(seat);
        match action {
            Action::Show(_) => Illegal::new("no-card-to-show", "no up card waits to be turned: it is a betting turn"),
            Action::Check | Action::Bet if to_call > 0 => {
                Illegal::new("must-call", format!("seat {seat} owes {to_call} chips: fold, call or raise"))
            }
            Action::Fold | Action::Call | Action::Raise if to_call == 0 => {
                Illegal::new("nothing-to-call", "no bet to call this round: check or bet")
            }
            Action::Raise if self.bets >= CAP => Illegal::new("cap", "this round has had a bet and two raises"),
            _ => Illegal::new("short", format!("seat {seat} has {} chips, too few to bet", self.stacks[seat])),
        }
    }

    /// All but one folded: the last player in takes the pot, showing nothing.
    fn settle_uncontested(&mut self) {
        let winner = self.live.iter().position(|&l| l).expect("one player in");
        let mut won = vec![0; self.players];
        won[winner] = self.pot();
        self.finish_hand(won, vec![None; self.players], false);
    }

    /// The best hand of `seat` as it can lie: up cards as they were turned, the others free.
    pub fn best_hand(&self, seat: Seat) -> Hand {
        let cards: [Card; CARDS] = std::array::from_fn(|i| self.cards[seat][i]);
        let fixed = std::array::from_fn(|i| if i < DOWN { None } else { Some(self.up[seat][i - DOWN]) });
        Hand::best(self.mode, cards, fixed)
    }

    /// The players still in show; each pot (a side pot for each all-in amount) goes to the
    /// best hand among those who put that much in, split between equal hands.
    fn showdown(&mut self) {
        self.tally.showdowns += 1;
        let shown: Vec<Option<Hand>> =
            (0..self.players).map(|s| if self.live[s] { Some(self.best_hand(s)) } else { None }).collect();
        let (won, split) = share_pots(&self.committed, &shown, self.order().collect());
        self.finish_hand(won, shown, split);
    }

    fn finish_hand(&mut self, won: Vec<u32>, shown: Vec<Option<Hand>>, split: bool) {
        for (stack, chips) in self.stacks.iter_mut().zip(&won) {
            *stack += chips;
        }
        self.committed = vec![0; self.players];
        self.round = vec![0; self.players];
        self.tally.splits += u64::from(split);
        self.last = Some(Settled { hand: self.hand + 1, won, shown, split });
        self.showing.clear();
        self.hand += 1;
        let holding = self.stacks.iter().filter(|&&s| s > 0).count();
        if self.hand == self.decks.len() || holding == 1 {
            let most = *self.stacks.iter().max().expect("seats");
            let first: Vec<Seat> = (0..self.players).filter(|&s| self.stacks[s] == most).collect();
            self.outcome = Some(if first.len() == 1 { Outcome::Won(first[0]) } else { Outcome::Stalled });
        } else {
            self.start_hand();
        }
    }

    /// The seats sharing first place when the session ended on equal chips.
    pub fn shared_first(&self) -> Option<Vec<Seat>> {
        if self.outcome != Some(Outcome::Stalled) {
            return None;
        }
        let most = *self.stacks.iter().max()?;
        Some((0..self.players).filter(|&s| self.stacks[s] == most).collect())
    }
}

/// The place of an action in [`Tally::actions`].
pub(super) fn kind(action: &Action) -> usize {
    match action {
        Action::Show(_) => 0,
        Action::Fold => 1,
        Action::Check => 2,
        Action::Call => 3,
        Action::Bet => 4,
        Action::Raise => 5,
    }
}

/// The chips each seat wins from pots made of `committed`, between the `shown` hands (None:
/// folded); whether any pot was split. Each level of commitment of a player still in makes
/// a pot that those who put in at least that much contest; odd chips of a split go to the
/// tied players first in `order` (from the dealer's left).
pub fn share_pots(committed: &[u32], shown: &[Option<Hand>], order: Vec<Seat>) -> (Vec<u32>, bool) {
    let mut levels: Vec<u32> = (0..committed.len()).filter(|&s| shown[s].is_some()).map(|s| committed[s]).collect();
    levels.sort_unstable();
    levels.dedup();
    let mut won = vec![0; committed.len()];
    let mut split = false;
    let mut below = 0;
    for (i, &level) in levels.iter().enumerate() {
        let top = if i + 1 == levels.len() { u32::MAX } else { level };
        let pot: u32 = committed.iter().map(|&c| c.min(top) - c.min(below)).sum();
        below = level;
        let contest: Vec<Seat> =
            order.iter().copied().filter(|&s| shown[s].is_some() && committed[s] >= level).collect();
        let best = contest.iter().map(|&s| shown[s].expect("shown")).max_by(|a, b| a.beats(b)).expect("a player in");
        let winners: Vec<Seat> =
            contest.into_iter().filter(|&s| shown[s].expect("shown").beats(&best).is_eq()).collect();
        split |= winners.len() > 1;
        let share = pot / winners.len() as u32;
        let odd = pot as usize % winners.len();
        for (k, &s) in winners.iter().enumerate() {
            won[s] += share + u32::from(k < odd);
        }
    }
    (won, split)
}
