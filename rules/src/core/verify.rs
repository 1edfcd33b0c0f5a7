//! Checking the neighbour numbers printed on a card against the core.

use crate::core::card::{Card, Orientation};
use crate::core::error::CoreError;
use crate::core::hexagram::Hexagram;
use serde::Serialize;
use thiserror::Error;

/// One printed number that is not the neighbour it should be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mismatch {
    /// 1 ..= 6, counted from the bottom of the reading being checked.
    pub line: u8,
    pub printed: i64,
    pub expected: u8,
}

/// The mismatches between the six numbers printed beside lines 1..6 of one reading
/// of `card` and the true neighbour numbers of that reading. Empty when all match.
pub fn verify_neighbours(card: Card, orientation: Orientation, printed: &[i64]) -> Result<Vec<Mismatch>, CoreError> {
    if printed.len() != 6 {
        return Err(CoreError::WrongCount { expected: 6, got: printed.len() });
    }
    let expected = card.neighbour_numbers(orientation);
    Ok((1..=6u8)
        .zip(printed.iter().zip(expected))
        .filter(|(_, (p, e))| **p != i64::from(*e))
        .map(|(line, (&printed, expected))| Mismatch { line, printed, expected })
        .collect())
}

/// What became of one number read from a card (a photo, say).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LineStatus {
    /// Read, and it is the neighbour.
    Ok,
    /// Read with confidence, and it is not the neighbour: a misprint.
    Mismatch,
    /// Not read with confidence; says nothing about the card.
    Unreadable,
}

/// One line of a reading checked against the core.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LineCheck {
    /// 1 ..= 6, from the bottom of the reading.
    pub line: u8,
    /// The number read, or None when it could not be read.
    pub read: Option<u8>,
    /// The neighbour: the King Wen number reached by changing this line.
    pub expected: u8,
    pub status: LineStatus,
}

/// Checks the numbers read beside lines 1..6 of a hexagram (None = not read) against
/// its neighbours. The same comparison as [`verify_neighbours`], for numbers that may
/// be missing.
pub fn check_read_numbers(hexagram: Hexagram, read: [Option<u8>; 6]) -> [LineCheck; 6] {
    let expected = hexagram.neighbours().map(Hexagram::number);
    std::array::from_fn(|i| {
        let status = match read[i] {
            None => LineStatus::Unreadable,
            Some(n) if n == expected[i] => LineStatus::Ok,
            Some(_) => LineStatus::Mismatch,
        };
        LineCheck { line: i as u8 + 1, read: read[i], expected: expected[i], status }
    })
}

/// The header of a neighbour table; `generate` writes it and `verify` reads it.
pub const CSV_HEADER: &str = "card,orientation,line1,line2,line3,line4,line5,line6";

/// One row of a deck table with the mismatches found on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RowReport {
    /// 1-based line number in the file.
    pub row: usize,
    pub card: Card,
    pub orientation: Orientation,
    pub mismatches: Vec<Mismatch>,
}

/// A line of a deck table that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {row}: {reason}")]
pub struct CsvError {
    pub row: usize,
    pub reason: String,
}

/// The neighbour table of the whole deck: both readings of all 64 cards.
pub fn neighbour_table_csv() -> String {
    let mut csv = String::from(CSV_HEADER);
    csv.push('\n');
    for card in Card::all() {
        for o in Orientation::BOTH {
            let numbers = card.neighbour_numbers(o).map(|n| n.to_string()).join(",");
            csv.push_str(&format!("{},{},{}\n", card.number(), o, numbers));
        }
    }
    csv
}

