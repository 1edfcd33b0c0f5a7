//! I-Ching Stud on the engine interface ([`crate::play::Game`]): what each seat may see, and
//! a state a seat cannot tell from the true one (the cards it has not seen dealt again), on
//! which the search bot plans.

use super::stud::{Action, CARDS, DOWN, Event, Stud};
use crate::core::card::Card;
use crate::play::{Counts, Game, Illegal, Outcome, Seat};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

impl Game for Stud {
    type Action = Action;
    type Event = Event;
    type View = super::view::StudView;

    fn players(&self) -> usize {
        self.players
    }

    fn to_move(&self) -> Option<Seat> {
        Stud::to_move(self)
    }

    fn legal_actions(&self) -> Vec<Action> {
        Stud::legal_actions(self)
    }

    fn apply(&mut self, action: &Action) -> Result<Event, Illegal> {
        Stud::apply(self, *action)
    }

    fn replay(&mut self, seat: Seat, event: &Event) -> Result<(), Illegal> {
        Stud::replay(self, seat, event)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn view(&self, seat: Seat) -> Self::View {
        super::view::StudView::of(self, seat)
    }

    /// The cards `seat` has not seen, dealt again: the others' face-down cards, the rest of
    /// this hand's deck, and the decks of the hands to come. What `seat` has seen (its own
    /// cards, every up card, the hands shown) stays.
    fn determinized(&self, seat: Seat, rng: &mut ChaCha8Rng) -> Stud {
        let mut world = self.clone();
        let mut seen = [false; 65];
        for s in 0..self.players {
            let from = if s == seat { 0 } else { DOWN };
            for card in self.cards[s].iter().skip(from) {
                seen[card.number() as usize] = true;
            }
        }
        let mut unseen: Vec<Card> = Card::all().filter(|c| !seen[c.number() as usize]).collect();
        unseen.shuffle(rng);
        let mut next = unseen.into_iter();
        for s in (0..self.players).filter(|&s| s != seat) {
            for i in 0..self.cards[s].len().min(DOWN) {
                world.cards[s][i] = next.next().expect("cards enough");
            }
        }
        let mut decks = (*self.decks).clone();
        if let Some(deck) = decks.get_mut(self.hand) {
            for place in deck.iter_mut().skip(self.dealt) {
                *place = next.next().expect("cards enough");
            }
        }
        for deck in decks.iter_mut().skip(self.hand + 1) {
            let mut fresh: Vec<Card> = Card::all().collect();
            fresh.shuffle(rng);
            fresh.truncate(CARDS * self.players);
            *deck = fresh;
        }
        world.decks = Arc::new(decks);
        world
    }

    /// Every action is a turn.
    fn turns(&self) -> u32 {
        self.turns
    }

    fn counts(&self) -> Counts {
        let names = ["show", "fold", "check", "call", "bet", "raise"];
        Counts {
            plays_by_kind: names.into_iter().zip(self.tally.actions).collect(),
            events: vec![
                ("hands", self.tally.hands),
                ("showdowns", self.tally.showdowns),
                ("split-pots", self.tally.splits),
                ("all-ins", self.tally.all_ins),
            ],
        }
    }

    fn action_words(&self, action: &Action) -> String {
        super::words::action(self, action)
    }

    fn ending_words(&self, _before: &Stud, _seat: Seat) -> Option<String> {
        self.outcome?;
        let holding = self.stacks.iter().filter(|&&chips| chips > 0).count();
        Some(if holding == 1 {
            "one player holds every chip and wins".to_string()
        } else {
            format!("every player has dealt twice ({} hands): the most chips wins", self.decks.len())
        })
    }

    fn standings(&self) -> Vec<crate::play::Standing> {
        // Most chips first: places by chips, the larger the better.
        let keys: Vec<std::cmp::Reverse<u32>> = self.stacks.iter().map(|&chips| std::cmp::Reverse(chips)).collect();
        crate::play::places(&keys)
            .into_iter()
            .enumerate()
            .map(|(seat, place)| crate::play::Standing {
                seat,
                place,
                score: Some(format!("{} chips", self.stacks[seat])),
            })
            .collect()
    }

    fn event_words(&self, seat: Seat, event: &Event) -> String {
        super::words::event(self, seat, event)
    }

    fn table_words(&self) -> crate::play::TableWords {
        super::words::table(self)
    }

    fn terms(&self) -> Vec<(&'static str, &'static str)> {
        crate::play::words::with_cards(&super::words::TERMS)
    }
}
