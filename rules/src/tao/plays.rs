//! Every legal play on a card as it lies, with what each does: the answer of
//! `hexforge tao legal` and `POST /api/tao/legal`, and what the page offers.

use super::legal::{self, Kinds, Laid};
use crate::core::card::{Card, Orientation};
use serde::Serialize;

/// A card as it lies, with the hexagram it shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Shown {
    pub card: u8,
    pub orientation: Orientation,
    pub shows: u8,
}

impl From<Laid> for Shown {
    fn from(laid: Laid) -> Shown {
        Shown { card: laid.card.number(), orientation: laid.orientation, shows: laid.shows().number() }
    }
}

/// One legal play and its effects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Play {
    #[serde(flatten)]
    pub laid: Shown,
    pub kinds: Kinds,
    #[serde(flatten)]
    pub effects: legal::Effects,
}

/// Every legal play on `on` (or only `card`'s), card then orientation order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalPlays {
    pub on: Shown,
    pub plays: Vec<Play>,
}

/// The legal plays on `on`, of every card or of `only` that card. Effects are those of a
/// play that starts a cancel chain (next player draws 2).
pub fn legal_plays(on: Laid, only: Option<Card>) -> LegalPlays {
    let mut plays = Vec::new();
    for card in Card::all().filter(|c| only.is_none_or(|o| o == *c)) {
        for orientation in Orientation::BOTH {
            let kinds = legal::kinds(on, card, orientation);
            if !kinds.is_empty() {
                let laid = Laid::new(card, orientation);
                plays.push(Play { laid: laid.into(), kinds, effects: legal::effects(on, laid, kinds, 1) });
            }
        }
    }
    LegalPlays { on: on.into(), plays }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_for_eleven_on_twelve_dark_is_the_documented_json() {
        let on = Laid::new(Card::from_number(12).unwrap(), Orientation::Dark);
        let answer = legal_plays(on, Card::from_number(11).ok());
        let json = serde_json::to_string(&answer).unwrap();
        assert_eq!(
            json,
            r#"{"on":{"card":12,"orientation":"dark","shows":12},"plays":[{"card":11,"orientation":"dark","shows":11,"kinds":["cancel","invert"],"reverses":false,"skips_next":true,"next_draws":2,"extra_play":false},{"card":11,"orientation":"light","shows":12,"kinds":["match"],"reverses":true,"skips_next":false,"next_draws":0,"extra_play":true}]}"#
        );
    }

    #[test]
    fn every_play_listed_is_legal_and_every_legal_play_is_listed() {
        let on = Laid::new(Card::from_number(30).unwrap(), Orientation::Light);
        let answer = legal_plays(on, None);
        let masks = legal::legal_masks(on);
        let listed = answer.plays.len() as u32;
        assert_eq!(listed, masks[0].count_ones() + masks[1].count_ones());
        assert!(answer.plays.iter().all(|p| !p.kinds.is_empty()));
    }
}
