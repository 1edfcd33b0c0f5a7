//! The deal: eight cards to each player (seven to eight players, so that a draw pile
//! remains), the first card turned up, the rest a draw pile.

use super::legal::Laid;
use super::{HAND, PLAYERS};
use crate::core::card::{Card, Orientation};
use crate::core::deck::CardSet;
use crate::play::Illegal;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Who holds what at the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// Each seat's hand, seat 0 (the dealer's left) first.
    pub hands: Vec<CardSet>,
    /// The draw pile, in the order it is drawn (first drawn first).
    pub pile: Vec<Card>,
    /// The first card turned up; none with eight players (the holder of card 1 leads).
    pub first: Option<Laid>,
}

/// Cards dealt to each of `players` unless a setup says otherwise: eight, but seven to
/// eight players (as the rulebook deals), so that a draw pile remains. The source deals
/// eight to every table; dealt eight, eight players hold the whole deck, and a third of
/// their games stall (`tao::measured`). The one default of the command line, the service
/// and the page.
pub fn default_hand(players: usize) -> usize {
    if players * HAND >= 64 { HAND - 1 } else { HAND }
}

impl Deal {
    /// A shuffled deal of [`default_hand`] cards each for `players` (2 to 8), from `seed`
    /// alone.
    pub fn shuffled(players: usize, seed: u64) -> Result<Deal, Illegal> {
        Deal::shuffled_hands(players, default_hand(players), seed)
    }

    /// A shuffled deal of `hand` cards each (eight; to eight players, seven or eight).
    pub fn shuffled_hands(players: usize, hand: usize, seed: u64) -> Result<Deal, Illegal> {
        check_players(players)?;
        check_hand(players, hand)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut cards: Vec<Card> = Card::all().collect();
        cards.shuffle(&mut rng);
        let mut hands = vec![CardSet::EMPTY; players];
        for (i, &card) in cards[..players * hand].iter().enumerate() {
            hands[i % players].insert(card);
        }
        let mut rest = cards[players * hand..].iter().copied();
        let first = rest.next().map(|card| {
            let orientation = if rng.random::<bool>() { Orientation::Dark } else { Orientation::Light };
            Laid::new(card, orientation)
        });
        Ok(Deal { hands, pile: rest.collect(), first })
    }

    /// Checks a deal typed in or read from a record: 2 to 8 hands of eight cards (or, to
    /// eight players, all of seven, the default), every card once, a first card turned up
    /// exactly when cards are left after the deal.
    pub fn checked(self) -> Result<Deal, Illegal> {
        let players = self.hands.len();
        check_players(players)?;
        let hand = self.hands[0].len();
        check_hand(players, hand)?;
        for (seat, cards) in self.hands.iter().enumerate() {
            if cards.len() != hand {
                return Err(Illegal::new(
                    "bad-deal",
                    format!("seat {seat} holds {} cards, seat 0 {hand}", cards.len()),
                ));
            }
        }
        let left = players * hand < 64;
        if self.first.is_some() != left {
            let rule = if left { "a first card is turned up" } else { "there is no first card" };
            return Err(Illegal::new("bad-deal", format!("with {players} hands of {hand} {rule}")));
        }
        let mut seen = CardSet::EMPTY;
        let all =
            self.hands.iter().flat_map(|h| h.iter()).chain(self.pile.iter().copied()).chain(self.first.map(|f| f.card));
        let mut count = 0;
        for card in all {
            if seen.contains(card) {
                return Err(Illegal::new("bad-deal", format!("card {} is dealt twice", card.number())));
            }
            seen.insert(card);
            count += 1;
        }
        if count != 64 {
            return Err(Illegal::new("bad-deal", format!("the deal holds {count} cards; the deck is 64")));
        }
        Ok(self)
    }
}

/// Hands are eight cards; seven is the variant for eight players.
fn check_hand(players: usize, hand: usize) -> Result<(), Illegal> {
    if hand == HAND || (hand == HAND - 1 && players == 8) {
        Ok(())
    } else {
        Err(Illegal::new("bad-deal", format!("hands of {hand} cards: a hand is {HAND} (7 or 8 with eight players)")))
    }
}

fn check_players(players: usize) -> Result<(), Illegal> {
    if PLAYERS.contains(&players) {
        Ok(())
    } else {
        Err(Illegal::new("bad-players", format!("{players} players is out of range 2..=8")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_deal_holds_each_card_once_and_checks() {
        for players in PLAYERS {
            for seed in 0..20 {
                let deal = Deal::shuffled(players, seed).unwrap();
                // Seven each to eight players, eight to the others; one card turned up.
                let hand = if players == 8 { 7 } else { 8 };
                assert_eq!(deal.hands.iter().map(|h| h.len()).collect::<Vec<_>>(), vec![hand; players]);
                assert_eq!(deal.pile.len(), 64 - hand * players - 1);
                assert_eq!(deal.clone().checked(), Ok(deal));
            }
        }
    }

    #[test]
    fn the_same_seed_deals_the_same_cards_and_another_seed_does_not() {
        assert_eq!(Deal::shuffled(4, 7), Deal::shuffled(4, 7));
        assert_ne!(Deal::shuffled(4, 7), Deal::shuffled(4, 8));
    }

    #[test]
    fn a_bad_deal_is_refused_with_its_reason() {
        assert_eq!(Deal::shuffled(9, 1).unwrap_err().rule, "bad-players");
        let mut deal = Deal::shuffled(4, 1).unwrap();
        deal.pile.pop();
        assert!(deal.checked().unwrap_err().message.contains("63 cards"));
        let mut deal = Deal::shuffled_hands(8, HAND, 1).unwrap();
        deal.first = Some(Laid::new(Card::from_number(1).unwrap(), Orientation::Dark));
        assert_eq!(deal.checked().unwrap_err().rule, "bad-deal");
    }
}
