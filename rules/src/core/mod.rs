//! The pure core: hexagrams, trigrams, their names, the Changing Lines card, casting and
//! spreads, the hypercube and the neighbour check. No I/O; nothing here knows of SVG, PDF, HTTP or files.

pub mod card;
pub mod casting;
pub mod deck;
pub mod error;
pub mod hexagram;
pub mod hexagram_json;
pub mod hypercube;
pub mod lang;
pub mod names;
pub mod spread;
pub mod trigram;
pub mod verify;

/// A word as the parsers of the API's words compare it: trimmed and lower-cased. A word
/// that already is (lower-case ASCII letters and digits: what the JSON API sends) is
/// borrowed, not copied: lower-casing a copy was an allocation for every card of a
/// checked sequence.
pub fn folded(word: &str) -> std::borrow::Cow<'_, str> {
    if word.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()) {
        std::borrow::Cow::Borrowed(word)
    } else {
        std::borrow::Cow::Owned(word.trim().to_lowercase())
    }
}

/// A count with a comma between thousands (`7,624,512`), as the books and docs print
/// counts.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{folded, thousands};

    #[test]
    fn a_count_has_a_comma_between_thousands() {
        for (n, written) in [(0, "0"), (999, "999"), (1000, "1,000"), (65_536, "65,536"), (7_624_512, "7,624,512")] {
            assert_eq!(thousands(n), written);
        }
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }
    use std::borrow::Cow;

    #[test]
    fn a_word_already_folded_is_borrowed_and_any_other_is_trimmed_and_lowered() {
        for word in ["dark", "6d", "en", ""] {
            assert!(matches!(folded(word), Cow::Borrowed(w) if w == word), "{word:?}");
        }
        for (word, expected) in
            [(" Dark ", "dark"), ("6D", "6d"), ("FRANÇAIS", "français"), ("水", "水"), ("wa ter", "wa ter")]
        {
            assert_eq!(folded(word), expected, "{word:?}");
            assert_eq!(folded(word), word.trim().to_lowercase(), "{word:?}");
        }
    }

    #[test]
    fn the_word_parsers_take_any_case_and_surrounding_space() {
        assert_eq!(" DARK ".parse::<super::card::Orientation>().ok(), Some(super::card::Orientation::Dark));
        assert_eq!(" EN".parse::<super::lang::Lang>().ok(), Some(super::lang::Lang::En));
        assert_eq!("Water".parse::<super::trigram::Trigram>().ok(), "water".parse().ok());
        assert!("water".parse::<super::trigram::Trigram>().is_ok());
    }
}
