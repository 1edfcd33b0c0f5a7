//! 易经牌's actions and events in the players' words (docs/rules.md, 易经牌): a hidden
//! hexagram set aside (its lines only on its player's own button), a group laid (its
//! tiles, its call, its place), a pung declined, and what followed: a hexagram completed,
//! a player ready, the win and who pays, a drawn hand.

use super::legal::{Call, Laid, Place};
use super::tiles::TileKind;
use super::{Action, YijingPai};
use crate::core::hexagram::Hexagram;
use crate::play::words::{clauses, count, hexagram};
use crate::play::{Game, Outcome, Seat};

/// A tile in a hand in words.
pub fn held(kind: TileKind) -> &'static str {
    match kind {
        TileKind::Yang => "yang",
        TileKind::Yin => "yin",
        TileKind::Taiji => "taiji",
    }
}

/// A tile as laid in words (a taiji stands for the line its player named).
pub fn laid(l: Laid) -> &'static str {
    match (l.kind, l.yang) {
        (TileKind::Taiji, true) => "taiji as yang",
        (TileKind::Taiji, false) => "taiji as yin",
        (kind, _) => held(kind),
    }
}

fn tiles(group: &[Laid]) -> String {
    group.iter().map(|&l| laid(l)).collect::<Vec<_>>().join(", ")
}

/// Where a group goes, in words (`column_empty`: it begins a hexagram).
fn place(p: Place, column_empty: bool) -> &'static str {
    match p {
        Place::Outside if column_empty => "to begin a hexagram",
        Place::Outside => "beyond the lines already laid",
        Place::Inside => "nearer you than the lines already laid",
        Place::Split => "one tile nearer you, one beyond",
    }
}

/// What followed `seat`'s action between `before` and `after`.
fn followed(before: &YijingPai, after: &YijingPai, seat: Seat) -> Vec<String> {
    let mut said = Vec::new();
    if after.laid(seat).len() > before.laid(seat).len() {
        let done = after.laid(seat).last().expect("a hexagram laid");
        said.push(format!("completes the hexagram {}", hexagram(Hexagram::from_bits(done.bits))));
    }
    if after.tally().ready > before.tally().ready && after.outcome().is_none() {
        said.push(format!("{} is ready: one more group can win", before.seat_name(seat)));
    }
    said.extend(ending(after));
    said
}

/// The points of a settlement in words (`2.5 points`).
fn points(halves: u32) -> String {
    format!("{}{} points", halves / 2, if halves % 2 == 1 { ".5" } else { "" })
}

/// The rule that ended the hand (`None` while it goes on): the win, how and who pays, or
/// a drawn hand.
pub fn ending(after: &YijingPai) -> Option<String> {
    Some(match after.outcome()? {
        Outcome::Won(w) => {
            let s = after.settlement().expect("a settled win");
            let how = if s.hidden { "two hexagrams that are the hidden one" } else { "three hexagrams alike" };
            let pays = match s.fired_by {
                Some(by) => format!("{} pays, whose double was punged", after.seat_name(by)),
                None => "each other seat pays".to_string(),
            };
            format!("{} wins by {how}, {}; {pays}", after.seat_name(w), points(s.halves))
        }
        Outcome::Stalled => "the wall cannot give a full group: the hand is drawn".to_string(),
    })
}

/// A seat's line at the table: tiles in hand and hexagrams laid.
pub fn seat(game: &YijingPai, seat: Seat) -> String {
    let view = game.view(seat);
    format!("{} in hand · {} laid", count(view.hand_sizes[seat], "tile"), count(view.laid[seat].len(), "hexagram"))
}

/// The letters of the views and actions in words: a tile in a hand (`held 1`, `held 0`,
/// `held t`) and as laid (`laid T`, `laid t`: a taiji standing for yang or yin). A drawn
/// table takes each tile's face from the first word.
/// The names of the table's parts too (`label making`), the titles of its tiles and groups,
/// and the words of the picker of a hidden hexagram (`{}`: a name, a count or a tile's
/// words, filled in by the drawing).
pub const TERMS: [(&str, &str); 25] = [
    ("label making", "Hexagram in the making"),
    ("label laid", "Laid"),
    ("label hidden set", "hidden hexagram set aside"),
    ("label last", "Last tiles laid, by"),
    ("label hand", "Your hand (seat {})"),
    ("label hidden", "Your hidden hexagram (line 1 at the bottom)"),
    ("back", "a tile in {}’s hand, face down"),
    ("column", "{}’s column, line 1 at the bottom"),
    ("hexagram laid", "{}’s hexagram {}"),
    ("hand of", "{}: hand {}"),
    ("hidden of", "hidden hexagram (line 1 first) {}"),
    ("pick intro", "Your hidden hexagram: click {} tiles of your hand, line 1 (the bottom) first."),
    ("pick group", "Your hidden hexagram: click {} tiles, line 1 first"),
    ("pick aside", "Set these aside"),
    ("pick line", "{} · line {}"),
    ("pick more", "Click {} more of your tiles, line {} next."),
    ("pick ready", "Ready: set them aside."),
    ("pick refused", "These tiles cannot be set aside together; click a tile to take it back."),
    ("held 1", "yang line"),
    ("held 0", "yin line"),
    ("held t", "taiji"),
    ("laid 1", "yang line"),
    ("laid 0", "yin line"),
    ("laid T", "taiji as yang"),
    ("laid t", "taiji as yin"),
];

