//! Tao's actions and events in the players' words (docs/rules.md, Tao): a card as it lies
//! and the hexagram it shows, why it is legal on the top card (the relation, said as a
//! player sees it), and what it did: the direction, a skipped seat, a debt handed on,
//! an extra card earned or declined.

use super::legal::{self, Kinds, Laid, PlayKind};
use super::{Action, Event, Extra, Tao};
use crate::play::words::{clauses, count, hexagram};
use crate::play::{Game, Outcome, Seat};

/// A card as it lies: `21 light side up, showing ䷐ 17 Following`.
pub fn laid(l: Laid) -> String {
    format!("{} {} side up, showing {}", l.card.number(), l.orientation.name(), hexagram(l.shows()))
}

/// Why `laid` is legal on `top` by `kinds`, in the players' words.
pub fn why(top: Laid, laid: Laid, kinds: Kinds) -> String {
    let (a, b) = (top.shows(), laid.shows());
    let reasons: Vec<String> = kinds
        .iter()
        .map(|kind| match kind {
            PlayKind::ChangeTrigram if a.lower() == b.lower() => {
                format!("same lower trigram {} {} as the top card, upper changed", b.lower().symbol(), b.lower().name())
            }
            PlayKind::ChangeTrigram => {
                format!("same upper trigram {} {} as the top card, lower changed", b.upper().symbol(), b.upper().name())
            }
            PlayKind::Match => "a match: the top card's own hexagram, the other side up".to_string(),
            PlayKind::Cancel => "a cancel: the top card's opposite, every line changed".to_string(),
            PlayKind::Invert => "an invert: the top card's trigrams swapped".to_string(),
            PlayKind::DoubleMirror => "a Double Mirror: legal on any card".to_string(),
            PlayKind::MirrorTurn => "a Mirror turned: legal the other side up".to_string(),
        })
        .collect();
    reasons.join(", and ")
}

/// What the extra card must be, for a player.
fn extra_words(extra: Extra) -> String {
    format!("may lay one more card ({}), or decline it", extra.rule())
}

/// The direction of play in words.
fn direction(clockwise: bool) -> &'static str {
    if clockwise { "clockwise" } else { "counter-clockwise" }
}

/// The rule that ended the game when `before` became `after` (`None` while it goes on).
pub fn ending(before: &Tao, after: &Tao) -> Option<String> {
    Some(match after.outcome? {
        Outcome::Won(winner) => format!("{} laid their last card and wins", before.seat_name(winner)),
        Outcome::Stalled if after.passes >= after.players() => {
            "every seat passed in turn: the game ends without a winner".to_string()
        }
        Outcome::Stalled => "the same position came back a third time: the game ends without a winner".to_string(),
    })
}

/// A seat's line at the table: the cards it holds.
pub fn seat(game: &Tao, seat: Seat) -> String {
    count(game.hand(seat).len(), "card")
}

/// Every seat's place at the end: the fewer cards left, the better (the winner has none).
pub fn standings(game: &Tao) -> Vec<crate::play::Standing> {
    let left: Vec<usize> = (0..game.players()).map(|s| game.hand(s).len()).collect();
    let places = crate::play::places(&left);
    (0..game.players())
        .map(|s| crate::play::Standing {
            seat: s,
            place: places[s],
            score: Some(format!("{} left", count(left[s], "card"))),
        })
        .collect()
}

/// The names of the table's parts, for a table that draws them (`label top`).
/// (`{}`: the seat's number, filled in by the drawing).
pub const TERMS: [(&str, &str); 2] = [("label top", "Top of the play pile"), ("label hand", "Your hand (seat {})")];

/// The table's facts in words (the direction, the piles, a debt, an extra card) and the
/// seats round the table, as every seat sees them.
pub fn table(game: &Tao) -> crate::play::TableWords {
    let view = game.view(0);
    let arrow = if view.direction == "clockwise" { "↻" } else { "↺" };
    let owes = |n: u8| view.to_move.map(|s| format!("{} owes {}", game.seat_name(s), count(n.into(), "card")));
    let seats: Vec<String> = view
        .hand_sizes
        .iter()
        .enumerate()
        .map(|(s, &n)| format!("{} ({})", game.seat_name(s), count(n, "card")))
        .collect();
    let next = view.to_move.map(|s| format!("; {} to move", game.seat_name(s))).unwrap_or_default();
    crate::play::TableWords::facts([
        ("Direction", Some(format!("{arrow} {}", view.direction))),
        ("Draw pile", Some(count(view.draw_pile, "card"))),
        ("Play pile", Some(count(view.play_pile, "card"))),
        ("To draw first", (view.owed > 0).then(|| owes(view.owed)).flatten()),
        ("Extra card", view.extra_words.clone()),
    ])
    .part("seats", format!("Play goes {} round {}{next}", view.direction, crate::play::words::and(&seats)))
    .labels(view.hand_sizes.iter().enumerate().map(|(s, &n)| (format!("held {s}"), count(n, "card"))).collect())
}

