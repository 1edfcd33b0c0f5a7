//! The card decks the games print, plugged into the card engine (`cards`): each game
//! implements [`CardDeck`](crate::cards::CardDeck) beside its art and names its [`PrintedDeck`]
//! (`games::<game>::DECK`); this list is the one place that knows them all (so a deck's
//! name is parsed here). A new deck is a game's `CardDeck` and a line in [`ALL`].

use std::str::FromStr;

use super::{changing_lines, zhi_pai};
use crate::cards::{CardError, NameRoom, PrintedDeck};

/// The Changing Lines deck (docs/conventions.md, The Changing Lines deck).
pub const CHANGING_LINES: PrintedDeck = changing_lines::DECK;

/// The Zhi Pai deck (docs/conventions.md, Zhi Pai).
pub const ZHI_PAI: PrintedDeck = zhi_pai::DECK;

/// Every deck, in the order they are listed and generated.
pub const ALL: [PrintedDeck; 2] = [CHANGING_LINES, ZHI_PAI];

/// Other names a deck answers to on the command line and in the API, besides its slug.
const ALIASES: [(PrintedDeck, &[&str]); 2] = [(CHANGING_LINES, &["changinglines", "cl"]), (ZHI_PAI, &["zhipai", "zp"])];

/// Every place a hexagram name is printed on a card of any deck: a user's own names
/// (`generate --names`) must fit each.
pub fn name_rooms() -> Vec<NameRoom> {
    ALL.iter().flat_map(|deck| deck.art().name_rooms().iter().copied()).collect()
}

/// A deck by its slug or an alias, whatever the case, `_` for `-`.
pub fn parse(name: &str) -> Result<PrintedDeck, CardError> {
    let wanted = name.trim().to_lowercase().replace('_', "-");
    ALIASES
        .iter()
        .find(|(deck, aliases)| deck.slug() == wanted || aliases.contains(&wanted.as_str()))
        .map(|(deck, _)| *deck)
        .ok_or_else(|| CardError::BadDeck { name: name.to_string(), expected: expected() })
}

/// The decks' slugs for a message: `changing-lines or zhi-pai`.
fn expected() -> String {
    let slugs: Vec<&str> = ALL.iter().map(|deck| deck.slug()).collect();
    match slugs.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl FromStr for PrintedDeck {
    type Err = CardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Face, Lang, PlayerSet, TrigramFace, card_svg};
    use hexforge_rules::core::trigram::Trigram;

    #[test]
    fn faces_and_pairs_count() {
        assert_eq!(CHANGING_LINES.faces().len(), 65);
        assert_eq!(ZHI_PAI.faces().len(), 65 + 32);
        assert_eq!(CHANGING_LINES.print_pairs().len(), 64);
        assert_eq!(ZHI_PAI.print_pairs().len(), 80);
        for deck in ALL {
            for (front, back) in deck.print_pairs() {
                assert!(deck.faces().contains(&front) && deck.faces().contains(&back));
            }
            for face in deck.faces() {
                assert!(deck.has(&face), "{deck} {face}");
            }
        }
    }

    #[test]
    fn face_slugs_round_trip() {
        for deck in ALL {
            for face in deck.faces() {
                assert_eq!(face.slug().parse::<Face>().unwrap(), face);
            }
        }
        assert_eq!("12".parse::<Face>().unwrap().slug(), "card-12");
        assert_eq!("card-7".parse::<Face>().unwrap().slug(), "card-07");
        for bad in ["0", "65", "card-x", "trigram-3-water-active", "trigram-1-wood-on", "front"] {
            assert!(matches!(bad.parse::<Face>(), Err(CardError::BadFace(_))), "{bad}");
        }
    }

    #[test]
    fn decks_and_langs_parse() {
        assert_eq!("zhi-pai".parse::<PrintedDeck>().unwrap(), ZHI_PAI);
        assert_eq!("Changing-Lines".parse::<PrintedDeck>().unwrap(), CHANGING_LINES);
        assert_eq!("zp".parse::<PrintedDeck>().unwrap(), ZHI_PAI);
        assert_eq!("changing_lines".parse::<PrintedDeck>().unwrap(), CHANGING_LINES);
        assert_eq!(
            "tarot".parse::<PrintedDeck>().unwrap_err().to_string(),
            "\"tarot\" is not a deck; expected changing-lines or zhi-pai"
        );
        assert_eq!("FR".parse::<Lang>().unwrap(), Lang::Fr);
        assert!("de".parse::<Lang>().is_err());
        assert!(CHANGING_LINES < ZHI_PAI, "decks sort by slug");
        assert_eq!(serde_json::to_string(&ZHI_PAI).unwrap(), "\"zhi-pai\"");
    }

    #[test]
    fn changing_lines_has_no_trigram_cards() {
        let face = Face::Trigram(TrigramFace { set: PlayerSet::One, trigram: Trigram::WATER, active: true });
        assert!(!CHANGING_LINES.has(&face));
        let err = card_svg(CHANGING_LINES, &face, Lang::En).unwrap_err();
        assert_eq!(err.to_string(), "trigram-1-water-active is not a face of the changing-lines deck");
    }

    #[test]
    fn every_name_room_of_every_deck_is_listed() {
        assert_eq!(name_rooms().len(), 3);
    }
}
