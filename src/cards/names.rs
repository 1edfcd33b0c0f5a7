//! A user's own hexagram names (`generate --names FILE`): a CSV of `number,name` read
//! strictly into an [`Edition`], each name measured against the room the cards give it.
//!
//! The file is UTF-8 with one hexagram per line, `number,name`; numbers 1–64, each
//! exactly once. A first line of `number,name` is a header and is skipped. Blank lines
//! are skipped; a name may be quoted (`12,"Standstill, or Stagnation"`, with `""` for a
//! quote inside). Spaces around either field are trimmed.

use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::core::lang::{Edition, Lang};

use super::NameRoom;

/// What is wrong with a names file; every message names the line and the value.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum NamesError {
    /// A line is not `number,name`.
    #[error(
        "line {line}: {text:?} is not number,name (a name holding a comma or a quote is written in double quotes, its quotes doubled)"
    )]
    Shape {
        /// 1-based line number.
        line: usize,
        /// The line as read.
        text: String,
    },
    /// The number is not 1–64.
    #[error("line {line}: {number:?} is not a hexagram number; expected 1 to 64")]
    Number {
        /// 1-based line number.
        line: usize,
        /// The number as written.
        number: String,
    },
    /// The name is empty.
    #[error("line {line}: hexagram {number} has an empty name")]
    Empty {
        /// 1-based line number.
        line: usize,
        /// The hexagram.
        number: u8,
    },
    /// A number given twice.
    #[error("line {line}: hexagram {number} is named again (first on line {first}); each number once")]
    Duplicate {
        /// 1-based line number of the second.
        line: usize,
        /// The hexagram.
        number: u8,
        /// Line of the first.
        first: usize,
    },
    /// Numbers never given.
    #[error("no name for hexagram {}; the file must name all 64", list(.0))]
    Missing(Vec<u8>),
    /// A name wider than the card, even at the smallest size the layout allows.
    #[error(
        "line {line}: name {name:?} of hexagram {number} is {width:.1} mm wide at {size} mm type, \
         too long for the {place} ({room:.1} mm); shorten it"
    )]
    TooLong {
        /// 1-based line number.
        line: usize,
        /// The hexagram.
        number: u8,
        /// The name.
        name: String,
        /// Where it does not fit.
        place: &'static str,
        /// Its width at the smallest size, mm.
        width: f32,
        /// The smallest size, mm.
        size: f32,
        /// The room there, mm.
        room: f32,
    },
}

fn list(numbers: &[u8]) -> String {
    numbers.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
}

/// Reads a names file's text into an edition over `base` (the language of every other
/// word on the cards). Each name must fit every one of `rooms`, the places a hexagram name
/// is printed on the decks' cards (a name appears in each: as its own card's title and
/// as another's complement; `games::decks::name_rooms`).
pub fn parse_names(text: &str, base: Lang, rooms: &[NameRoom]) -> Result<Edition, NamesError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut names: Vec<Option<(usize, String)>> = vec![None; 64];
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let shape = || NamesError::Shape { line, text: raw.to_string() };
        let (number, name) = raw.split_once(',').ok_or_else(shape)?;
        let (number, name) = (number.trim(), unquote(name.trim()).ok_or_else(shape)?);
        if line == 1 && number.eq_ignore_ascii_case("number") {
            continue;
        }
        let hexagram = number
            .parse::<i64>()
            .ok()
            .and_then(|n| Hexagram::from_number(n).ok())
            .ok_or_else(|| NamesError::Number { line, number: number.to_string() })?;
        let n = hexagram.number();
        if name.is_empty() {
            return Err(NamesError::Empty { line, number: n });
        }
        if let Some((first, _)) = &names[n as usize - 1] {
            return Err(NamesError::Duplicate { line, number: n, first: *first });
        }
        for room in rooms {
            let width = room.smallest_width(&name);
            if width > room.max_width {
                return Err(NamesError::TooLong {
                    line,
                    number: n,
                    name,
                    place: room.place,
                    width,
                    size: room.min_size,
                    room: room.max_width,
                });
            }
        }
        names[n as usize - 1] = Some((line, name));
    }
    let missing: Vec<u8> = (1..=64).filter(|n| names[*n as usize - 1].is_none()).collect();
    if !missing.is_empty() {
        return Err(NamesError::Missing(missing));
    }
    let names = names.into_iter().map(|slot| slot.map(|(_, name)| name).unwrap_or_default()).collect();
    Ok(Edition::new(base, names).expect("all 64 numbers are named"))
}