/// What followed when `seat` acted on `before`, giving `after`: the end of the game, the
/// direction, an extra card, or the turn's end (a skipped seat, a debt handed on).
fn followed(before: &Tao, after: &Tao, seat: Seat) -> Vec<String> {
    let mut said = Vec::new();
    if let Some(end) = ending(before, after) {
        return vec![end];
    }
    if before.top().is_some() && before.clockwise() != after.clockwise() {
        said.push(format!("play turns {}", direction(after.clockwise())));
    }
    if let Some(extra) = after.extra.filter(|_| after.to_move == seat && after.turns == before.turns) {
        said.push(extra_words(extra));
        return said;
    }
    if after.turns == before.turns {
        return said;
    }
    // The turn ended: who was passed over, and what the next player owes.
    let expected = after.step(seat);
    if after.to_move != expected {
        said.push(format!("{} is skipped (an invert)", before.seat_name(expected)));
    }
    if after.owed > 0 {
        let next = before.seat_name(after.to_move);
        let owes = count(usize::from(after.owed), "card");
        said.push(if after.may_escape {
            format!("{next} owes {owes}, unless they cancel in turn")
        } else {
            format!("{next} owes {owes} and may not cancel (the third cancel)")
        });
    }
    if after.owes_announcement {
        said.push(format!("{} draws 1 card first, for a last card not announced", before.seat_name(after.to_move)));
    }
    said
}

/// The action `action` of the seat to move, as its button says it.
pub fn action(game: &Tao, action: &Action) -> String {
    match *action {
        Action::Play(l) => {
            let head = format!("Play {}", laid(l));
            let Some(top) = game.top() else {
                return format!("{head}: card 1 leads");
            };
            let kinds = legal::kinds(top, l.card, l.orientation);
            let reason = match game.extra {
                Some(Extra::Any) if kinds.is_empty() => "the extra card after a Double Mirror: any card".to_string(),
                Some(_) if kinds.is_empty() => "shares the Double's trigram in a position".to_string(),
                _ => why(top, l, kinds),
            };
            let mut after = game.clone();
            let effects = match after.lay(l, true) {
                Ok(()) => followed(game, &after, game.to_move),
                Err(_) => Vec::new(),
            };
            clauses(format!("{head} — {reason}"), effects)
        }
        Action::Draw if game.owes_announcement => "Draw the card owed for a last card not announced".to_string(),
        Action::Draw if game.owed > 0 && game.may_escape => {
            format!("Draw the {} owed for a cancel", count(usize::from(game.owed), "card"))
                .replace("Draw the 1 card", "Draw the card")
        }
        Action::Draw if game.owed > 0 => format!("Draw a card owed ({} still owed)", game.owed),
        Action::Draw => "Draw a card".to_string(),
        Action::Pass if game.extra.is_some() => "Decline the extra card".to_string(),
        Action::Pass => "Pass: nothing can be drawn".to_string(),
    }
}

/// The event `event` of `seat` on `game` (the state before it), in words every seat reads.
pub fn event(game: &Tao, seat: Seat, event: &Event) -> String {
    let mut after = game.clone();
    if after.replay(seat, event).is_err() {
        return format!("{event:?}");
    }
    let head = match *event {
        Event::Play { laid: l, announced } => {
            let mut head = format!("laid {}", laid(l));
            if let Some(top) = game.top() {
                let kinds = legal::kinds(top, l.card, l.orientation);
                if game.owed > 0 {
                    head = format!(
                        "{head} — cancelled the {} owed, handing the debt on",
                        count(usize::from(game.owed), "card")
                    );
                } else if game.extra.is_some() {
                    head = format!("{head} — the extra card");
                    if !kinds.is_empty() {
                        head = format!("{head}, {}", why(top, l, kinds));
                    }
                } else {
                    head = format!("{head} — {}", why(top, l, kinds));
                }
            } else {
                head = format!("{head} — card 1 leads");
            }
            if after.hand(seat).len() == 1 {
                head = format!("{head}; one card left{}", if announced { ", announced" } else { ", not announced" });
            }
            head
        }
        Event::Draw(_) => {
            let mut head = if game.owes_announcement {
                "drew a card for a last card not announced".to_string()
            } else if game.owed > 1 && after.owed == 0 {
                "drew a card owed for a cancel; nothing is left to draw: the rest of the debt is forgiven".to_string()
            } else if game.owed > 0 {
                match after.owed {
                    0 => "drew the last card owed for a cancel".to_string(),
                    left => format!("drew a card owed for a cancel ({left} still owed)"),
                }
            } else {
                "drew a card".to_string()
            };
            if after.tally.reshuffles > game.tally.reshuffles {
                head = format!("the play pile under the top card was shuffled into a new draw pile; {head}");
            }
            head
        }
        Event::Pass if game.extra.is_some() => "declined the extra card".to_string(),
        Event::Pass => "passed: nothing can be drawn".to_string(),
    };
    clauses(head, followed(game, &after, seat))
}

#[cfg(test)]
mod tests {
    use super::super::deal::Deal;
    use super::*;
    use crate::core::card::{Card, Orientation};
    use crate::core::deck::CardSet;
    use crate::core::hexagram::Hexagram;

