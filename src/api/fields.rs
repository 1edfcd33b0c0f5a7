//! How the JSON API reads a request's fields, so that it accepts exactly what
//! `/openapi.json` describes (checked by `tests/service/contract.rs`): a whole number written
//! `12` or `12.0` (JSON Schema's `integer` is a value, not a spelling), an optional
//! field absent or given but never `null`, and a word only as the schema lists it.
//!
//! The CLI builds the same request types from its flags without passing through here,
//! so its own spellings (any case, aliases, a deck as a list of cards) are unchanged.

use hexforge_rules::changing_lines::deck::DeckName;
use hexforge_rules::changing_lines::pathways::Mode;
use hexforge_rules::core::card::Orientation;
use hexforge_rules::core::trigram::Trigram;
use hexforge_rules::zhi_pai::Side;
use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt::{self, Display};
use std::str::FromStr;

/// The largest magnitude of a [`Whole`]: 2^53 - 1, the integers a JSON number (an IEEE
/// double to most readers) carries exactly, whether written `12` or `12.0`.
pub const MAX_WHOLE: i64 = (1 << 53) - 1;

/// A JSON number without a fractional part, at most [`MAX_WHOLE`] either side of 0: `12`,
/// `12.0` and `1.2e1` all read as 12; `12.5`, `"12"` and `1e16` are refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Whole(pub i64);

impl<'de> Deserialize<'de> for Whole {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct WholeVisitor;

        impl Visitor<'_> for WholeVisitor {
            type Value = Whole;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "an integer from -{MAX_WHOLE} to {MAX_WHOLE}")
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Whole, E> {
                match v.checked_abs() {
                    Some(abs) if abs <= MAX_WHOLE => Ok(Whole(v)),
                    _ => Err(E::invalid_value(Unexpected::Signed(v), &self)),
                }
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Whole, E> {
                match i64::try_from(v) {
                    Ok(n) if n <= MAX_WHOLE => Ok(Whole(n)),
                    _ => Err(E::invalid_value(Unexpected::Unsigned(v), &self)),
                }
            }

            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Whole, E> {
                // Every whole f64 within the bound is exact, so the cast loses nothing.
                if v.fract() == 0.0 && v.abs() <= MAX_WHOLE as f64 {
                    Ok(Whole(v as i64))
                } else {
                    Err(E::invalid_value(Unexpected::Float(v), &self))
                }
            }
        }

        deserializer.deserialize_any(WholeVisitor)
    }
}

/// A required whole number ([`Whole`]).
pub(crate) fn whole<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
    Whole::deserialize(deserializer).map(|w| w.0)
}

/// An optional whole number: absent is `None` (with `#[serde(default)]`), `null` is refused.
pub(crate) fn some_whole<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    whole(deserializer).map(Some)
}

/// A required list of whole numbers.
pub(crate) fn wholes<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<i64>, D::Error> {
    Vec::<Whole>::deserialize(deserializer).map(|v| v.into_iter().map(|w| w.0).collect())
}

/// An optional list of whole numbers: absent is `None`, `null` is refused.
pub(crate) fn some_wholes<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Vec<i64>>, D::Error> {
    wholes(deserializer).map(Some)
}

/// An optional count (a whole number, 0 or more): absent is `None`, `null` is refused.
pub(crate) fn some_count<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<usize>, D::Error> {
    let n = whole(deserializer)?;
    usize::try_from(n).map(Some).map_err(|_| de::Error::custom(format!("{n} is negative; expected a count, 0 or more")))
}

/// An optional value of any other type: absent is `None`, `null` is refused.
pub(crate) fn some<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Option<T>, D::Error> {
    T::deserialize(deserializer).map(Some)
}

/// A word of the API and the exact spellings a request may use for it, as
/// `/openapi.json` lists them.
pub(crate) trait Spelled: FromStr {
    const SPELLINGS: &'static [&'static str];
}

impl Spelled for Orientation {
    const SPELLINGS: &'static [&'static str] = &["dark", "light", "d", "l"];
}

impl Spelled for Mode {
    const SPELLINGS: &'static [&'static str] = &["dark", "light", "free"];
}

impl Spelled for Side {
    const SPELLINGS: &'static [&'static str] = &["left", "right", "l", "r"];
}

impl Spelled for Trigram {
    const SPELLINGS: &'static [&'static str] =
        &["heaven", "lake", "fire", "thunder", "wind", "water", "mountain", "earth"];
}

impl Spelled for hexforge_rules::core::lang::Lang {
    const SPELLINGS: &'static [&'static str] = &["en", "fr"];
}

impl Spelled for DeckName {
    const SPELLINGS: &'static [&'static str] = &["3d", "4d", "5d", "6d"];
}

/// Checks that `text` is one of `T`'s spellings. A word that does not parse is refused
/// with the message of the command line; one that parses but is spelled otherwise (`Dark`,
/// ` dark`, an alias) with the list of spellings.
fn spelled<T: Spelled>(text: &str) -> Result<(), String>
where
    T::Err: Display,
{
    if T::SPELLINGS.contains(&text) {
        return Ok(());
    }
    match text.parse::<T>() {
        Err(e) => Err(e.to_string()),
        Ok(_) => Err(format!("{text:?} is not spelled as the API expects; write one of {}", T::SPELLINGS.join(", "))),
    }
}

