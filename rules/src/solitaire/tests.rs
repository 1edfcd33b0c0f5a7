//! I-Ching Solitaire's rules and solver on deals made by hand and on seeded deals.

use super::greedy;
use super::solve::Solver;
use super::{DEPTH, Deal, PILES, STOCK, Variant};

#[test]
fn a_deal_is_the_64_cards_once_each() {
    let deal = Deal::shuffled(7);
    let mut numbers = deal.numbers();
    assert_eq!(numbers.len(), PILES * DEPTH + 1 + STOCK);
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=64).collect::<Vec<u8>>());
    assert_ne!(Deal::shuffled(7), Deal::shuffled(8));
}

#[test]
fn what_may_go_onto_what() {
    let book = Variant::BOOK;
    // One line changed, all six changed, and a Mirror on anything.
    assert!(book.fits(0b000_001, 0b000_000));
    assert!(book.fits(0b111_111, 0b000_000));
    assert!(!book.fits(0b000_011, 0b000_000));
    let mirror = 0b100_001; // 100001 upside down is itself
    assert!(book.fits(mirror, 0b010_110));
    let plain = Variant { readings: true, complements: false, mirrors: false };
    assert!(!plain.fits(0b111_111, 0b000_000));
    assert!(!plain.fits(mirror, 0b010_110));
    // Two readings, except for a Mirror; dark only, one.
    assert_eq!(book.readings(0b000_001).collect::<Vec<_>>(), vec![0b000_001, 0b100_000]);
    assert_eq!(book.readings(mirror).count(), 1);
    let dark = Variant { readings: false, ..Variant::BOOK };
    assert_eq!(dark.readings(0b000_001).count(), 1);
}

/// A deal laid out so that each pile card, from the top of pile 1 round the piles, changes
/// one line of the one before: a win with no stock card; and the same piles with the start
/// card changed so that nothing fits until a stock card does.
#[test]
fn the_solver_finds_the_shortest_win() {
    // Gray code: consecutive numbers differ in one line. Lay 48 of them so that they are
    // played in order from the start card 0: the card played k-th is gray(k + 1).
    let gray = |k: usize| (k ^ (k >> 1)) as u8;
    let mut order = vec![0u8; 64];
    // Played order: pile 0's top, pile 1's top, …; the top of pile p is row DEPTH - 1.
    for k in 0..PILES * DEPTH {
        let (row, p) = (DEPTH - 1 - k / PILES, k % PILES);
        order[row * PILES + p] = gray(k + 1);
    }
    order[PILES * DEPTH] = gray(0);
    for (i, slot) in order[PILES * DEPTH + 1..].iter_mut().enumerate() {
        *slot = gray(PILES * DEPTH + 1 + i);
    }
    let deal = Deal::from_bits(&order);
    let mut numbers = deal.numbers();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=64).collect::<Vec<u8>>(), "a deal of the whole deck");
    let dark = Variant { readings: false, complements: false, mirrors: false };
    let mut solver = Solver::new();
    assert_eq!(solver.shortest(&deal, dark), Some(0));
    // Start instead from gray(63) = 100000 (the start card and the last stock card change
    // places). Stock cards gray(49..=62) all have line 6 yang and the pile tops 1, 3, 2, 6
    // do not, so only a stock card whose line 6 changed is one of them fits: gray(59) =
    // 100110 (6 is pile 4's top), the eleventh. Nothing fits before it; and holding every
    // pile card until the last stock card (000000) and then playing them in order wins.
    let mut stuck = order.clone();
    stuck.swap(PILES * DEPTH, 63);
    let stuck = Deal::from_bits(&stuck);
    let turned = solver.shortest(&stuck, dark).expect("winnable");
    assert!((11..=STOCK).contains(&turned), "{turned}");
    assert_eq!(greedy::play(&deal, dark), Some(0));
}

