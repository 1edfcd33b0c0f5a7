//! Puzzle ids (docs/puzzles.md): `pathways-YYYY-MM-DD`, `zhipai-YYYY-MM-DD` and
//! `solitaire-YYYY-MM-DD` for the daily puzzles, `pathways-N`, `zhipai-N` and `solitaire-N`
//! (N ≥ 1) for the numbered series of the printed books. The id alone determines the puzzle: [`PuzzleId::seed`] turns its text into the
//! generator's seed with SHA-256, which no Rust or platform change can reshuffle. The
//! clock is the caller's: [`PuzzleId::released`] and [`Date::latest_released`] are given
//! the time.

use serde::Serialize;
use sha2::{Digest, Sha256};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Which game a puzzle is of.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PuzzleGame {
    /// A Pathways ladder on the 6d deck, dark side up, with cards taken out.
    Pathways,
    /// A Zhi Pai solo deal.
    Zhipai,
    /// An I-Ching Solitaire deal.
    Solitaire,
}

impl PuzzleGame {
    pub const ALL: [PuzzleGame; 3] = [PuzzleGame::Pathways, PuzzleGame::Zhipai, PuzzleGame::Solitaire];

    pub fn name(self) -> &'static str {
        match self {
            PuzzleGame::Pathways => "pathways",
            PuzzleGame::Zhipai => "zhipai",
            PuzzleGame::Solitaire => "solitaire",
        }
    }
}

impl FromStr for PuzzleGame {
    type Err = PuzzleError;

    /// `pathways`, `zhipai` or `solitaire`; the game's key, `zhi-pai`, names Zhi Pai's puzzles too. (A
    /// puzzle's id keeps `zhipai`: the id's text seeds the puzzle, so every puzzle would
    /// change with it.)
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = if s == crate::zhi_pai::KEY { "zhipai" } else { s };
        PuzzleGame::ALL.into_iter().find(|g| g.name() == wanted).ok_or_else(|| PuzzleError::UnknownGame(s.to_string()))
    }
}

/// A calendar date, checked (the Gregorian calendar, years 2000 to 9999).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

impl Date {
    pub fn new(year: u16, month: u8, day: u8) -> Result<Date, PuzzleError> {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => 0,
        };
        let text = || format!("{year:04}-{month:02}-{day:02}");
        if day == 0 || day > days {
            return Err(PuzzleError::BadDate(text()));
        }
        // A real day, but before the first puzzle or past what four digits can write.
        if !(2000..=9999).contains(&year) {
            return Err(PuzzleError::OutOfRange(text()));
        }
        Ok(Date { year, month, day })
    }

    /// The latest day whose puzzles are out at Unix time `seconds`: tomorrow in UTC, a
    /// day's grace for players east of Greenwich, whose day has already turned.
    pub fn latest_released(seconds: u64) -> Date {
        Date::from_unix_seconds(seconds.saturating_add(86_400))
    }

    /// The UTC date of a Unix time in seconds (days since 1970-01-01, civil calendar).
    pub fn from_unix_seconds(seconds: u64) -> Date {
        // Howard Hinnant's days-to-civil algorithm.
        let z = (seconds / 86_400) as i64 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as u16;
        Date { year, month, day }
    }
}

impl FromStr for Date {
    type Err = PuzzleError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || PuzzleError::BadDate(s.to_string());
        let parts: Vec<&str> = s.split('-').collect();
        let [y, m, d] = parts[..] else { return Err(bad()) };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 || !s.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
            return Err(bad());
        }
        Date::new(y.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?, d.parse().map_err(|_| bad())?)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Which puzzle of a game: the one of a day, or one of the numbered series.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Serial {
    Daily(Date),
    Numbered(u32),
}

/// A puzzle's id.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PuzzleId {
    pub game: PuzzleGame,
    pub serial: Serial,
}

/// The highest number of the numbered series.
pub const MAX_NUMBER: u32 = 99_999;

impl PuzzleId {
    pub fn daily(game: PuzzleGame, date: Date) -> PuzzleId {
        PuzzleId { game, serial: Serial::Daily(date) }
    }

    /// The id, if its puzzle is out by `latest` (see [`Date::latest_released`]): a daily
    /// puzzle of a later day is not, so that nobody plays tomorrow's puzzle today.
    pub fn released(self, latest: Date) -> Result<PuzzleId, PuzzleError> {
        match self.serial {
            Serial::Daily(date) if date > latest => Err(PuzzleError::NotYet(self.to_string(), latest)),
            _ => Ok(self),
        }
    }

    /// The generator's seed: the first 32 bytes of SHA-256 of the id's text.
    pub fn seed(&self) -> [u8; 32] {
        Sha256::digest(self.to_string().as_bytes()).into()
    }
}

