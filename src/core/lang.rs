//! The language of the names printed on cards, sheets and books. Chinese names are always
//! printed too.

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
}

impl Lang {
    /// Every language the cards are printed in.
    pub const ALL: &'static [Lang] = &[Lang::En, Lang::Fr];

    /// The language's own name, for `--help`.
    pub fn about(self) -> &'static str {
        match self {
            Lang::En => "English (default)",
            Lang::Fr => "French",
        }
    }

    /// `en` or `fr`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// The hexagram's name in this language.
    pub fn hexagram_name(self, hexagram: Hexagram) -> &'static str {
        match self {
            Lang::En => hexagram.names().en,
            Lang::Fr => hexagram.names().fr,
        }
    }

    /// The trigram's name in this language, capitalised (`Heaven`, `Ciel`).
    pub fn trigram_name(self, trigram: Trigram) -> String {
        capitalise(match self {
            Lang::En => trigram.name(),
            Lang::Fr => trigram.french(),
        })
    }

    /// Picks the English or the French of a pair of strings.
    pub(crate) fn pick(self, en: &'static str, fr: &'static str) -> &'static str {
        match self {
            Lang::En => en,
            Lang::Fr => fr,
        }
    }
}

/// A language that is not offered; holds the text as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a card language; expected en or fr")]
pub struct LangError(pub String);

impl FromStr for Lang {
    type Err = LangError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_lowercase().as_str() {
            "en" | "english" => Ok(Lang::En),
            "fr" | "french" | "français" => Ok(Lang::Fr),
            _ => Err(LangError(s.to_string())),
        }
    }
}