/// Checks every row of a deck table (columns `card,orientation,line1..line6`; a
/// header line and blank lines are skipped). Every row is reported, matching or not.
pub fn verify_table(csv: &str) -> Result<Vec<RowReport>, CsvError> {
    let mut reports = Vec::new();
    for (index, text) in csv.lines().enumerate() {
        let row = index + 1;
        let text = text.trim();
        if text.is_empty() || (row == 1 && text.to_lowercase().starts_with("card")) {
            continue;
        }
        let fail = |reason: String| CsvError { row, reason };
        let fields: Vec<&str> = text.split(',').map(str::trim).collect();
        if fields.len() != 8 {
            return Err(fail(format!("expected 8 columns ({CSV_HEADER}) but found {}", fields.len())));
        }
        let number: i64 = fields[0].parse().map_err(|_| fail(format!("card {:?} is not a number", fields[0])))?;
        let card = Card::from_number(number).map_err(|e| fail(e.to_string()))?;
        let orientation: Orientation = fields[1].parse().map_err(|e: CoreError| fail(e.to_string()))?;
        let printed = fields[2..]
            .iter()
            .enumerate()
            .map(|(i, f)| f.parse::<i64>().map_err(|_| fail(format!("line{} value {f:?} is not a number", i + 1))))
            .collect::<Result<Vec<_>, _>>()?;
        let mismatches = verify_neighbours(card, orientation, &printed).map_err(|e| fail(e.to_string()))?;
        reports.push(RowReport { row, card, orientation, mismatches });
    }
    Ok(reports)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(n: i64) -> Card {
        Card::from_number(n).unwrap()
    }

    #[test]
    fn correct_numbers_pass() {
        assert_eq!(verify_neighbours(card(12), Orientation::Dark, &[25, 6, 33, 20, 35, 45]), Ok(vec![]));
    }

    #[test]
    fn each_wrong_number_is_reported() {
        let m = verify_neighbours(card(12), Orientation::Dark, &[25, 7, 33, 20, 35, 99]).unwrap();
        assert_eq!(m, [Mismatch { line: 2, printed: 7, expected: 6 }, Mismatch { line: 6, printed: 99, expected: 45 }]);
        // The dark numbers are wrong for the light reading.
        let m = verify_neighbours(card(12), Orientation::Light, &[25, 6, 33, 20, 35, 45]).unwrap();
        assert_eq!(m.len(), 6);
    }

    #[test]
    fn the_generated_table_verifies_clean_and_a_typo_is_caught() {
        let csv = neighbour_table_csv();
        let reports = verify_table(&csv).unwrap();
        assert_eq!(reports.len(), 128);
        assert!(reports.iter().all(|r| r.mismatches.is_empty()));
        let broken = csv.replacen("12,dark,25,6,", "12,dark,25,7,", 1);
        let bad: Vec<_> = verify_table(&broken).unwrap().into_iter().filter(|r| !r.mismatches.is_empty()).collect();
        assert_eq!(bad.len(), 1);
        assert_eq!((bad[0].card.number(), bad[0].mismatches[0].line), (12, 2));
    }

    #[test]
    fn read_numbers_are_ok_wrong_or_unreadable_never_guessed() {
        let twelve = Hexagram::from_number(12).unwrap();
        let checks = check_read_numbers(twelve, [Some(25), Some(7), None, Some(20), Some(35), Some(45)]);
        let statuses: Vec<_> = checks.iter().map(|c| c.status).collect();
        use LineStatus::*;
        assert_eq!(statuses, [Ok, Mismatch, Unreadable, Ok, Ok, Ok]);
        assert_eq!((checks[1].read, checks[1].expected), (Some(7), 6));
        assert_eq!((checks[2].line, checks[2].read, checks[2].expected), (3, None, 33));
        // The same numbers as verify_neighbours expects for the card's dark reading.
        let card = Card::from_number(12).unwrap();
        assert_eq!(checks.map(|c| c.expected), card.neighbour_numbers(Orientation::Dark));
    }

    #[test]
    fn malformed_rows_name_the_line() {
        let err =
            verify_table("card,orientation,line1,line2,line3,line4,line5,line6\n65,dark,1,2,3,4,5,6\n").unwrap_err();
        assert_eq!(err.row, 2);
        assert!(err.reason.contains("65"));
        let err = verify_table("1,up,1,2,3,4,5,6").unwrap_err();
        assert!(err.to_string().starts_with("line 1:"));
        assert!(verify_table("1,dark,1,2,3").is_err());
        assert!(verify_table("1,dark,1,2,3,4,5,x").unwrap_err().reason.contains("line6"));
    }
}