impl FromStr for PuzzleId {
    type Err = PuzzleError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || PuzzleError::BadId(s.to_string());
        let (game, rest) = s.split_once('-').ok_or_else(bad)?;
        let game: PuzzleGame = game.parse().map_err(|_| bad())?;
        let serial = if rest.contains('-') {
            Serial::Daily(rest.parse()?)
        } else {
            let n: u32 = rest.parse().map_err(|_| bad())?;
            if !(1..=MAX_NUMBER).contains(&n) {
                return Err(bad());
            }
            Serial::Numbered(n)
        };
        Ok(PuzzleId { game, serial })
    }
}

impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.serial {
            Serial::Daily(date) => write!(f, "{}-{date}", self.game.name()),
            Serial::Numbered(n) => write!(f, "{}-{n}", self.game.name()),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    #[error(
        "unknown puzzle id {0:?}; expected GAME-YYYY-MM-DD or GAME-N (N from 1 to {MAX_NUMBER}), GAME pathways, zhipai or solitaire"
    )]
    BadId(String),
    #[error("{0:?} is not a date; expected YYYY-MM-DD, a real day from 2000-01-01 to 9999-12-31")]
    BadDate(String),
    #[error("{0} is out of range; puzzles have days from 2000-01-01 to 9999-12-31")]
    OutOfRange(String),
    #[error("{0} is not out yet; the latest daily puzzles are of {1} (today in UTC, and a day ahead for time zones)")]
    NotYet(String, Date),
    #[error("unknown puzzle game {0:?}; expected pathways, zhipai or solitaire")]
    UnknownGame(String),
    #[error("{0} was sent {1}, but it is {2}")]
    WrongAnswer(String, &'static str, &'static str),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zhi_pais_puzzles_are_named_by_the_games_key_too() {
        assert_eq!("zhi-pai".parse::<PuzzleGame>().ok(), Some(PuzzleGame::Zhipai));
        assert_eq!("zhipai".parse::<PuzzleGame>().ok(), Some(PuzzleGame::Zhipai));
        assert!("zhi_pai".parse::<PuzzleGame>().is_err() && "tao".parse::<PuzzleGame>().is_err());
    }

    #[test]
    fn ids_read_back_as_written() {
        for text in [
            "pathways-2026-11-24",
            "zhipai-2024-02-29",
            "pathways-1",
            "zhipai-30",
            "solitaire-2026-11-29",
            "solitaire-7",
        ] {
            assert_eq!(text.parse::<PuzzleId>().unwrap().to_string(), text);
        }
        for bad in [
            "pathways",
            "pathways-0",
            "chess-1",
            "pathways-2026-02-29",
            "pathways-2026-13-01",
            "pathways-26-1-1",
            "pathways-1x",
        ] {
            assert!(bad.parse::<PuzzleId>().is_err(), "{bad}");
        }
        assert!("pathways-2026-02-30".parse::<PuzzleId>().unwrap_err().to_string().contains("2026-02-30"));
    }

    #[test]
    fn unix_days_become_the_civil_date() {
        assert_eq!(Date::from_unix_seconds(0).to_string(), "1970-01-01");
        assert_eq!(Date::from_unix_seconds(951_782_400).to_string(), "2000-02-29");
        assert_eq!(Date::from_unix_seconds(1_795_564_799).to_string(), "2026-11-24");
    }

    #[test]
    fn a_real_day_out_of_range_is_called_so() {
        let out = "1999-12-31".parse::<Date>().unwrap_err().to_string();
        assert_eq!(out, "1999-12-31 is out of range; puzzles have days from 2000-01-01 to 9999-12-31");
        assert!("2026-02-30".parse::<Date>().unwrap_err().to_string().contains("is not a date"));
        assert!("1999-02-30".parse::<Date>().unwrap_err().to_string().contains("is not a date"));
    }

    /// Out by tomorrow (UTC), for players whose day has already turned; not the day after.
    #[test]
    fn a_daily_puzzle_is_out_by_tomorrow_utc() {
        let noon = 1_795_521_600; // 2026-11-24 12:00 UTC
        let latest = Date::latest_released(noon);
        assert_eq!(latest.to_string(), "2026-11-25");
        assert_eq!(Date::latest_released(1_795_564_799).to_string(), "2026-11-25", "the last second of the 24th");
        for (text, out) in [
            ("pathways-2026-11-24", true),
            ("zhipai-2026-11-25", true),
            ("pathways-2026-11-26", false),
            ("zhipai-2099-01-01", false),
            ("pathways-99999", true),
        ] {
            let id: PuzzleId = text.parse().unwrap();
            assert_eq!(id.released(latest).is_ok(), out, "{text}");
        }
        let refused = "pathways-2026-11-26".parse::<PuzzleId>().unwrap().released(latest).unwrap_err();
        assert!(
            refused
                .to_string()
                .starts_with("pathways-2026-11-26 is not out yet; the latest daily puzzles are of 2026-11-25")
        );
    }

    #[test]
    fn the_seed_is_the_ids_sha256() {
        let id: PuzzleId = "pathways-1".parse().unwrap();
        assert_eq!(id.seed()[..4], [0x39, 0x59, 0xad, 0x52][..], "pinned: a change of seed reshuffles every puzzle");
    }
}
