//! What playing costs: a whole four-player game of Tao between random bots (the issue's
//! target is 10,000 a second on this 2-core machine, so 5,000 a core), and one move of the
//! search bot (target 50 ms) on positions from greedy games; the same for Liubo (target
//! 20,000 games a second on the machine, one move of the search bot 50 ms) and 易经牌 (a
//! hand between random bots, one move of the search bot).
//!
//! `cargo bench --bench games`

use criterion::{Criterion, criterion_group, criterion_main};
use hexforge_rules::play::Game;
use hexforge_rules::play::bots::{Bot, SEARCH_PLAYOUTS};
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

/// Positions where the search bot has a real choice: turns of greedy games at which the
/// seat to move has two or more legal actions.
fn positions() -> Vec<Tao> {
    let mut found = Vec::new();
    for index in 0..200u64 {
        let seed = game_seed(2, index);
        let mut game = Tao::new(&Deal::shuffled(4, seed).expect("4 players"), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..30 {
            if game.outcome().is_some() {
                break;
            }
            if game.legal_actions().len() >= 3 && found.len() < 64 {
                found.push(game.clone());
            }
            let action = Bot::Greedy.choose(&game, &mut rng);
            game.apply(&action).expect("legal");
        }
    }
    found
}

fn tao_search_move(c: &mut Criterion) {
    let positions = positions();
    let bot = Bot::Search { playouts: SEARCH_PLAYOUTS };
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut i = 0;
    c.bench_function("tao/4 players/search bot, one move", |b| {
        b.iter(|| {
            i = (i + 1) % positions.len();
            black_box(bot.choose(&positions[i], &mut rng))
        })
    });
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
    // Positions of greedy games where the search bot has three moves or more to weigh.
    let mut positions = Vec::new();
    for index in 0..100u64 {
        let seed = game_seed(2, index);
        let mut game = hexforge_rules::liubo::Liubo::new(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..60 {
            if game.outcome().is_some() || positions.len() >= 64 {
                break;
            }
            if game.legal_actions().len() >= 3 {
                positions.push(game.clone());
            }
            let action = Bot::Greedy.choose(&game, &mut rng);
            game.apply(&action).expect("legal");
        }
    }
    let bot = Bot::Search { playouts: SEARCH_PLAYOUTS };
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut i = 0;
    c.bench_function("liubo/search bot, one move", |b| {
        b.iter(|| {
            i = (i + 1) % positions.len();
            black_box(bot.choose(&positions[i], &mut rng))
        })
    });
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
    let mut positions = Vec::new();
    for index in 0..100u64 {
        let seed = game_seed(2, index);
        let mut game = YijingPai::shuffled(Settings::default(), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while game.outcome().is_none() && positions.len() < 64 {
            if game.legal_actions().len() >= 2 {
                positions.push(game.clone());
            }
            let action = Bot::Greedy.choose(&game, &mut rng);
            game.apply(&action).expect("legal");
        }
    }
    let bot = Bot::Search { playouts: SEARCH_PLAYOUTS };
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut i = 0;
    c.bench_function("yijing-pai/search bot, one move", |b| {
        b.iter(|| {
            i = (i + 1) % positions.len();
            black_box(bot.choose(&positions[i], &mut rng))
        })
    });
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
    let mut positions = Vec::new();
    for index in 0..100u64 {
        let seed = game_seed(2, index);
        let mut game = new(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while game.outcome().is_none() && positions.len() < 64 {
            if game.legal_actions().len() >= 3 {
                positions.push(game.clone());
            }
            let action = Bot::Greedy.choose(&game, &mut rng);
            game.apply(&action).expect("legal");
        }
    }
    let bot = Bot::Search { playouts: SEARCH_PLAYOUTS };
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut i = 0;
    c.bench_function("dragons/search bot, one move", |b| {
        b.iter(|| {
            i = (i + 1) % positions.len();
            black_box(bot.choose(&positions[i], &mut rng))
        })
    });
}

criterion_group!(benches, tao_random_game, tao_search_move, liubo_random_game, yijing_pai, dragons);
criterion_main!(benches);
