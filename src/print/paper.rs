//! Sheets of paper: the two home papers and the two large ones, by one type.

use serde::Serialize;

/// A paper size, portrait.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in (215.9 × 279.4 mm).
    Letter,
    /// ISO A3, 297 × 420 mm.
    A3,
    /// US Tabloid (Ledger), 11 × 17 in.
    Tabloid,
}

impl Paper {
    /// The papers of a home printer: every sheet and rulebook comes in these two.
    pub const HOME: [Paper; 2] = [Paper::A4, Paper::Letter];
    /// The large papers a copy shop prints boards on whole.
    pub const LARGE: [Paper; 2] = [Paper::A3, Paper::Tabloid];

    /// Lowercase key for file names: `a4`, `letter`, `a3`, `tabloid`.
    pub fn key(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
            Paper::A3 => "a3",
            Paper::Tabloid => "tabloid",
        }
    }

    /// The name printed on pages: `A4`, `US Letter`, `A3`, `Tabloid`.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "US Letter",
            Paper::A3 => "A3",
            Paper::Tabloid => "Tabloid",
        }
    }

    /// typst's name for the paper.
    pub fn typst_name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "us-letter",
            Paper::A3 => "a3",
            Paper::Tabloid => "us-tabloid",
        }
    }

    /// Width and height in millimetres.
    pub fn size_mm(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
            Paper::A3 => (297.0, 420.0),
            Paper::Tabloid => (279.4, 431.8),
        }
    }

    /// Width and height in PDF points, as exact as the paper's own unit allows.
    pub fn size_pt(self) -> (f64, f64) {
        match self {
            Paper::Letter => (612.0, 792.0),
            Paper::Tabloid => (792.0, 1224.0),
            Paper::A4 | Paper::A3 => {
                let (w, h) = self.size_mm();
                (f64::from(w) / 25.4 * 72.0, f64::from(h) / 25.4 * 72.0)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_agree_in_both_units() {
        for p in Paper::HOME.into_iter().chain(Paper::LARGE) {
            let (w, h) = p.size_mm();
            let (wp, hp) = p.size_pt();
            assert!((f64::from(w) / 25.4 * 72.0 - wp).abs() < 0.01, "{p:?} width");
            assert!((f64::from(h) / 25.4 * 72.0 - hp).abs() < 0.01, "{p:?} height");
        }
    }
}
