//! Each game at a glance: its goal, a turn, and the kinds of move, in a few lines. One
//! source for two readers: the rulebook prints it as the "At a glance" box at the head
//! of the game's rules (`data.glance`, `templates/rulebooks/common.typ`), and the play
//! page `/play/GAME` shows it beside the table (`src/http/play_rules.rs`). Where a game's
//! printed player aid already lists its plays, the rows are the aid's own: Tao's four plays
//! (its book's box leaves them to the aid and to the table of "Your turn"), Zhi Pai's
//! three links. Dragons' kinds of move are its book's Quick reference. Every number comes
//! from the rules.

use super::changing_lines::aids as cl_aids;
use super::changing_lines::rulebook::{TAO_CANCEL_DRAWS, TAO_HAND, TAO_MIN_PLAYERS};
use crate::cards::aids::{Aid, Block};
use hexforge_rules::core::lang::Lang;
use hexforge_rules::dragons::rules::{BITE_DAMAGE, FIRE_MAX, SEGMENTS};
use hexforge_rules::liubo::rules as liubo;
use hexforge_rules::poker::stud as poker;
use serde::Serialize;

/// A game at a glance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Glance {
    /// How the game is won, in a sentence.
    pub goal: String,
    /// What a player does on a turn, in a sentence or two.
    pub turn: String,
    /// The kinds of move: a name and what it does.
    pub moves: Vec<(String, String)>,
}

/// The rows of the aid `slug` among `aids`, as its player aid prints them.
fn aid_rows(aids: &[Aid], slug: &str) -> Vec<(String, String)> {
    let aid = aids.iter().find(|a| a.slug == slug).unwrap_or_else(|| panic!("the aid {slug} is printed"));
    aid.blocks.iter().flat_map(|b| if let Block::Rows(rows) = b { rows.clone() } else { Vec::new() }).collect()
}

/// The first paragraph of the aid `slug`.
fn aid_text(aids: &[Aid], slug: &str) -> String {
    let aid = aids.iter().find(|a| a.slug == slug).unwrap_or_else(|| panic!("the aid {slug} is printed"));
    aid.blocks.iter().find_map(|b| if let Block::Text(t) = b { Some(t.clone()) } else { None }).unwrap_or_default()
}

/// A count as the books write it (docs/conventions.md, Numbers in the books): one to nine
/// in words, 10 and up in digits.
fn count(n: impl Into<u64>) -> String {
    const WORDS: [&str; 10] = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
    let n = n.into();
    WORDS.get(n as usize).map_or_else(|| n.to_string(), |w| w.to_string())
}

