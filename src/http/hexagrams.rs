//! The core routes: hexagrams, changing lines, casting, spreads and the neighbour check.
//!
//! Each answers with the same serde types the CLI prints with `--json`
//! ([`HexagramView`], [`Cast`], [`Mismatch`]); every rule is the core's.

use super::Routes;
use super::error::{AppError, Json, Path, Query};
use crate::api::fields::{self, Whole};
use axum::body::Bytes;
use axum::http::header;
use axum::response::IntoResponse;
use hexforge_rules::core::card::{Card, Orientation};
use hexforge_rules::core::casting::{Cast, cast};
use hexforge_rules::core::hexagram::{Hexagram, LinePosition};
use hexforge_rules::core::hexagram_json::{HexagramView, all_hexagrams};
use hexforge_rules::core::spread::{self, SpreadReading, draw_spread};
use hexforge_rules::core::verify::{Mismatch, verify_neighbours};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

pub(super) fn routes(routes: Routes) -> Routes {
    routes
        .get_from_memory("/api/hexagrams", list)
        .get_from_memory("/api/hexagrams/{n}", one)
        .post("/api/change", change)
        .post("/api/cast", cast_lines)
        .get_from_memory("/api/cast", cast_spread)
        .post("/api/neighbours/verify", verify)
}

/// The 64 hexagram objects never change: serialise them once. Index 0 is the list,
/// index n is hexagram n. Static bytes (kept for the whole run, as this table is): a
/// clone is a copy of a pointer, where bytes from a vector count their references in a
/// count that every core would write.
static SERIALISED: LazyLock<Vec<Bytes>> = LazyLock::new(|| {
    let views = all_hexagrams();
    let written = |json: Vec<u8>| Bytes::from_static(json.leak());
    let mut out = vec![written(serde_json::to_vec(&views).expect("views serialise"))];
    out.extend(views.iter().map(|v| written(serde_json::to_vec(v).expect("views serialise"))));
    out
});

fn json_bytes(bytes: Bytes) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], bytes)
}

/// `GET /api/hexagrams`: all 64 objects in King Wen order.
async fn list() -> impl IntoResponse {
    json_bytes(SERIALISED[0].clone())
}

/// `GET /api/hexagrams/{n}`: `n` is a King Wen number or six lines bottom to top.
async fn one(Path(n): Path<String>) -> Result<impl IntoResponse, AppError> {
    let hexagram: Hexagram =
        n.parse().map_err(|e: hexforge_rules::core::error::CoreError| AppError::not_found(e.to_string()))?;
    Ok(json_bytes(SERIALISED[usize::from(hexagram.number())].clone()))
}

/// A hexagram in a request body: a King Wen number (`12`, or `12.0`) or a string of
/// six lines (`"000111"`) or of a number (`"12"`), spelled as `/openapi.json` says.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum HexagramRef {
    Number(i64),
    Text(String),
    /// Anything else, kept so the error can show it.
    Other(serde_json::Value),
}

impl<'de> Deserialize<'de> for HexagramRef {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        Ok(match value {
            serde_json::Value::String(text) => HexagramRef::Text(text),
            serde_json::Value::Number(_) => match Whole::deserialize(&value) {
                Ok(Whole(n)) => HexagramRef::Number(n),
                Err(_) => HexagramRef::Other(value),
            },
            other => HexagramRef::Other(other),
        })
    }
}

impl HexagramRef {
    pub fn resolve(&self) -> Result<Hexagram, AppError> {
        let not_one = |shown: &dyn std::fmt::Display| {
            AppError::bad_request(format!(
                "hexagram {shown} is not a hexagram; expected a King Wen number 1..=64 or six lines like \"000111\""
            ))
        };
        Ok(match self {
            HexagramRef::Number(n) => Hexagram::from_number(*n)?,
            // Only the two spellings the schema gives: six lines, or a number without
            // sign, space or leading zero.
            HexagramRef::Text(s) if s.len() == 6 && s.bytes().all(|b| b == b'0' || b == b'1') => s.parse()?,
            HexagramRef::Text(s) if !s.starts_with('0') && !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
                s.parse()?
            }
            HexagramRef::Text(s) => return Err(not_one(&format!("{s:?}"))),
            HexagramRef::Other(v) => return Err(not_one(v)),
        })
    }
}

