//! The player aid of the Zhi Pai deck (issue 11): its 80 cards leave one slot of the last
//! sheet free, and the one card holds both things a player looks up mid-game, the three
//! ways a card links and the solo score table (from `hexforge_rules::zhi_pai::score::SOLO_PENALTIES`).

use crate::cards::aids::{Aid, Block};
use crate::games::glance::{Glance, aid_rows, aid_text, row};
use hexforge_rules::core::lang::Lang;
use hexforge_rules::zhi_pai::rules::Condition;
use hexforge_rules::zhi_pai::score::SOLO_PENALTIES;

/// The aids, in sheet order, in `lang` (the Zhi Pai deck is printed in French too).
pub fn aids(lang: Lang) -> Vec<Aid> {
    let condition =
        |c: Condition, en: &'static str, fr: &'static str| (c.number().to_string(), lang.pick(en, fr).to_string());
    let penalties: Vec<(String, String)> = SOLO_PENALTIES
        .iter()
        .map(|row| {
            let zone =
                format!("{}{}", row.common_zone, if row.or_more { lang.pick(" or more", " ou plus") } else { "" });
            (zone, format!("+{}", row.penalty))
        })
        .collect();
    vec![Aid {
        slug: "links-and-score",
        title: lang.pick("Zhi Pai: links and score", "Zhi Pai\u{a0}: liens et score").into(),
        blocks: vec![
            Block::Text(
                lang.pick(
                    "Lay a card right of the left end or left of the right end. It links to the card it touches if:",
                    "Posez une carte à droite du bout gauche ou à gauche du bout droit. Elle se lie à la carte \
                     qu'elle touche si\u{a0}:",
                )
                .into(),
            ),
            Block::Rows(vec![
                condition(Condition::OneLine, "exactly one line differs;", "un seul trait diffère\u{a0};"),
                condition(
                    Condition::Swap,
                    "exactly two lines differ, one yin and one yang (a swap);",
                    "deux traits diffèrent, un yin et un yang (un échange)\u{a0};",
                ),
                condition(
                    Condition::Trigram,
                    "the same trigram in the same place, and your trigram card for it is active: turn it inactive.",
                    "le même trigramme à la même place, et votre carte Trigramme est active\u{a0}: \
                     retournez-la côté inactif.",
                ),
            ]),
            Block::Text(
                lang.pick(
                    "Then activate the trigram cards of the laid card's two trigrams, usable from your next turn.",
                    "Activez ensuite les cartes Trigramme des deux trigrammes de la carte posée\u{a0}; \
                     elles servent dès votre tour suivant.",
                )
                .into(),
            ),
            Block::Heading(
                lang.pick("Solo score: cards in the sequence plus", "Score en solo\u{a0}: cartes posées, plus").into(),
            ),
            Block::Rows(
                std::iter::once((
                    lang.pick("Common Zone", "Zone Commune").to_string(),
                    lang.pick("penalty", "pénalité").to_string(),
                ))
                .chain(penalties)
                .collect(),
            ),
        ],
    }]
}

/// Zhi Pai at a glance ([`crate::games::glance`]): its kinds of move are the aid's, the
/// lay and the three links.
pub fn glance() -> Glance {
    let aids = aids(Lang::En);
    let conditions =
        aid_rows(&aids, "links-and-score").into_iter().take(3).map(|(n, what)| (format!("Link {n}"), what));
    let mut moves = vec![row("Lay", aid_text(&aids, "links-and-score"))];
    moves.extend(conditions);
    moves.push(row("Pass", "lay no card; the Common Zone still grows by one."));
    Glance {
        goal: "Join your start hexagram to its complement: be the first to close your chain, with as few cards as you can.".into(),
        turn: "Take a card from the Common Zone and lay it at one inner end of your chain; wake the trigram cards of its two trigrams; refill the Common Zone.".into(),
        moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_glance_lists_the_links_of_the_printed_aid() {
        let g = glance();
        assert!(g.moves.iter().any(|(n, w)| n == "Link 1" && w.contains("one line")), "{g:?}");
        assert_eq!(g.moves.len(), 5, "lay, three links, pass: {g:?}");
    }
}
