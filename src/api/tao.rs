//! Tao's requests: the legal plays on a card (`POST /api/tao/legal`) and a game record to
//! check (`POST /api/tao/check`), read as `/openapi.json` describes them (whole numbers as
//! values, `12` or `12.0`; words as listed; `null` refused where a field is optional).
//! The answers are the rules crate's own types, as `hexforge tao legal --json` and
//! `hexforge check tao --json` print them.

use super::fields::{self, Whole, parsed, some, some_whole};
use super::pathways::LaidRequest;
use crate::core::card::{Card, Orientation};
use crate::core::error::CoreError;
use hexforge_rules::tao::legal::Laid;
use hexforge_rules::tao::plays::{LegalPlays, legal_plays};
use hexforge_rules::tao::record::{self, Ending, Entry, LaidCard, Record, Verdict, What};
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

/// A card as laid in a record.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FaceRequest {
    card: Whole,
    #[serde(deserialize_with = "parsed")]
    orientation: Orientation,
    #[serde(default, deserialize_with = "some")]
    announced: Option<bool>,
}

/// One action of a record: the seat and exactly one of `play`, `draw`, `pass`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryRequest {
    seat: Whole,
    #[serde(default, deserialize_with = "some")]
    play: Option<FaceRequest>,
    #[serde(default, deserialize_with = "some")]
    draw: Option<Whole>,
    #[serde(default, deserialize_with = "some")]
    pass: Option<bool>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EndingRequest {
    #[serde(default, deserialize_with = "some")]
    winner: Option<Whole>,
    #[serde(default, deserialize_with = "some")]
    stalled: Option<bool>,
}

/// A Tao game record as `POST /api/tao/check` takes it (the JSON Lines record's one line).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    #[serde(deserialize_with = "tao_name")]
    game: String,
    players: Whole,
    #[serde(default, deserialize_with = "some")]
    seed: Option<Whole>,
    #[serde(default, deserialize_with = "some")]
    bots: Option<Vec<String>>,
    hands: Vec<Vec<Whole>>,
    pile: Vec<Whole>,
    #[serde(default, deserialize_with = "some")]
    first: Option<FaceRequest>,
    actions: Vec<EntryRequest>,
    #[serde(default, deserialize_with = "some")]
    result: Option<EndingRequest>,
}

fn tao_name<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let name = String::deserialize(deserializer)?;
    if name == "tao" { Ok(name) } else { Err(serde::de::Error::custom(format!("game {name:?}: expected \"tao\""))) }
}

/// What is wrong with a record's shape (not with its play: that is a verdict).
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("{field} is {value}: expected {allowed}")]
    OutOfRange { field: &'static str, value: i64, allowed: &'static str },
    #[error("action {0} has none of play, draw or pass, or more than one")]
    OneOfPlayDrawPass(usize),
    #[error("action {0}: pass is always true")]
    PassFalse(usize),
}

fn within(
    field: &'static str,
    value: Whole,
    range: std::ops::RangeInclusive<i64>,
    allowed: &'static str,
) -> Result<i64, RecordError> {
    if range.contains(&value.0) { Ok(value.0) } else { Err(RecordError::OutOfRange { field, value: value.0, allowed }) }
}

fn card_number(field: &'static str, value: Whole) -> Result<u8, RecordError> {
    if (1..=64).contains(&value.0) {
        Ok(value.0 as u8)
    } else {
        Err(RecordError::OutOfRange { field, value: value.0, allowed: "a card, 1..=64" })
    }
}

fn face(field: &'static str, f: &FaceRequest) -> Result<LaidCard, RecordError> {
    Ok(LaidCard {
        card: card_number(field, f.card)?,
        orientation: f.orientation,
        announced: f.announced.unwrap_or(true),
    })
}

impl CheckRequest {
    /// The record it holds, or what is wrong with its shape.
    pub fn record(&self) -> Result<Record, RecordError> {
        let mut actions = Vec::with_capacity(self.actions.len());
        for (i, a) in self.actions.iter().enumerate() {
            let seat = within("seat", a.seat, 0..=7, "a seat, 0..=7")? as usize;
            let what = match (&a.play, a.draw, a.pass) {
                (Some(play), None, None) => What::Play(face("play.card", play)?),
                (None, Some(card), None) => What::Draw(card_number("draw", card)?),
                (None, None, Some(true)) => What::Pass(true),
                (None, None, Some(false)) => return Err(RecordError::PassFalse(i + 1)),
                _ => return Err(RecordError::OneOfPlayDrawPass(i + 1)),
            };
            actions.push(Entry { seat, what });
        }
        let hands = self
            .hands
            .iter()
            .map(|h| h.iter().map(|&c| card_number("hands", c)).collect::<Result<Vec<_>, _>>())
            .collect::<Result<Vec<_>, _>>()?;
        let result = match &self.result {
            Some(r) => Some(Ending {
                winner: r
                    .winner
                    .map(|w| within("result.winner", w, 0..=7, "a seat, 0..=7"))
                    .transpose()?
                    .map(|w| w as usize),
                stalled: r.stalled.unwrap_or(false),
            }),
            None => None,
        };
        Ok(Record {
            game: self.game.clone(),
            players: within("players", self.players, 2..=8, "2..=8")? as usize,
            seed: self
                .seed
                .map(|s| within("seed", s, 0..=fields::MAX_WHOLE, "0 or more"))
                .transpose()?
                .map(|s| s as u64),
            bots: self.bots.clone(),
            hands,
            pile: self.pile.iter().map(|&c| card_number("pile", c)).collect::<Result<_, _>>()?,
            first: self.first.as_ref().map(|f| face("first.card", f)).transpose()?,
            actions,
            result,
        })
    }
}

/// The verdict on one record (game number 1).
pub fn check(request: &CheckRequest) -> Result<Verdict, RecordError> {
    Ok(record::check(1, &request.record()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_as_json_checks_like_the_record_itself() {
        let deal = hexforge_rules::tao::deal::Deal::shuffled(3, 5).unwrap();
        let mut record = Record::start(&deal, Some(5), None);
        record.actions.push(Entry { seat: 0, what: What::Draw(deal.pile[0].number()) });
        let text = serde_json::to_string(&record).unwrap().replace("\"players\":3", "\"players\":3.0");
        let request: CheckRequest = serde_json::from_str(&text).unwrap();
        let verdict = check(&request).unwrap();
        assert_eq!(verdict, record::check(1, &record));
        // The first seat to act after a light first card is not seat 0.
        let expected_valid = deal.first.unwrap().orientation == Orientation::Dark;
        assert_eq!(verdict.valid, expected_valid, "{verdict:?}");
    }

    #[test]
    fn a_record_of_another_shape_is_refused_naming_what() {
        let bad = r#"{"game":"tao","players":2,"hands":[[1]],"pile":[],"actions":[{"seat":0,"draw":1,"pass":true}]}"#;
        let request: CheckRequest = serde_json::from_str(bad).unwrap();
        assert_eq!(
            request.record().unwrap_err().to_string(),
            "action 1 has none of play, draw or pass, or more than one"
        );
        assert!(serde_json::from_str::<CheckRequest>(&bad.replace("\"tao\"", "\"go\"")).is_err());
        assert!(serde_json::from_str::<CheckRequest>(&bad.replace("\"pile\":[]", "\"pile\":null")).is_err());
    }
}