/// A word in one of its listed spellings (a query parameter, say), or why not.
pub(crate) fn word<T: Spelled>(text: &str) -> Result<T, String>
where
    T::Err: Display,
{
    spelled::<T>(text)?;
    text.parse().map_err(|e: T::Err| e.to_string())
}

/// A word read through the type's `FromStr` (so it is refused with the command line's
/// message), in one of its listed spellings only.
pub(crate) fn parsed<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Spelled,
    T::Err: Display,
{
    spelled_word::<D, T>(deserializer)?.parse().map_err(de::Error::custom)
}

/// A word in one of the listed spellings of `T`, as text: borrowed from the body when it
/// can be (a word with no escapes), not copied.
fn spelled_word<'de, D, T>(deserializer: D) -> Result<std::borrow::Cow<'de, str>, D::Error>
where
    D: Deserializer<'de>,
    T: Spelled,
    T::Err: Display,
{
    struct Text;

    impl<'de> Visitor<'de> for Text {
        type Value = std::borrow::Cow<'de, str>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a string")
        }

        fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
            Ok(std::borrow::Cow::Borrowed(v))
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            Ok(std::borrow::Cow::Owned(v.to_string()))
        }
    }

    let text = deserializer.deserialize_str(Text)?;
    spelled::<T>(&text).map_err(de::Error::custom)?;
    Ok(text)
}

/// An optional list of words of type `T`, each in one of its listed spellings, kept as
/// text: absent is empty, `null` is refused.
pub(crate) fn words<'de, D, T>(deserializer: D) -> Result<Vec<String>, D::Error>
where
    D: Deserializer<'de>,
    T: Spelled,
    T::Err: Display,
{
    let texts = Vec::<String>::deserialize(deserializer)?;
    for text in &texts {
        spelled::<T>(text).map_err(de::Error::custom)?;
    }
    Ok(texts)
}

/// An optional word of type `T`, in one of its listed spellings, kept as text: absent is
/// `None`, `null` is refused.
pub(crate) fn some_word<'de, D, T>(deserializer: D) -> Result<Option<String>, D::Error>
where
    D: Deserializer<'de>,
    T: Spelled,
    T::Err: Display,
{
    spelled_word::<D, T>(deserializer).map(|text| Some(text.into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Fields {
        #[serde(deserialize_with = "whole")]
        n: i64,
        #[serde(default, deserialize_with = "some_wholes")]
        list: Option<Vec<i64>>,
        #[serde(default, deserialize_with = "some_word::<_, Orientation>")]
        word: Option<String>,
        #[serde(default, deserialize_with = "some_count")]
        count: Option<usize>,
    }

    fn read(json: &str) -> Result<Fields, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn whole_numbers_may_be_written_with_a_zero_fraction() {
        let edges = [("9007199254740991", MAX_WHOLE), ("-9007199254740991.0", -MAX_WHOLE)];
        for (json, n) in [("12", 12), ("12.0", 12), ("1.2e1", 12), ("-3", -3)].into_iter().chain(edges) {
            assert_eq!(read(&format!(r#"{{"n":{json}}}"#)).unwrap().n, n, "{json}");
        }
        let too_far = ["9007199254740992", "-9007199254740992", "9007199254740992.0", "-9223372036854775809", "1e19"];
        for json in ["12.5", "\"12\"", "null", "true"].into_iter().chain(too_far) {
            assert!(read(&format!(r#"{{"n":{json}}}"#)).is_err(), "{json}");
        }
        assert_eq!(read(r#"{"n":1,"list":[1.0,2]}"#).unwrap().list, Some(vec![1, 2]));
    }

    #[test]
    fn an_optional_field_is_absent_or_given_never_null() {
        let absent = read(r#"{"n":1}"#).unwrap();
        assert_eq!((absent.list, absent.word, absent.count), (None, None, None));
        for field in ["list", "word", "count"] {
            let err = read(&format!(r#"{{"n":1,"{field}":null}}"#)).unwrap_err();
            assert!(err.contains("null"), "{field}: {err}");
        }
        assert!(read(r#"{"n":1,"count":-1}"#).unwrap_err().contains("negative"));
    }

    #[test]
    fn words_only_in_their_listed_spellings() {
        assert_eq!(read(r#"{"n":1,"word":"l"}"#).unwrap().word.as_deref(), Some("l"));
        let err = read(r#"{"n":1,"word":"Dark"}"#).unwrap_err();
        assert!(err.contains("write one of dark, light, d, l"), "{err}");
        let err = read(r#"{"n":1,"word":"up"}"#).unwrap_err();
        assert!(err.contains(&"up".parse::<Orientation>().unwrap_err().to_string()), "{err}");
        assert!(spelled::<Trigram>("kan").is_err() && spelled::<Trigram>("water").is_ok());
        assert!(spelled::<DeckName>("1,2").is_err() && spelled::<DeckName>("3d").is_ok());
    }
}
