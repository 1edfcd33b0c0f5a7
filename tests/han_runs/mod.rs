//! The shared-run check for Chinese: a book written in Chinese shares no run of
//! [`RUN`] Chinese characters with a seed. Chinese has no spaces, so the English check's
//! runs of eight words cannot see it; runs of characters can. Only Han characters count
//! (punctuation, digits, Latin and spaces are left out), so a run reads across a line
//! break or a comma as a reader would. Shared by `tests/print/proofing.rs`,
//! `tests/print/yijing_zh.rs` and `examples/seed_fingerprints.rs`.

use std::collections::BTreeSet;

/// How many characters in a row count as the seed's own wording.
pub const RUN: usize = 12;

/// The seeds' 12-character runs, as fingerprints only (the seeds are not part of this
/// repository); `examples/seed_fingerprints.rs` makes the file.
pub const SEED_RUNS_ZH: &str = "tests/reference/seed-runs-zh.txt";

/// A Han (CJK ideograph) character.
pub fn is_han(c: char) -> bool {
    matches!(c as u32, 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x2FFFF)
}

/// The Han characters of `text`, in order.
pub fn han(text: &str) -> Vec<char> {
    text.chars().filter(|&c| is_han(c)).collect()
}

/// FNV-1a of a run's UTF-8 bytes.
fn fingerprint(run: &[char]) -> u32 {
    run.iter().collect::<String>().bytes().fold(0x811c_9dc5_u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

/// The fingerprint of each run of [`RUN`] Han characters of `text`.
pub fn runs(text: &str) -> BTreeSet<u32> {
    han(text).windows(RUN).map(fingerprint).collect()
}

/// The fingerprints in [`SEED_RUNS_ZH`].
pub fn seed_runs() -> BTreeSet<u32> {
    let text = std::fs::read_to_string(SEED_RUNS_ZH).expect("tests/reference/seed-runs-zh.txt");
    text.split_whitespace().map(|h| u32::from_str_radix(h, 16).expect("hex fingerprint")).collect()
}

/// The runs of `text` that a seed has too, as text.
pub fn shared(text: &str, seeds: &BTreeSet<u32>) -> Vec<String> {
    han(text).windows(RUN).filter(|w| seeds.contains(&fingerprint(w))).map(|w| w.iter().collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_read_across_punctuation_and_lines() {
        let a = runs("一二三四五六七八九十百千万");
        let b = runs("一二三，四五六\n七八九十 百千万");
        assert_eq!(a, b);
        assert_eq!(a.len(), 2);
        assert!(runs("十一个字都不够长吗").is_empty());
    }
}
