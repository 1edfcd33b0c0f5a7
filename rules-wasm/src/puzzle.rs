//! The checkers' questions that are rules, answered by the rules crate so that the page's
//! scripts hold none: Zhi Pai's two ends and its trigram cards after each placement, the
//! solo penalty table, and a daily deal's Common Zone and whether a pass is allowed.

use crate::Refused;
use crate::request::LinePlacement;
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::core::trigram::Trigram;
use hexforge_rules::puzzles::deal::{Turn, parse_turns, play};
use hexforge_rules::zhi_pai::rules::{Chain, Condition, Link, Setup, Side, TrigramSet, activate};
use hexforge_rules::zhi_pai::score::SOLO_PENALTIES;
use serde_json::{Value, json};

/// `{"op":"zhipai-line","start","active":[names],"placements":[{"card","trigram"}]}`: the
/// line's two ends (the start and its target) and, before any placement and after each,
/// the trigram cards active and those spent and not active again. A placement's `trigram`
/// is the trigram card it spent (null: it linked without one); the placements are not
/// judged here (the server's check does that).
pub fn zhipai_line(start: u64, names: &[String], placements: &[LinePlacement]) -> Result<Value, Refused> {
    let bad = |e: String| Refused::new("bad-request", e);
    let start = Hexagram::from_number(start as i64).map_err(|e| bad(e.to_string()))?;
    let game = Chain::new(Setup::new(start));
    let mut active = TrigramSet::from_names(names).map_err(|e| bad(e.to_string()))?;
    let mut spent = TrigramSet::EMPTY;
    let mut steps = vec![json!({ "active": active, "spent": spent })];
    for placement in placements {
        let card = Hexagram::from_number(placement.card.0 as i64).map_err(|e| bad(e.to_string()))?;
        let trigram = match &placement.trigram {
            Some(name) => Some(name.parse::<Trigram>().map_err(|e| bad(e.to_string()))?),
            None => None,
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

/// `{"op":"deal-turn","start","deal":[cards],"turns":["17:left","pass",…]}`: the cards of
/// the Common Zone after these turns and whether a pass is allowed, as the deal's rules
/// judge a next turn (a card is in the zone unless laying it is refused as not in the zone;
/// a pass is allowed unless refused). Once the line is finished, the zone is the one the
/// last card was taken from, less that card.
pub fn deal_turn(start: u64, deal: &[i64], words: &[String]) -> Result<Value, Refused> {
    let bad = |e: String| Refused::new("bad-request", e);
    let start = Hexagram::from_number(start as i64).map_err(|e| bad(e.to_string()))?;
    let deal = deal
        .iter()
        .map(|&n| Hexagram::from_number(n).map_err(|e| bad(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    let mut turns = parse_turns(&words.join(",")).map_err(|e| bad(e.to_string()))?;
    let played = play(start, &deal, &turns);
    if let Some((step, rule, message)) = played.failure {
        return Err(Refused::new(rule, format!("turn {step} is not legal: {message}")));
    }
    let mut taken = None;
    if played.finished {
        taken = turns.pop();
    }
    let refused = |next: Turn| {
        let mut tried = turns.clone();
        tried.push(next);
        play(start, &deal, &tried).failure.map(|(_, rule, _)| rule)
    };
    let zone: Vec<u8> = deal
        .iter()
        .filter(|&&card| {
            let laid = matches!(taken, Some(Turn::Place(c, _)) if c == card);
            !laid && refused(Turn::Place(card, Side::Left)) != Some("not-in-zone")
        })
        .map(|card| card.number())
        .collect();
    let can_pass = !played.finished && refused(Turn::Pass).is_none();
    Ok(json!({ "zone": zone, "can_pass": can_pass }))
}