/// The field without its CSV quotes (`"a ""b"""` → `a "b"`); `None` if a quote is
/// left open or stray, or a comma is outside quotes (`64,a,b` has three fields, not a
/// name with a comma).
fn unquote(field: &str) -> Option<String> {
    let Some(inner) = field.strip_prefix('"') else {
        return (!field.contains(['"', ','])).then(|| field.to_string());
    };
    let inner = inner.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '"' && chars.next() != Some('"') {
            return None;
        }
        out.push(c);
    }
    Some(out.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rooms() -> Vec<NameRoom> {
        crate::games::decks::name_rooms()
    }

    fn english_csv() -> String {
        (1..=64).map(|n| format!("{n},{}\n", Hexagram::from_number(n).unwrap().names().en)).collect()
    }

    #[test]
    fn the_english_names_read_back_as_themselves() {
        let edition = parse_names(&format!("number,name\n{}", english_csv()), Lang::En, &rooms()).unwrap();
        for n in 1..=64 {
            let h = Hexagram::from_number(n).unwrap();
            assert_eq!(edition.name(h), h.names().en);
        }
    }

    #[test]
    fn quoted_names_keep_their_commas_and_quotes() {
        let text = english_csv().replace("12,Standstill\n", "12,\"Standstill, \"\"Pi\"\"\"\n");
        let edition = parse_names(&text, Lang::Fr, &rooms()).unwrap();
        assert_eq!(edition.name(Hexagram::from_number(12).unwrap()), "Standstill, \"Pi\"");
    }

    #[test]
    fn each_mistake_names_its_line_and_value() {
        let csv = english_csv();
        let cases: Vec<(String, &str)> = vec![
            (csv.replace("12,Standstill\n", ""), "no name for hexagram 12;"),
            (
                csv.replace("12,Standstill\n", "12,Standstill\n12,Pi\n"),
                "line 13: hexagram 12 is named again (first on line 12)",
            ),
            (
                csv.replace("12,Standstill\n", "65,Standstill\n"),
                "line 12: \"65\" is not a hexagram number; expected 1 to 64",
            ),
            (csv.replace("12,Standstill\n", "12\n"), "line 12: \"12\" is not number,name"),
            (csv.replace("12,Standstill\n", "12, \n"), "line 12: hexagram 12 has an empty name"),
            (csv.replace("12,Standstill\n", "12,Sta\"ndstill\n"), "is not number,name"),
            // Regression: an unquoted comma was read as part of the name "a,b".
            (
                csv.replace("64,Before Completion\n", "64,a,b\n"),
                "line 64: \"64,a,b\" is not number,name (a name holding a comma",
            ),
            (
                csv.replace("12,Standstill\n", &format!("12,{}\n", "Stillstand".repeat(5))),
                "line 12: name \"StillstandStillstand",
            ),
        ];
        for (text, expected) in cases {
            let err = parse_names(&text, Lang::En, &rooms()).unwrap_err().to_string();
            assert!(err.contains(expected), "{err} lacks {expected}");
        }
    }

    #[test]
    fn the_longest_name_that_fits_is_the_rooms_limit() {
        // Widening a name one letter at a time: it is refused exactly when some room's
        // smallest width is exceeded, never before.
        let mut name = String::new();
        loop {
            name.push('M');
            let text = english_csv().replace("12,Standstill\n", &format!("12,{name}\n"));
            let fits = rooms().iter().all(|room| room.smallest_width(&name) <= room.max_width);
            assert_eq!(parse_names(&text, Lang::En, &rooms()).is_ok(), fits, "{name}");
            if !fits {
                break;
            }
        }
        assert!(name.len() > 5, "a short name must fit: {name}");
    }
}