    const DARK: Orientation = Orientation::Dark;
    const LIGHT: Orientation = Orientation::Light;

    /// The card that shows hexagram `h` laid `o` side up.
    fn showing(h: Hexagram, o: Orientation) -> Card {
        Card::showing(h, o)
    }

    /// Three seats; card 3 dark on the pile (䷂: Thunder below, Water above), so seat 0
    /// moves first, clockwise. Seat 0 holds `cards` and two fillers; the rest is drawn.
    fn table(cards: &[Card]) -> Tao {
        let first = Laid::new(Card::from_number(3).unwrap(), DARK);
        let mut hands = vec![CardSet::EMPTY; 3];
        for &c in cards {
            hands[0].insert(c);
        }
        let mine = hands[0];
        let mut rest = Card::all().filter(|&c| c != first.card && !mine.contains(c));
        for hand in hands.iter_mut() {
            while hand.len() < 6 {
                hand.insert(rest.next().unwrap());
            }
        }
        let used: Vec<Card> = hands.iter().flat_map(|h| h.iter()).collect();
        let pile = Card::all().filter(|c| *c != first.card && !used.contains(c)).collect();
        Tao::new(&Deal { hands, pile, first: Some(first) }, 1)
    }

    fn top() -> Hexagram {
        Hexagram::from_number(3).unwrap()
    }

    #[test]
    fn a_cancel_says_who_owes_and_that_they_may_cancel_in_turn() {
        let card = showing(top().complement(), DARK);
        let game = table(&[card]);
        let action = Action::Play(Laid::new(card, DARK));
        let button = game.action_words(&action);
        assert!(
            button.starts_with(&format!("Play {} dark side up, showing ䷱ 50 The Cauldron", card.number())),
            "{button}"
        );
        assert!(button.contains("a cancel: the top card's opposite, every line changed"), "{button}");
        assert!(button.ends_with("; seat 1 owes 2 cards, unless they cancel in turn"), "{button}");
        let logged = game.event_words(0, &Event::Play { laid: Laid::new(card, DARK), announced: true });
        assert!(logged.starts_with(&format!("laid {} dark side up", card.number())), "{logged}");
        assert!(logged.ends_with("; seat 1 owes 2 cards, unless they cancel in turn"), "{logged}");
    }

    #[test]
    fn a_light_invert_skips_a_seat_and_turns_the_play() {
        // Laid light the direction turns counter-clockwise: seat 2 would play next, and is
        // skipped, so seat 1 plays.
        let card = showing(top().swapped(), LIGHT);
        let game = table(&[card]);
        let logged = game.event_words(0, &Event::Play { laid: Laid::new(card, LIGHT), announced: true });
        assert!(logged.contains("an invert: the top card's trigrams swapped"), "{logged}");
        assert!(logged.ends_with("; play turns counter-clockwise; seat 2 is skipped (an invert)"), "{logged}");
        let mut after = game.clone();
        after.apply(&Action::Play(Laid::new(card, LIGHT))).unwrap();
        assert_eq!(after.to_move(), Some(1));
    }

    #[test]
    fn a_changed_trigram_names_the_trigram_kept() {
        // ䷲ 51: Thunder below and above, the lower trigram of 3 kept.
        let h = Hexagram::from_number(51).unwrap();
        let card = showing(h, DARK);
        let game = table(&[card]);
        let button = game.action_words(&Action::Play(Laid::new(card, DARK)));
        assert!(button.contains("same lower trigram ☳ thunder as the top card, upper changed"), "{button}");
    }

    #[test]
    fn a_match_offers_an_extra_card_which_may_be_declined() {
        // 3 shown light: the card whose other side shows 3 (a match).
        let card = showing(top(), LIGHT);
        let game = table(&[card]);
        let button = game.action_words(&Action::Play(Laid::new(card, LIGHT)));
        assert!(button.contains("a match: the top card's own hexagram, the other side up"), "{button}");
        let mut after = game.clone();
        after.apply(&Action::Play(Laid::new(card, LIGHT))).unwrap();
        if after.extra().is_some() {
            assert!(button.contains("may lay one more card (legal on the card just laid), or decline it"), "{button}");
            assert!(after.legal_actions().contains(&Action::Pass));
            assert_eq!(after.action_words(&Action::Pass), "Decline the extra card");
            let logged = after.event_words(0, &Event::Pass);
            assert!(logged.starts_with("declined the extra card"), "{logged}");
        } else {
            // No card in seat 0's hand fits the extra play: the turn ended at once.
            assert!(!button.contains("one more card"), "{button}");
        }
    }

    #[test]
    fn a_draw_hides_the_card_drawn() {
        let game = table(&[]);
        assert_eq!(game.action_words(&Action::Draw), "Draw a card");
        let mut copy = game.clone();
        let event = copy.apply(&Action::Draw).unwrap();
        let Event::Draw(card) = event else { panic!("a draw") };
        let logged = game.event_words(0, &event);
        assert_eq!(logged, "drew a card");
        assert!(!logged.contains(&card.number().to_string()));
    }
}
