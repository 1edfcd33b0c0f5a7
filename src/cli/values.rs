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
        Part::all()
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

/// A clap value parser for a whole number from `min` to `max`, for options that are counts,
/// seeds or limits. The option also says `allow_negative_numbers = true`: without it clap
/// takes `--games -1` for an unknown option `-1` and answers with a tip about `--`; with it
/// the value comes here, and the message names it (clap adds the option) and the numbers
/// allowed.
pub fn whole_number<T: TryFrom<u64>>(min: u64, max: u64) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync {
    move |text| {
        let allowed = if max == u64::MAX {
            format!("expected a whole number, {min} or more")
        } else {
            format!("expected a whole number from {min} to {max}")
        };
        let number = text.trim().parse::<u64>().ok().filter(|n| (min..=max).contains(n));
        number.and_then(|n| T::try_from(n).ok()).ok_or(allowed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_name_what_is_allowed() {
        let games = whole_number::<u64>(1, u64::MAX);
        assert_eq!(games("20"), Ok(20));
        for bad in ["-1", "0", "1.5", "x", "", "18446744073709551616"] {
            assert_eq!(games(bad), Err("expected a whole number, 1 or more".to_string()), "{bad}");
        }
        let burst = whole_number::<u32>(0, u32::MAX.into());
        assert_eq!(burst("0"), Ok(0));
        assert_eq!(burst("4294967296"), Err("expected a whole number from 0 to 4294967295".to_string()));
    }
}