/// Over seeded deals: a greedy win is a win (the solver never says a deal the greedy player
/// won cannot be won), and never shorter than the solver's.
#[test]
fn the_greedy_player_never_beats_the_solver() {
    let mut solver = Solver::new();
    let mut greedy_wins = 0;
    for seed in 0..300 {
        let deal = Deal::shuffled(seed);
        let exact = solver.shortest(&deal, Variant::BOOK);
        if let Some(g) = greedy::play(&deal, Variant::BOOK) {
            greedy_wins += 1;
            let exact = exact.expect("a deal the greedy player won is winnable");
            assert!(exact <= g, "seed {seed}: solver {exact}, greedy {g}");
        }
    }
    assert!(greedy_wins > 0, "the greedy player wins some deals");
}

#[test]
fn the_names_print_the_variant() {
    assert_eq!(Variant::BOOK.name(), "one line, complements, Mirrors on anything, both readings");
}

/// The engine: a card that does not fit, a pile that is not there and a stock card that is
/// not in the stock are refused, each naming its rule; the player's view never shows the
/// stock's order.
#[test]
fn the_engine_refuses_what_the_rules_forbid() {
    use super::engine::{Action, Event, Play, Solitaire, number};
    use crate::core::card::Orientation::Dark;
    use crate::play::Game;
    use rand::SeedableRng;
    let deal = Deal::shuffled(3);
    let mut game = Solitaire::new(deal.clone(), Variant::BOOK);
    // The start card waits for its reading; nothing else may happen first.
    assert!(game.legal_actions().iter().all(|a| matches!(a, Action::Read(_))));
    let refused = |game: &Solitaire, event: Event| game.clone().replay(0, &event).unwrap_err().rule;
    assert_eq!(refused(&game, Event::Turn(number(deal.stock[0]))), "lay-first");
    game.apply(&Action::Read(Dark)).unwrap();
    assert_eq!(refused(&game, Event::Play(Play { pile: 5, orientation: Dark })), "no-such-pile");
    let top = game.view(0).centre.unwrap().shows;
    for p in 0..PILES {
        let card = deal.piles[p][DEPTH - 1];
        // A Mirror is offered in one reading, the one it shows either way.
        for o in game.readings(card) {
            let play = Event::Play(Play { pile: p + 1, orientation: o });
            let fits = game.legal_actions().contains(&Action::Play(Play { pile: p + 1, orientation: o }));
            let shown = super::engine::shown(card, o);
            let changed =
                (shown ^ crate::core::hexagram::Hexagram::from_number(top.into()).unwrap().bits()).count_ones();
            let by_hand = changed == 1 || changed == 6 || super::inverse(shown) == shown;
            assert_eq!(fits, by_hand, "pile {p} {o}");
            if !by_hand {
                assert_eq!(refused(&game, play), "does-not-fit");
            }
        }
    }
    assert_eq!(refused(&game, Event::Turn(number(deal.piles[0][0]))), "not-in-stock");
    // Another stock card than the next may be named (a table's stock is not the seed's).
    let mut other = game.clone();
    other.replay(0, &Event::Turn(number(deal.stock[4]))).unwrap();
    assert_eq!(other.view(0).turned_up, Some(number(deal.stock[4])));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let world = game.determinized(0, &mut rng);
    assert_eq!(serde_json::to_value(world.view(0)).unwrap(), serde_json::to_value(game.view(0)).unwrap());
    assert_ne!(world.deal().stock, deal.stock, "the stock dealt again");
}

/// A record whose deal has a card twice, or a card that is not one, is refused at its setup.
#[test]
fn a_record_with_a_bad_deal_is_refused() {
    let rules = crate::game("solitaire").unwrap();
    let (_, record) = rules
        .simulate(&crate::play::registry::Setup::default(), &[crate::play::bots::Bot::Greedy], 2, 0, true)
        .unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&record.unwrap()).unwrap();
    assert!(rules.check(1, &json.to_string()).unwrap().valid);
    json.as_object_mut().unwrap().remove("seed");
    assert!(rules.check(1, &json.to_string()).unwrap().valid, "a record replays without its seed");
    let start = json["start"].clone();
    json["piles"][0][0] = start;
    let verdict = rules.check(1, &json.to_string()).unwrap();
    assert_eq!((verdict.failed_move, verdict.rule), (Some(0), Some("card-twice")));
    json["piles"][0][0] = 65.into();
    assert_eq!(rules.check(1, &json.to_string()).unwrap().rule, Some("bad-card"));
}
