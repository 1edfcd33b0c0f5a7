//! What playing costs: a whole four-player game of Tao between random bots (the issue's
//! target is 10,000 a second on this 2-core machine, so 5,000 a core), and one move of the
//! search bot (target 50 ms) on positions from greedy games; the same for Liubo (target
//! 20,000 games a second on the machine, one move of the search bot 50 ms) and 易经牌 (a
//! hand between random bots, one move of the search bot).
//!
//! `cargo bench --bench games`

use criterion::{Criterion, criterion_group, criterion_main};
use hexforge_rules::play::bots::{Bot, Heuristic, SEARCH_PLAYOUTS};
use hexforge_rules::play::simulate::{game_seed, play};
use hexforge_rules::tao::{Tao, deal::Deal};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

fn tao_random_game(c: &mut Criterion) {
    let mut index = 0u64;
    c.bench_function("tao/4 players/random bots, one game", |b| {
        b.iter(|| {
            index += 1;
            let seed = game_seed(1, index);
            let game = Tao::new(&Deal::shuffled(4, seed).expect("4 players"), seed);
            black_box(play(game, &[Bot::Random; 4], seed, 50_000).outcome)
        })
    });
}

/// Positions where the search bot has a real choice: the first 64 turns of greedy games
/// (`games` of them, at most `turns` turns each) at which the seat to move has `choices`
/// legal actions or more.
fn greedy_positions<G: Heuristic>(games: u64, turns: usize, choices: usize, new: impl Fn(u64) -> G) -> Vec<G> {
    let mut found = Vec::new();
    for index in 0..games {
        let seed = game_seed(2, index);
        let mut game = new(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..turns {
            if game.outcome().is_some() || found.len() >= 64 {
                break;
            }
            if game.legal_actions().len() >= choices {
                found.push(game.clone());
            }
            let action = Bot::Greedy.choose(&game, &mut rng);
            game.apply(&action).expect("legal");
        }
    }
    found
}

/// One move of the search bot, on each of `positions` in turn.
fn search_move<G: Heuristic>(c: &mut Criterion, name: &str, positions: Vec<G>) {
    let bot = Bot::Search { playouts: SEARCH_PLAYOUTS };
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut i = 0;
    c.bench_function(name, |b| {
        b.iter(|| {
            i = (i + 1) % positions.len();
            black_box(bot.choose(&positions[i], &mut rng))
        })
    });
}

fn tao_search_move(c: &mut Criterion) {
    let positions = greedy_positions(200, 30, 3, |seed| Tao::new(&Deal::shuffled(4, seed).expect("4 players"), seed));
    search_move(c, "tao/4 players/search bot, one move", positions);
}

fn liubo_random_game(c: &mut Criterion) {
    let mut index = 0u64;
    c.bench_function("liubo/random bots, one game", |b| {
        b.iter(|| {
            index += 1;
            let seed = game_seed(1, index);
            black_box(play(hexforge_rules::liubo::Liubo::new(seed), &[Bot::Random; 2], seed, 100_000).outcome)
        })
    });
    let positions = greedy_positions(100, 60, 3, hexforge_rules::liubo::Liubo::new);
    search_move(c, "liubo/search bot, one move", positions);
}

/// 易经牌: a whole hand between four random bots (144 tiles, hands of 8), and one move of the
/// search bot on positions of greedy hands where it has two actions or more to weigh.
fn yijing_pai(c: &mut Criterion) {
    use hexforge_rules::yijing_pai::{Settings, YijingPai};
    let mut index = 0u64;
    c.bench_function("yijing-pai/random bots, one hand", |b| {
        b.iter(|| {
            index += 1;
            let seed = game_seed(1, index);
            black_box(play(YijingPai::shuffled(Settings::default(), seed), &[Bot::Random; 4], seed, 2_000).outcome)
        })
    });
    let positions = greedy_positions(100, usize::MAX, 2, |seed| YijingPai::shuffled(Settings::default(), seed));
    search_move(c, "yijing-pai/search bot, one move", positions);
}

/// Dragons of the Ba-Gua: a whole introductory game between random bots (they wander, so
/// a game is long: about 190 turns), and one move of the search bot on positions of greedy
/// games where it has three actions or more to weigh (target: 100 ms).
fn dragons(c: &mut Criterion) {
    use hexforge_rules::dragons::Dragons;
    let new = |seed| Dragons::named("introductory", "grasshopper").expect("a scenario").salted(seed);
    let mut index = 0u64;
    c.bench_function("dragons/random bots, one game", |b| {
        b.iter(|| {
            index += 1;
            let seed = game_seed(1, index);
            black_box(play(new(seed), &[Bot::Random; 2], seed, 100_000).outcome)
        })
    });
    search_move(c, "dragons/search bot, one move", greedy_positions(100, usize::MAX, 3, new));
}

criterion_group!(benches, tao_random_game, tao_search_move, liubo_random_game, yijing_pai, dragons);
criterion_main!(benches);
