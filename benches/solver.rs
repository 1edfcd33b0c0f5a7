//! Solver costs: all 64 Zhi Pai starts on the full deck; 1,000 random restricted Zhi Pai
//! questions (6-16 available cards, 0-2 active trigram cards); every Pathways pair for
//! each deck and orientation mode. Besides criterion's figures for each batch, the
//! per-question median and 90th percentile of the restricted Zhi Pai questions and of
//! the Pathways questions are printed, since the targets are per question.
//!
//! `cargo bench --bench solver`

use criterion::{Criterion, criterion_group, criterion_main};
use hexforge::core::deck::CardSet;
use hexforge::core::hexagram::Hexagram;
use hexforge::core::trigram::Trigram;
use hexforge::games::changing_lines::deck::{Deck, DeckName};
use hexforge::games::changing_lines::pathways::{self, Mode};
use hexforge::games::zhi_pai::{self as zhipai, Setup, TrigramSet};
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

criterion_group!(benches, zhipai_benches, pathways_benches);
criterion_main!(benches);
