//! Solver costs: all 64 Zhi Pai starts on the full deck; 1,000 random restricted Zhi Pai
//! questions (6-16 available cards, 0-2 active trigram cards); the hard Zhi Pai questions
//! (issue 17's, and the worst found by `examples/zhi_pai_hard_family.rs`), with the relaxed
//! game's build on a near-full deck; every Pathways pair for each deck and orientation mode. Besides criterion's figures for each batch, the
//! per-question median and 90th percentile of the restricted Zhi Pai questions and of
//! the Pathways questions are printed, since the targets are per question.
//!
//! `cargo bench --bench solver`

use criterion::{Criterion, criterion_group, criterion_main};
use hexforge_rules::changing_lines::deck::{Deck, DeckName};
use hexforge_rules::changing_lines::pathways::{self, Mode};
use hexforge_rules::core::deck::CardSet;
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::core::trigram::Trigram;
use hexforge_rules::zhi_pai::{self as zhipai, Budget, Outcome, Setup, TrigramSet, Tuning, search_tuned};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// 1,000 reproducible restricted questions.
fn restricted_questions() -> Vec<Setup> {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    (0..1000)
        .map(|_| {
            let start = Hexagram::from_number(rng.random_range(1..=64)).unwrap();
            let mut others: Vec<i64> =
                Hexagram::all().filter(|&h| h != start && h != start.complement()).map(|h| h.number().into()).collect();
            others.shuffle(&mut rng);
            let size = rng.random_range(6..=16);
            let available = CardSet::from_numbers(&others[..size]).unwrap();
            let mut trigrams = Trigram::ALL.to_vec();
            trigrams.shuffle(&mut rng);
            let active: TrigramSet = trigrams[..rng.random_range(0..=2)].iter().copied().collect();
            Setup::with_available(start, available, active).unwrap()
        })
        .collect()
}

/// Median and 90th percentile of one call each, best of a few repetitions.
fn per_question(label: &str, mut calls: Vec<Box<dyn FnMut() + '_>>) {
    let mut times: Vec<Duration> = calls
        .iter_mut()
        .map(|call| {
            (0..5)
                .map(|_| {
                    let t = Instant::now();
                    call();
                    t.elapsed()
                })
                .min()
                .unwrap()
        })
        .collect();
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    eprintln!("{label}: {} questions, median {:?}, p90 {:?}, max {:?}", times.len(), at(0.5), at(0.9), at(1.0));
}

fn zhipai_benches(c: &mut Criterion) {
    c.bench_function("zhipai/full deck, all 64 starts", |b| {
        b.iter(|| {
            for start in Hexagram::all() {
                black_box(zhipai::shortest(&Setup::new(start)).unwrap());
            }
        })
    });
    let questions = restricted_questions();
    c.bench_function("zhipai/1000 restricted questions", |b| {
        b.iter(|| {
            for setup in &questions {
                black_box(zhipai::shortest(setup).unwrap());
            }
        })
    });
    per_question(
        "zhipai restricted, per question",
        questions
            .iter()
            .map(|s| {
                Box::new(move || {
                    black_box(zhipai::shortest(s).unwrap());
                }) as Box<dyn FnMut()>
            })
            .collect(),
    );
}

fn pathways_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("pathways/all 4096 pairs");
    for name in DeckName::ALL {
        let deck = Deck::named(name);
        for mode in Mode::ALL {
            group.bench_function(format!("{name} {mode}"), |b| {
                b.iter(|| {
                    for from in Hexagram::all() {
                        for to in Hexagram::all() {
                            black_box(pathways::shortest(from, to, &deck, mode));
                        }
                    }
                })
            });
            let pairs: Vec<(Hexagram, Hexagram)> =
                Hexagram::all().flat_map(|a| Hexagram::all().map(move |b| (a, b))).collect();
            per_question(
                &format!("pathways {name} {mode}, per question"),
                pairs
                    .iter()
                    .map(|&(a, b)| {
                        Box::new(move || {
                            black_box(pathways::shortest(a, b, &deck, mode));
                        }) as Box<dyn FnMut()>
                    })
                    .collect(),
            );
        }
    }
    group.finish();
}

fn zhipai_hard_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("zhipai/hard");
    for question in zhipai::HARD_QUESTIONS {
        let (name, setup) = (question.name, question.setup());
        let (outcome, effort) = search_tuned(&setup, &Budget::default(), Tuning::default());
        let answer = match outcome {
            Outcome::Optimal(s) => format!("{} cards", s.sequence.len()),
            Outcome::Impossible => "impossible".to_string(),
            Outcome::Unknown { lower_bound, .. } => format!("undecided, at least {lower_bound} cards"),
        };
        eprintln!("{name}: {answer}, {effort:?}");
        group.bench_function(name, |b| b.iter(|| black_box(zhipai::search(&setup, &Budget::default()))));
    }
    // The relaxed game's largest build: 61 cards, forced from the first position.
    let near_full = Setup::with_available(
        Hexagram::from_number(1).unwrap(),
        CardSet::from_mask(Setup::new(Hexagram::from_number(1).unwrap()).available.mask() & !(1 << 2)),
        TrigramSet::EMPTY,
    )
    .unwrap();
    group.bench_function("near-full deck, relaxed game from the start", |b| {
        b.iter(|| {
            black_box(search_tuned(&near_full, &Budget::default(), Tuning { relax_after: Some(0), ..Tuning::PLAIN }))
        })
    });
    group.finish();
}

/// Issue 13: generating any one puzzle from its id takes at most 50 ms.
fn puzzle_benches(c: &mut Criterion) {
    use hexforge_rules::puzzles::{Puzzle, PuzzleId};
    for game in ["pathways", "zhipai", "solitaire"] {
        let ids: Vec<PuzzleId> = (1..=100).map(|n| format!("{game}-{n}").parse().unwrap()).collect();
        let mut slowest = std::time::Duration::ZERO;
        for id in &ids {
            let began = std::time::Instant::now();
            black_box(Puzzle::from_id(id));
            slowest = slowest.max(began.elapsed());
        }
        eprintln!("{game}-1 … {game}-100: slowest {slowest:?}");
        c.bench_function(&format!("puzzles/{game} (ids 1 … 100, each)"), |b| {
            let mut next = ids.iter().cycle();
            b.iter(|| black_box(Puzzle::from_id(next.next().unwrap())))
        });
    }
}

criterion_group!(benches, zhipai_benches, zhipai_hard_benches, pathways_benches, puzzle_benches);
criterion_main!(benches);