/// `word` with its first letter a capital (a count that opens a sentence).
fn capital(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

fn row(name: &str, what: impl Into<String>) -> (String, String) {
    (name.to_string(), what.into())
}

/// The glance of `game` (a name of the rules crate's registry, as `/play/GAME` spells it),
/// or `None` for a name it does not know.
pub fn glance(game: &str) -> Option<Glance> {
    Some(match game {
        "tao" => {
            let aids = cl_aids::aids();
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
        "pathways" => {
            let aids = cl_aids::aids();
            Glance {
                goal: "Be the last to crash: the last player standing wins by laying one more card; the others rank in the reverse order of their crashes.".into(),
                turn: "Nobody holds a hand: the deck lies open. On your turn pick a card still in the deck and lay it on your own pile.".into(),
                moves: vec![
                    row("Lay", aid_text(&aids, "pathways")),
                    row("Crash", "no card you may lay: you leave the game, and your pile returns to the deck once play has gone round to your seat."),
                ],
            }
        }
        "zhi-pai" => {
            let aids = super::zhi_pai::aids::aids(Lang::En);
            let conditions = aid_rows(&aids, "links-and-score").into_iter().take(3).map(|(n, what)| (format!("Link {n}"), what));
            let mut moves = vec![row("Lay", aid_text(&aids, "links-and-score"))];
            moves.extend(conditions);
            moves.push(row("Pass", "lay no card; the Common Zone still grows by one."));
            Glance {
                goal: "Join your start hexagram to its complement: be the first to close your chain, with as few cards as you can.".into(),
                turn: "Take a card from the Common Zone and lay it at one inner end of your chain; wake the trigram cards of its two trigrams; refill the Common Zone.".into(),
                moves,
            }
        }
        "liubo" => Glance {
            goal: format!(
                "Land an ordinary stone on the enemy owl, leave the enemy owl facing {} of your stones, or take all {} enemy stones prisoner.",
                count(liubo::OWL_OUTNUMBERED_BY as u64),
                count(liubo::STONES_PER_PLAYER as u64)
            ),
            turn: format!(
                "Throw the {} sticks, read as two groups of three (each worth 1 more than its yang faces), and move two stones, one with each group.",
                count(liubo::STICK_COUNT as u64)
            ),
            moves: vec![
                row("Enter", "bring a stone on at station 1 (it counts as the first step)."),
                row("Move", "a stone counter-clockwise round the circuit; from 6 or 11, where it stopped, across the board."),
                row("Capture", "end on an enemy stone: it goes home (taken by your owl, it is your prisoner)."),
                row("Owl", "a stone ending on the centre may become your one owl, free to go either way."),
                row("Throw again", "after 1 and 1 or 4 and 4, a loop completed or an owl made."),
            ],
        },
        "yijing-pai" => Glance {
            goal: "Lay two hexagrams identical to your hidden hexagram, or three identical hexagrams of any kind.".into(),
            turn: "You hold two tiles: lay them as a pair and draw two from the wall. Three plays build a six-line hexagram, in a column of your own.".into(),
            moves: vec![
                row("Respond", "answer the pair just played with a pair that is not the same, in the same order."),
                row("Pung", "when a double is laid, lay the same double at once, even out of turn."),
                row("Place", "a pung goes outside or inside the lines already laid (a yang pung: one tile each side)."),
                row("Win", "complete the winning hexagrams, reveal your hidden one and call it."),
            ],
        },
        "poker" => Glance {
            goal: format!(
                "Hold the most chips when every player has dealt twice (or all of them sooner). Each starts with {}.",
                count(poker::STACK)
            ),
            turn: format!(
                "Ante {}; two cards face down and three face up, one at a time, each up card turned dark or light as it is dealt and kept so. A betting round follows the third, fourth and fifth cards.",
                count(poker::ANTE)
            ),
            moves: vec![
                row("Turn", "turn the up card just dealt dark or light side up: it stays so for the hand."),
                row("Check or bet", format!("with no bet yet this round; the bet is {}, {} and then {} chips.", count(poker::BETS[0]), count(poker::BETS[1]), count(poker::BETS[2]))),
                row("Fold, call or raise", format!("after a bet; a round allows {} bets (a bet and two raises).", count(poker::CAP))),
                row("Showdown", "the best hand by the table of hands takes the pot; equal hands split it."),
            ],
        },
        "dragons" => Glance {
            goal: format!(
                "Strip the other dragon of its body: each has a head and {} segments, and the first to lose its last segment is defeated.",
                count(SEGMENTS)
            ),
            turn: "Two phases: stir the wheel of the Ba-Gua (spirit), then move your dragon as the element it names (matter).".into(),
            moves: vec![
                row("Spirit", "pick up every stone of one space; drop them one by one on the next spaces, counter-clockwise. The last space names the element."),
                row("Matter", "move your dragon as the element says, step by step: tail off, head on, tail where the head was."),
                row("Bite", format!("after Sky, Earth, Wind, Thunder, Lake or Mountain: if a tile of the other dragon is right in front of your dragon's mouth, the other dragon loses {BITE_DAMAGE} life.")),
                row("Fire, Water", format!("absorb one stone (at most {FIRE_MAX} of each), or expel: best ruler value on the target plus the bonus.")),
                row("Life", "each damage: a water stone to the centre. An empty meter costs a segment and refills. No segment left: defeat."),
            ],
        },
        "solitaire" => {
            use hexforge_rules::solitaire as sol;
            Glance {
                goal: format!(
                    "Clear the {} piles onto the centre pile, turning as few of the {} stock cards as you can.",
                    count(sol::PILES as u64),
                    sol::STOCK
                ),
                turn: "Lay the top card of a pile on the centre pile, either way up, if it fits; or turn the next stock card onto it.".into(),
                moves: vec![
                    row("One line", "the card shows a hexagram one changed line from the centre card."),
                    row("Complement", "the card shows the centre card with every line changed."),
                    row("Mirror", "a card that reads the same either way up fits on anything."),
                    row("Stock", "turn the next stock card onto the centre pile, either way up."),
                ],
            }
        }
        _ => return None,
    })
}

/// Every game's glance, by its name, as the rulebooks read it (`data.glance`).
pub fn all() -> serde_json::Value {
    hexforge_rules::games()
        .iter()
        .filter_map(|r| glance(r.name()).map(|g| (r.name().to_string(), serde_json::to_value(g).expect("plain data"))))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_of_the_registry_has_a_glance() {
        for rules in hexforge_rules::games() {
            let g = glance(rules.name()).unwrap_or_else(|| panic!("{} has a glance", rules.name()));
            assert!(!g.goal.is_empty() && !g.turn.is_empty() && g.moves.len() >= 2, "{}: {g:?}", rules.name());
        }
        assert_eq!(glance("chess"), None);
    }

    #[test]
    fn counts_follow_the_books_numbers_convention() {
        assert_eq!(
            (count(0u8), count(2u8), count(9u8), count(10u8), count(64u8)),
            ("zero".into(), "two".into(), "nine".into(), "10".into(), "64".into())
        );
        assert!(glance("tao").unwrap().turn.starts_with("Two or more players, eight cards each"));
        assert!(glance("dragons").unwrap().goal.contains("a head and three segments"));
    }

    #[test]
    fn tao_and_zhi_pai_list_the_rows_of_their_printed_aids() {
        let tao = glance("tao").unwrap();
        let plays = aid_rows(&cl_aids::aids(), "tao-plays");
        assert_eq!(tao.moves, plays);
        assert_eq!(plays.len(), 4, "change, match, cancel, invert");
        let zhi = glance("zhi-pai").unwrap();
        assert!(zhi.moves.iter().any(|(n, w)| n == "Link 1" && w.contains("one line")), "{zhi:?}");
    }
}
