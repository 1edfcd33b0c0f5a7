//! Tao and Pathways at a glance ([`crate::games::glance`]). Tao's kinds of move are the
//! four plays its player aid prints (its book's box leaves them to the aid and to the
//! table of "Your turn"); Pathways' lay is its aid's first paragraph.

use super::aids;
use super::rulebook::{TAO_CANCEL_DRAWS, TAO_HAND, TAO_MIN_PLAYERS};
use crate::games::glance::{Glance, aid_rows, aid_text, capital, count, row};

/// Tao at a glance.
pub fn tao() -> Glance {
    let aids = aids::aids();
    Glance {
        goal: "Be the first to lay down every card in your hand.".into(),
        turn: format!(
            "{} or more players, {} cards each. On your turn lay one card on the play pile so that it relates to the top card in one of four ways, each with its own effect on the direction of play; or draw, one card at a time, until you can and want to play (a cancel's {} cards are drawn at once).",
            capital(&count(TAO_MIN_PLAYERS as u64)),
            count(TAO_HAND as u64),
            count(TAO_CANCEL_DRAWS[0] as u64)
        ),
        moves: aid_rows(&aids, "tao-plays"),
    }
}

/// Pathways at a glance.
pub fn pathways() -> Glance {
    let aids = aids::aids();
    Glance {
        goal: "Be the last to crash: the last player standing wins by laying one more card; the others rank in the reverse order of their crashes.".into(),
        turn: "Nobody holds a hand: the deck lies open. On your turn pick a card still in the deck and lay it on your own pile.".into(),
        moves: vec![
            row("Lay", aid_text(&aids, "pathways")),
            row("Crash", "no card you may lay: you leave the game, and your pile returns to the deck once play has gone round to your seat."),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tao_lists_the_rows_of_its_printed_aid() {
        let plays = aid_rows(&aids::aids(), "tao-plays");
        assert_eq!(tao().moves, plays);
        assert_eq!(plays.len(), 4, "change, match, cancel, invert");
        assert!(tao().turn.starts_with("Two or more players, eight cards each"), "{}", tao().turn);
    }
}