/// Every seat's place at the end: the winner first with the points won, the others second
/// with what they pay; a drawn hand has no winner, and no one pays.
pub fn standings(game: &YijingPai) -> Vec<crate::play::Standing> {
    let won = game.outcome().and_then(Outcome::winner);
    let settled = game.settlement();
    let halves = settled.map(|s| s.halves).unwrap_or_default();
    // A win by pung is paid by the seat whose double was punged; a win by response by all.
    let pays = |seat: Seat| match settled.and_then(|s| s.fired_by) {
        Some(by) if by != seat => "pays nothing",
        _ => "pays the winner",
    };
    (0..game.players())
        .map(|seat| crate::play::Standing {
            seat,
            place: if won.is_none_or(|w| w == seat) { 1 } else { 2 },
            score: Some(match won {
                Some(w) if w == seat => format!("won {}", points(halves)),
                Some(_) => pays(seat).to_string(),
                None => "a drawn hand: no one pays".to_string(),
            }),
        })
        .collect()
}

/// The phase in words (the view's `phase`).
fn phase(key: &str) -> &'static str {
    match key {
        "hide" => "each seat sets aside a hidden hexagram",
        "call" => "a double was laid: the call goes round for a pung",
        "respond" => "the seat to move lays a response",
        _ => "the hand is over",
    }
}

/// The table's facts in words: the phase, the wall, who laid last, and the rule that
/// ended the hand.
pub fn table(game: &YijingPai) -> crate::play::TableWords {
    let view = game.view(0);
    crate::play::TableWords::facts([
        ("Phase", Some(phase(view.phase).to_string())),
        ("Wall", Some(count(view.wall, "tile"))),
        ("Last play", view.last.map(|l| format!("{}: {}", game.seat_name(l.seat), tiles_of(&l.tiles)))),
        ("Ended", ending(game)),
    ])
    .labels(
        view.hand_sizes
            .iter()
            .enumerate()
            .map(|(s, &n)| (format!("in hand {s}"), format!("{} in hand", count(n, "tile"))))
            .collect(),
    )
}

/// Laid tiles as the view writes them (`1`, `0`, `T`, `t`), in words.
fn tiles_of(text: &str) -> String {
    let said: Vec<&str> = text
        .chars()
        .map(|c| {
            TERMS
                .iter()
                .find(|(k, _)| k.strip_prefix("laid ") == Some(c.encode_utf8(&mut [0; 4])))
                .map_or("?", |(_, v)| *v)
        })
        .collect();
    said.join(", ")
}

/// The action of the seat to move, as its button says it: a hidden hexagram's lines shown,
/// to its own player only.
pub fn action(game: &YijingPai, action: &Action) -> String {
    let seat = game.to_move().unwrap_or(0);
    match action {
        Action::Hide(six) => format!(
            "Set aside {} as your hidden hexagram (line 1 first)",
            six.iter().map(|&k| held(k)).collect::<Vec<_>>().join(", ")
        ),
        Action::Lay(lay) => {
            let group = tiles(lay.group.tiles());
            let head = match lay.call {
                Call::Pung => format!("Pung: lay {group}"),
                Call::Response => format!("Lay {group} as your response"),
            };
            let mut after = game.clone();
            let rest = match after.apply(action) {
                Ok(_) => followed(game, &after, seat),
                Err(_) => Vec::new(),
            };
            clauses(format!("{head}, {}", place(lay.place, game.column(seat).is_empty())), rest)
        }
        Action::Pass => match game.last() {
            Some((by, group)) => format!("Pass: let {}'s {} stand", game.seat_name(by), tiles(group.tiles())),
            None => "Pass".to_string(),
        },
    }
}

/// `seat`'s event on `game` (the state before it), in words every seat reads: a hidden
/// hexagram stays hidden.
pub fn event(game: &YijingPai, seat: Seat, event: &Action) -> String {
    let mut after = game.clone();
    if after.replay(seat, event).is_err() {
        return format!("{event:?}");
    }
    let head = match event {
        Action::Hide(_) => "set aside a hidden hexagram, face down".to_string(),
        Action::Lay(lay) => {
            let group = tiles(lay.group.tiles());
            let call = match lay.call {
                Call::Pung => format!("punged: laid {group}"),
                Call::Response => format!("laid {group} as a response"),
            };
            format!("{call}, {}", place(lay.place, game.column(seat).is_empty()).replace("nearer you", "nearer them"))
        }
        Action::Pass => "passed: no pung".to_string(),
    };
    clauses(head, followed(game, &after, seat))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yijing_pai::Settings;

    #[test]
    fn a_hidden_hexagram_is_named_to_its_player_only() {
        let game = YijingPai::shuffled(Settings::default(), 4);
        let hide = game.legal_actions()[0];
        let Action::Hide(six) = hide else { panic!("a game begins by hiding") };
        let button = game.action_words(&hide);
        let lines: Vec<&str> = six.iter().map(|&k| held(k)).collect();
        assert_eq!(lines.len(), 6);
        assert_eq!(button, format!("Set aside {} as your hidden hexagram (line 1 first)", lines.join(", ")));
        let logged = game.event_words(0, &hide);
        assert_eq!(logged, "set aside a hidden hexagram, face down");
        assert!(!logged.contains("yang") && !logged.contains("yin"));
    }

    #[test]
    fn lays_say_their_tiles_and_the_end_is_said() {
        let mut game = YijingPai::shuffled(Settings::default(), 21);
        let mut last = String::new();
        let mut lays = 0;
        while let Some(seat) = game.to_move() {
            let action = game.legal_actions()[0];
            last = game.event_words(seat, &action);
            if let Action::Lay(lay) = action {
                lays += 1;
                assert!(last.contains(&tiles(lay.group.tiles())), "{last}");
            }
            game.apply(&action).unwrap();
        }
        assert!(lays > 0);
        assert!(last.contains(" wins by ") || last.contains("the hand is drawn"), "{last}");
    }
}
