//! The checkers' questions that are rules, answered by the rules crate so that the page's
//! scripts hold none: Zhi Pai's two ends and its trigram cards after each placement, and
//! the solo penalty table.

use crate::{Refused, field, number};
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::core::trigram::Trigram;
use hexforge_rules::zhi_pai::rules::{Condition, Game, Link, Setup, Side, TrigramSet, activate};
use hexforge_rules::zhi_pai::score::SOLO_PENALTIES;
use serde_json::{Value, json};

/// `{"op":"zhipai-line","start","active":[names],"placements":[{"card","trigram"}]}`: the
/// line's two ends (the start and its target) and, before any placement and after each,
/// the trigram cards active and those spent and not active again. A placement's `trigram`
/// is the trigram card it spent (null: it linked without one); the placements are not
/// judged here (the server's check does that).
pub fn zhipai_line(request: &Value) -> Result<Value, Refused> {
    let bad = |e: String| Refused::new("bad-request", e);
    let start = Hexagram::from_number(number(request, "start")? as i64).map_err(|e| bad(e.to_string()))?;
    let game = Game::new(Setup::new(start));
    let names: Vec<String> = match request.get("active") {
        Some(Value::Array(names)) => names.iter().map(|n| n.as_str().unwrap_or("").to_string()).collect(),
        _ => Vec::new(),
    };
    let mut active = TrigramSet::from_names(&names).map_err(|e| bad(e.to_string()))?;
    let mut spent = TrigramSet::EMPTY;
    let mut steps = vec![json!({ "active": active, "spent": spent })];
    let placements =
        field(request, "placements")?.as_array().ok_or_else(|| bad("\"placements\" must be a list".into()))?;
    for placement in placements {
        let card = Hexagram::from_number(number(placement, "card")? as i64).map_err(|e| bad(e.to_string()))?;
        let trigram = match placement.get("trigram") {
            Some(Value::String(name)) => Some(name.parse::<Trigram>().map_err(|e| bad(e.to_string()))?),
            _ => None,
        };
        let condition = if trigram.is_some() { Condition::Trigram } else { Condition::OneLine };
        active = activate(active, card, Link { condition, trigram });
        if let Some(t) = trigram {
            spent.insert(t);
        }
        spent = spent.iter().filter(|t| !active.contains(*t)).collect();
        steps.push(json!({ "active": active, "spent": spent }));
    }
    Ok(json!({
        "left": game.end(Side::Left).number(),
        "right": game.end(Side::Right).number(),
        "steps": steps,
    }))
}

/// `{"op":"zhipai-penalties"}`: the solo penalty by Common Zone size at the end.
pub fn zhipai_penalties() -> Value {
    json!(SOLO_PENALTIES)
}
