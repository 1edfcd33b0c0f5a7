//! How a game record's JSON line is read, before its game's types read it: the rules every
//! record obeys whatever its game, the same for the command line, the server and the
//! browser (docs/rules.md, Game records).
//!
//! - a key is given at most once in an object (serde's maps would keep the last value);
//! - `null` is never a value: an optional field is left out;
//! - a whole number may be written `12` or `12.0` (JSON Schema's `integer` is a value).
//!
//! One pass over the text checks the first two and finds whether any number needs the
//! third; only then is the text written again, with whole numbers as integers.

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::borrow::Cow;
use std::fmt;

/// Longest error message given back about a record: a message quoting a value (a string
/// as long as the record) is cut, keeping where it failed.
pub const MESSAGE_LIMIT: usize = 240;

/// The record's text as its game's types read it (unchanged, or with `12.0` written
/// `12`), or why it breaks a rule every record obeys.
pub fn plain(text: &str) -> Result<Cow<'_, str>, String> {
    let mut path = Vec::new();
    let mut whole_floats = false;
    let mut reader = serde_json::Deserializer::from_str(text);
    Walk { path: &mut path, whole_floats: &mut whole_floats }
        .deserialize(&mut reader)
        .map_err(|e| cut(&e.to_string()))?;
    reader.end().map_err(|e| cut(&e.to_string()))?;
    if !whole_floats {
        return Ok(Cow::Borrowed(text));
    }
    let value: Value = serde_json::from_str(text).map_err(|e| cut(&e.to_string()))?;
    Ok(Cow::Owned(integers(value).to_string()))
}

/// `message`, cut to [`MESSAGE_LIMIT`] characters, keeping its end (`at line 1 column 80`).
pub fn cut(message: &str) -> String {
    if message.chars().count() <= MESSAGE_LIMIT {
        return message.to_string();
    }
    let (said, at) = match message.rfind(" at line ") {
        Some(i) if message.len() - i < 40 => message.split_at(i),
        _ => (message, ""),
    };
    let keep = MESSAGE_LIMIT.saturating_sub(at.chars().count() + 5);
    let head: String = said.chars().take(keep).collect();
    format!("{head} […]{at}")
}

/// Whole numbers written with a fraction of zero, made whole.
fn integers(value: Value) -> Value {
    match value {
        Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() => whole(f).unwrap_or(Value::Number(n)),
            _ => Value::Number(n),
        },
        Value::Array(items) => Value::Array(items.into_iter().map(integers).collect()),
        Value::Object(fields) => Value::Object(fields.into_iter().map(|(k, v)| (k, integers(v))).collect()),
        other => other,
    }
}

/// `f` as a JSON integer, when it is a whole number within 64 bits (every f64 without a
/// fraction is a whole number exactly, however large).
fn whole(f: f64) -> Option<Value> {
    if f.fract() != 0.0 {
        None
    } else if (0.0..18_446_744_073_709_551_616.0).contains(&f) {
        Some(Value::from(f as u64))
    } else if (-9_223_372_036_854_775_808.0..0.0).contains(&f) {
        Some(Value::from(f as i64))
    } else {
        None
    }
}

/// A step from the record to one of its values: a key, or an index in an array.
enum Step<'de> {
    Key(Cow<'de, str>),
    Index(usize),
}

/// Where a value is: `the record`, `actions[3].seat`.
fn at(path: &[Step]) -> String {
    if path.is_empty() {
        return "the record".to_string();
    }
    let mut out = String::new();
    for step in path {
        match step {
            Step::Key(key) if out.is_empty() => out.push_str(key),
            Step::Key(key) => {
                out.push('.');
                out.push_str(key);
            }
            Step::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    cut(&out)
}

/// One value read, everything under it looked at.
struct Walk<'a, 'de> {
    path: &'a mut Vec<Step<'de>>,
    whole_floats: &'a mut bool,
}

impl<'de> DeserializeSeed<'de> for Walk<'_, 'de> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walk<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        if whole(v).is_some() {
            *self.whole_floats = true;
        }
        Ok(())
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Err(E::custom(format!("{} is null: leave an optional field out instead", at(self.path))))
    }

    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.visit_unit()
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<(), A::Error> {
        for i in 0.. {
            self.path.push(Step::Index(i));
            let more = items.next_element_seed(Walk { path: self.path, whole_floats: self.whole_floats })?;
            self.path.pop();
            if more.is_none() {
                break;
            }
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut fields: A) -> Result<(), A::Error> {
        let mut seen: Vec<Cow<'de, str>> = Vec::new();
        while let Some(key) = fields.next_key_seed(Key)? {
            if seen.contains(&key) {
                let message = format!("{} has the key {:?} twice", at(self.path), cut(&key));
                return Err(de::Error::custom(message));
            }
            self.path.push(Step::Key(key.clone()));
            fields.next_value_seed(Walk { path: self.path, whole_floats: self.whole_floats })?;
            self.path.pop();
            seen.push(key);
        }
        Ok(())
    }
}

/// A key, borrowed from the text when it has no escapes.
struct Key;

impl<'de> DeserializeSeed<'de> for Key {
    type Value = Cow<'de, str>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Cow<'de, str>, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Key {
    type Value = Cow<'de, str>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Borrowed(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(v.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_record_is_read_as_it_is() {
        let text = r#"{"game":"tao","seed":18446744073709551615,"actions":[{"seat":0,"draw":3}]}"#;
        assert!(matches!(plain(text), Ok(Cow::Borrowed(t)) if t == text));
    }

    #[test]
    fn whole_numbers_may_have_a_zero_fraction() {
        let text = r#"{"players":2.0,"seed":7,"zone":[3.0,4.5,-1.0,9007199254740990.0]}"#;
        assert_eq!(plain(text).unwrap(), r#"{"players":2,"seed":7,"zone":[3,4.5,-1,9007199254740990]}"#);
    }

    #[test]
    fn null_and_a_key_given_twice_are_refused_naming_where() {
        let null = plain(r#"{"actions":[{"seat":0},{"seat":null}]}"#).unwrap_err();
        assert!(null.starts_with("actions[1].seat is null: leave an optional field out instead"), "{null}");
        let twice = plain(r#"{"game":"tao","actions":[{"seat":0,"draw":3,"seat":1}]}"#).unwrap_err();
        assert!(twice.starts_with(r#"actions[0] has the key "seat" twice"#), "{twice}");
        let top = plain(r#"{"seed":1,"seed":2}"#).unwrap_err();
        assert!(top.starts_with(r#"the record has the key "seed" twice"#), "{top}");
        // An escaped key is the same key.
        assert!(plain(r#"{"seed":1,"s\u0065ed":2}"#).is_err());
        assert!(plain(r#"{"a":1} {"b":2}"#).is_err(), "one value a line");
    }

    #[test]
    fn a_long_message_is_cut_keeping_where() {
        let long = format!("invalid type: string \"{}\", expected u8 at line 1 column 90012", "x".repeat(90_000));
        let short = cut(&long);
        assert!(short.chars().count() <= MESSAGE_LIMIT, "{}", short.len());
        assert!(short.starts_with("invalid type: string \"xxx") && short.ends_with("[…] at line 1 column 90012"));
        assert_eq!(cut("short"), "short");
    }
}