/// `POST /api/change` body.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ChangeRequest {
    pub hexagram: HexagramRef,
    /// Lines to change, 1 (bottom) ..= 6, each at most once.
    #[serde(deserialize_with = "fields::wholes")]
    pub lines: Vec<i64>,
}

/// `POST /api/change`: the hexagram with the listed lines changed, as `hexforge change --json`.
async fn change(Json(req): Json<ChangeRequest>) -> Result<Json<HexagramView>, AppError> {
    let hexagram = req.hexagram.resolve()?;
    if req.lines.is_empty() {
        return Err(AppError::bad_request("lines is empty; list the lines to change, 1 (bottom) to 6"));
    }
    if req.lines.len() > 6 {
        return Err(AppError::bad_request(format!(
            "lines lists {} lines, but a hexagram has 6; list each line 1..=6 at most once",
            req.lines.len()
        )));
    }
    let lines = req.lines.iter().map(|&l| LinePosition::new(l)).collect::<Result<Vec<_>, _>>()?;
    Ok(Json(HexagramView::from(hexagram.changed_lines(&lines)?)))
}

/// `POST /api/cast` body.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CastRequest {
    /// Six line values, bottom first: 6, 7, 8 or 9.
    #[serde(deserialize_with = "fields::wholes")]
    pub values: Vec<i64>,
}

/// `POST /api/cast`: as `hexforge cast … --json`.
async fn cast_lines(Json(req): Json<CastRequest>) -> Result<Json<Cast>, AppError> {
    Ok(Json(cast(&req.values)?))
}

/// `GET /api/cast` query.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SpreadQuery {
    #[serde(default)]
    spread: Option<String>,
    #[serde(default)]
    seed: Option<String>,
}

/// `GET /api/cast?spread=NAME&seed=N`: a spread, as `hexforge cast --spread NAME --seed N
/// --json`; without a seed, a fresh one (answered in the reading).
async fn cast_spread(Query(q): Query<SpreadQuery>) -> Result<Json<SpreadReading>, AppError> {
    let Some(name) = q.spread else {
        return Err(AppError::bad_request(format!(
            "spread is missing; name a spread: one of {} (or POST six line values)",
            spread::names()
        )));
    };
    let spread = spread::spread(&name)?;
    let seed = match q.seed {
        None => rand::random(),
        Some(text) => text.parse::<u64>().map_err(|_| {
            AppError::bad_request(format!("seed {text:?} is not a whole number from 0 to {}", u64::MAX))
        })?,
    };
    Ok(Json(draw_spread(spread, seed)))
}

/// `POST /api/neighbours/verify` body.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct VerifyRequest {
    /// The card number, 1..=64.
    #[serde(deserialize_with = "fields::whole")]
    pub card: i64,
    /// `dark` (default) or `light` (or `d`, `l`).
    #[serde(default, deserialize_with = "fields::some_word::<_, Orientation>")]
    pub orientation: Option<String>,
    /// The six numbers printed beside lines 1..6 of that reading, bottom first.
    #[serde(deserialize_with = "fields::wholes")]
    pub numbers: Vec<i64>,
}

/// The answer of `POST /api/neighbours/verify`, as `hexforge verify-neighbours --card … --json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VerifyResponse {
    pub ok: bool,
    pub mismatches: Vec<Mismatch>,
}

async fn verify(Json(req): Json<VerifyRequest>) -> Result<Json<VerifyResponse>, AppError> {
    let card = Card::from_number(req.card)?;
    let orientation: Orientation = match &req.orientation {
        Some(text) => text.parse()?,
        None => Orientation::Dark,
    };
    let mismatches = verify_neighbours(card, orientation, &req.numbers)?;
    Ok(Json(VerifyResponse { ok: mismatches.is_empty(), mismatches }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_serialised_table_matches_the_views() {
        for h in Hexagram::all() {
            let v: serde_json::Value = serde_json::from_slice(&SERIALISED[usize::from(h.number())]).unwrap();
            assert_eq!(v, serde_json::to_value(HexagramView::from(h)).unwrap());
        }
        let all: Vec<serde_json::Value> = serde_json::from_slice(&SERIALISED[0]).unwrap();
        assert_eq!(all.len(), 64);
    }
}
