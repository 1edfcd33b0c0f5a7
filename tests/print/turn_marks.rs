//! 6 and 9 read alike on cards that turn (issue 11): every number on every card face
//! that reads as another number turned 180° is underlined, in both readings, and no
//! other text is.

use hexforge::cards::{Lang, card_svg};
use hexforge::games::decks;

/// The number `text` shows once the card is turned 180°, if every digit survives the
/// turn (0, 1, 8 stay, 6 and 9 swap; the order reverses).
fn turned(text: &str) -> Option<String> {
    text.chars()
        .rev()
        .map(|c| match c {
            '0' | '1' | '8' => Some(c),
            '6' => Some('9'),
            '9' => Some('6'),
            _ => None,
        })
        .collect()
}

/// True when the text is a number a turned card shows as another number with a 6 or 9.
fn misreads(text: &str) -> bool {
    text.chars().all(|c| c.is_ascii_digit())
        && turned(text).is_some_and(|t| t != text && text.chars().any(|c| c == '6' || c == '9'))
}

#[test]
fn the_rule_covers_the_cases_of_the_issue() {
    for n in ["6", "9", "19", "61", "16"] {
        assert!(misreads(n), "{n}");
    }
    for n in ["1", "8", "11", "12", "64", "26"] {
        assert!(!misreads(n), "{n}");
    }
}

#[test]
fn every_number_that_misreads_when_turned_is_underlined_in_both_readings() {
    let mut marked = std::collections::BTreeMap::<String, usize>::new();
    for deck in [decks::CHANGING_LINES, decks::ZHI_PAI] {
        for face in deck.faces() {
            for lang in [Lang::En, Lang::Fr] {
                let svg = card_svg(deck, &face, lang).unwrap();
                let doc = roxmltree::Document::parse(&svg).unwrap();
                for text in doc.descendants().filter(|n| n.has_tag_name("text")) {
                    let content: String = text.descendants().filter_map(|n| n.text()).collect();
                    let underlined = text.attribute("text-decoration") == Some("underline");
                    let place = format!("{} {} {lang:?}: text {content:?}", deck.slug(), face.slug());
                    assert_eq!(underlined, misreads(content.trim()), "{place}");
                    if underlined {
                        let reading = text.attribute("data-orientation").unwrap_or("card");
                        *marked.entry(reading.to_string()).or_default() += 1;
                    }
                }
            }
        }
    }
    // The marks are on both readings of the Changing Lines cards, not only one.
    for reading in ["dark", "light"] {
        assert!(marked.get(reading).copied().unwrap_or(0) > 10, "{reading}: {marked:?}");
    }
}

#[test]
fn the_cards_named_in_the_issue_carry_the_mark() {
    // Card 1 shows neighbours 9 (dark) and 16 (light); card 61 shows 61 itself.
    let underlined = |n: i64| {
        let face = hexforge::cards::Face::Card(hexforge_rules::core::hexagram::Hexagram::from_number(n).unwrap());
        let svg = card_svg(decks::CHANGING_LINES, &face, Lang::En).unwrap();
        svg.matches("text-decoration=\"underline\"").count()
    };
    for n in [1, 38, 61] {
        assert!(underlined(n) > 0, "card {n} has no underlined number");
    }
}
