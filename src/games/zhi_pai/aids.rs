//! The player aid of the Zhi Pai deck (issue 11): its 80 cards leave one slot of the last
//! sheet free, and the one card holds both things a player looks up mid-game, the three
//! ways a card links and the solo score table (from [`super::score::SOLO_PENALTIES`]).

use super::rules::Condition;
use super::score::SOLO_PENALTIES;
use crate::cards::aids::{Aid, Block};

/// The aids, in sheet order.
pub fn aids() -> Vec<Aid> {
    let condition = |c: Condition, what: &str| (c.number().to_string(), what.to_string());
    let penalties: Vec<(String, String)> = SOLO_PENALTIES
        .iter()
        .map(|row| {
            let zone = format!("{}{}", row.common_zone, if row.or_more { " or more" } else { "" });
            (zone, format!("+{}", row.penalty))
        })
        .collect();
    vec![Aid {
        slug: "links-and-score",
        title: "Zhi Pai: links and score".into(),
        blocks: vec![
            Block::Text(
                "Lay a card right of the left end or left of the right end. It links to the card it touches if:".into(),
            ),
            Block::Rows(vec![
                condition(Condition::OneLine, "exactly one line differs;"),
                condition(Condition::Swap, "exactly two lines differ, one yin and one yang (a swap);"),
                condition(
                    Condition::Trigram,
                    "the same trigram in the same place, and your trigram card for it is active: turn it inactive.",
                ),
            ]),
            Block::Text(
                "Then activate the trigram cards of the laid card's two trigrams, usable from your next turn.".into(),
            ),
            Block::Heading("Solo score: cards in the sequence plus".into()),
            Block::Rows(std::iter::once(("Common Zone".to_string(), "penalty".to_string())).chain(penalties).collect()),
        ],
    }]
}
