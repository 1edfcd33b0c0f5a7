//! The language of the names printed on cards, sheets and books. Chinese names are always
//! printed too. An [`Edition`] puts a user's own hexagram names in place of a language's.

use serde::Serialize;
use std::str::FromStr;

use crate::core::hexagram::Hexagram;
use crate::core::names::capitalise;
use crate::core::trigram::Trigram;

/// The language of the names printed on the cards. Chinese names are always printed too.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English (default).
    #[default]
    En,
    /// French.
    Fr,
    /// Simplified Chinese: the rulebooks written in it (易经牌); every other word of a run
    /// in Chinese (cards, sheets, the other books) stays English.
    Zh,
    /// A user's edition: its own hexagram names, every other word in its base language.
    /// The edition is borrowed for the whole run so that `Lang` stays `Copy`.
    Edition(&'static Edition),
}

/// Hexagram names of a user's edition (`generate --names`), in King Wen order; the
/// other words on the cards (trigram names, headings) stay in the `base` language.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Edition {
    base: Lang,
    names: Vec<String>,
}

impl Edition {
    /// An edition of the 64 `names` (name of hexagram *n* at index *n* − 1) over `base`;
    /// `None` unless there are exactly 64. An edition over an edition takes its base.
    pub fn new(base: Lang, names: Vec<String>) -> Option<Edition> {
        (names.len() == 64).then_some(Edition { base: base.base(), names })
    }

    /// The name of hexagram `hexagram` in this edition.
    pub fn name(&self, hexagram: Hexagram) -> &str {
        &self.names[hexagram.number() as usize - 1]
    }
}

impl Lang {
    /// Every language a run can be made in (`generate --lang`).
    pub const ALL: &'static [Lang] = &[Lang::En, Lang::Fr, Lang::Zh];

    /// The language every word but an edition's hexagram names is in: `En`, `Fr` or `Zh`.
    pub fn base(self) -> Lang {
        match self {
            Lang::Edition(edition) => edition.base,
            lang => lang,
        }
    }

    /// The language's own name, for `--help`.
    pub fn about(self) -> &'static str {
        match self.base() {
            Lang::Fr => "French",
            Lang::Zh => "simplified Chinese (the 易经牌 rulebook; other words in English)",
            _ => "English (default)",
        }
    }

    /// `en`, `fr` or `zh` (an edition gives its base language's code).
    pub fn code(self) -> &'static str {
        match self.base() {
            Lang::Fr => "fr",
            Lang::Zh => "zh",
            _ => "en",
        }
    }

    /// The hexagram's name in this language, or in the edition.
    pub fn hexagram_name(self, hexagram: Hexagram) -> &'static str {
        match self {
            Lang::Edition(edition) => edition.name(hexagram),
            Lang::Fr => hexagram.names().fr,
            // Chinese names are printed anyway: a Chinese run's cards keep the English one.
            Lang::En | Lang::Zh => hexagram.names().en,
        }
    }

    /// The trigram's name in this language, capitalised (`Heaven`, `Ciel`).
    pub fn trigram_name(self, trigram: Trigram) -> String {
        capitalise(self.pick(trigram.name(), trigram.french()))
    }

    /// Picks the English or the French of a pair of strings (English for Chinese, whose
    /// run prints only its rulebooks in Chinese).
    pub fn pick(self, en: &'static str, fr: &'static str) -> &'static str {
        match self.base() {
            Lang::Fr => fr,
            _ => en,
        }
    }
}

/// A language that is not offered; holds the text as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a language; expected en, fr or zh")]
pub struct LangError(pub String);

impl FromStr for Lang {
    type Err = LangError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match &*super::folded(s) {
            "en" | "english" => Ok(Lang::En),
            "fr" | "french" | "français" => Ok(Lang::Fr),
            "zh" | "chinese" | "中文" => Ok(Lang::Zh),
            _ => Err(LangError(s.to_string())),
        }
    }
}
