//! A game record to check, for any game with an engine (`POST /api/GAME/check`): the body
//! is read as JSON, held to what `/openapi.json` says of every record (whole numbers may be
//! written `12` or `12.0`; `null` is never a value: an optional field is left out), and
//! checked by the game's own rules, as `hexforge check GAME --record` checks a line.

use hexforge_rules::play::record::{Rules, Verdict};
use serde_json::Value;

/// The verdict on one record (game number 1), or what is wrong with its shape.
pub fn check(rules: &dyn Rules, body: Value) -> Result<Verdict, String> {
    let body = strict(body, "the record")?;
    rules.check(1, &body.to_string())
}

/// Whole numbers written with a fraction of zero become whole; a `null` anywhere is refused,
/// naming where it is.
fn strict(value: Value, at: &str) -> Result<Value, String> {
    Ok(match value {
        Value::Null => return Err(format!("{at} is null: leave an optional field out instead")),
        // Every f64 without a fraction is a whole number exactly, however large.
        Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() && f.fract() == 0.0 && (0.0..18_446_744_073_709_551_616.0).contains(&f) => {
                Value::from(f as u64)
            }
            Some(f) if n.is_f64() && f.fract() == 0.0 && (-9_223_372_036_854_775_808.0..0.0).contains(&f) => {
                Value::from(f as i64)
            }
            _ => Value::Number(n),
        },
        Value::Array(items) => Value::Array(
            items.into_iter().enumerate().map(|(i, v)| strict(v, &format!("{at}[{i}]"))).collect::<Result<_, _>>()?,
        ),
        Value::Object(fields) => Value::Object(
            fields
                .into_iter()
                .map(|(k, v)| {
                    let at = if at == "the record" { k.clone() } else { format!("{at}.{k}") };
                    strict(v, &at).map(|v| (k, v))
                })
                .collect::<Result<_, _>>()?,
        ),
        other => other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_may_have_a_zero_fraction_and_null_is_refused_by_name() {
        let value: Value =
            serde_json::from_str(r#"{"players":2.0,"seed":7,"zone":[3.0,4.5,-1.0,9007199254740990.0]}"#).unwrap();
        assert_eq!(
            strict(value, "the record").unwrap().to_string(),
            r#"{"players":2,"seed":7,"zone":[3,4.5,-1,9007199254740990]}"#
        );
        let value: Value = serde_json::from_str(r#"{"actions":[{"seat":null}]}"#).unwrap();
        assert_eq!(
            strict(value, "the record").unwrap_err(),
            "actions[0].seat is null: leave an optional field out instead"
        );
    }

    #[test]
    fn a_zhi_pai_record_checks_through_the_registry() {
        let rules = hexforge_rules::game("zhi-pai").unwrap();
        let setup = hexforge_rules::play::record::Setup::default();
        let (_, record) = rules.simulate(&setup, &[hexforge_rules::play::bots::Bot::Greedy], 1, 0, true).unwrap();
        let body: Value = serde_json::from_str(&record.unwrap()).unwrap();
        assert!(check(rules, body.clone()).unwrap().valid);
        let mut other = body;
        other["game"] = "tao".into();
        assert!(!check(rules, other).unwrap().valid);
        assert!(check(rules, serde_json::json!({"game": "zhi-pai"})).unwrap_err().contains("missing field"));
    }
}
