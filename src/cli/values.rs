//! The library's option enums as command-line values: clap stays in the CLI, and the
//! names and help lines come from the library, so they are written once.

use clap::ValueEnum;
use clap::builder::PossibleValue;

use crate::cards::Lang;
use crate::generate::Part;
use crate::print::plan::{Backs, DuplexEdge, Layout};
use crate::print::preflight::Shop;
use crate::print::profile::Profile;

impl ValueEnum for Part {
    fn value_variants<'a>() -> &'a [Self] {
        Part::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.key()).help(self.about()))
    }
}

impl ValueEnum for Profile {
    fn value_variants<'a>() -> &'a [Self] {
        Profile::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.key()).help(self.about()))
    }
}

/// `--lang`'s values. [`Lang`] lives in the rules crate, where clap's `ValueEnum` cannot be
/// implemented for it, so its possible values are built here from the same codes and help
/// lines.
pub fn lang_parser() -> impl clap::builder::TypedValueParser<Value = Lang> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Lang::ALL.iter().map(|l| PossibleValue::new(l.code()).help(l.about())))
        .map(|code| code.parse::<Lang>().expect("every listed language code parses"))
}

impl ValueEnum for Backs {
    fn value_variants<'a>() -> &'a [Self] {
        Backs::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.key()).help(self.about()))
    }
}

impl ValueEnum for Layout {
    fn value_variants<'a>() -> &'a [Self] {
        Layout::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.key()).help(self.about()))
    }
}

impl ValueEnum for DuplexEdge {
    fn value_variants<'a>() -> &'a [Self] {
        DuplexEdge::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.key()).help(self.about()))
    }
}

impl ValueEnum for Shop {
    fn value_variants<'a>() -> &'a [Self] {
        Shop::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.key()).help(self.about()))
    }
}
