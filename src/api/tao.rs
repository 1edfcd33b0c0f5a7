//! Tao's request for the legal plays on a card (`POST /api/tao/legal`), read as
//! `/openapi.json` describes it (whole numbers as values, `12` or `12.0`; words as listed;
//! `null` refused where a field is optional). The answer is the rules crate's own type, as
//! `hexforge tao legal --json` prints it. (A Tao record is checked as every game's is:
//! [`crate::http`]'s record routes.)

use super::fields::some_whole;
use super::pathways::LaidRequest;
use hexforge_rules::core::card::Card;
use hexforge_rules::core::error::CoreError;
use hexforge_rules::tao::legal::Laid;
use hexforge_rules::tao::plays::{LegalPlays, legal_plays};
use serde::Deserialize;

/// `{"on":{"card":12,"orientation":"dark"},"card":11}` (`card` optional).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegalRequest {
    pub on: LaidRequest,
    #[serde(default, deserialize_with = "some_whole")]
    pub card: Option<i64>,
}

/// The legal plays the request asks for, or why the card named is not a card.
pub fn legal(request: &LegalRequest) -> Result<LegalPlays, CoreError> {
    let on = Laid::new(Card::from_number(request.on.card)?, request.on.orientation);
    let only = request.card.map(Card::from_number).transpose()?;
    Ok(legal_plays(on, only))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legal_plays_on_a_card_are_listed_and_a_bad_card_is_refused() {
        let request: LegalRequest =
            serde_json::from_str(r#"{"on":{"card":12,"orientation":"dark"},"card":11.0}"#).unwrap();
        assert!(legal(&request).is_ok());
        let bad: LegalRequest = serde_json::from_str(r#"{"on":{"card":65,"orientation":"dark"}}"#).unwrap();
        assert!(legal(&bad).is_err());
    }
}
