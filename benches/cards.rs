//! Card rendering costs: one SVG from the template, one PNG at 300 dpi, and the A4
//! home-print PDF of the Changing Lines deck.
//!
//! `cargo bench --bench cards`

use criterion::{Criterion, criterion_group, criterion_main};
use hexforge::cards::sheet;
use hexforge::cards::{self, Face, Lang};
use hexforge::games::decks;
use hexforge::print::paper::Paper;
use hexforge::print::render;

fn bench(c: &mut Criterion) {
    let face: Face = "12".parse().unwrap();
    c.bench_function("changing-lines card svg", |b| {
        b.iter(|| cards::card_svg(decks::CHANGING_LINES, &face, Lang::En).unwrap())
    });
    let svg = cards::card_svg(decks::CHANGING_LINES, &face, Lang::En).unwrap();
    c.bench_function("changing-lines card png 300 dpi", |b| b.iter(|| render::svg_to_png(&svg, 300.0).unwrap()));

    let deck = decks::CHANGING_LINES;
    let trees: Vec<(Face, usvg::Tree)> = deck
        .faces()
        .into_iter()
        .map(|f| (f, render::svg_tree(&cards::card_svg(deck, &f, Lang::En).unwrap(), 72.0).unwrap()))
        .collect();
    let tree = |f: &Face| &trees.iter().find(|(g, _)| g == f).unwrap().1;
    let pairs: Vec<_> = deck.print_pairs().iter().map(|(a, b)| (tree(a), tree(b))).collect();
    let mut group = c.benchmark_group("sheets");
    group.sample_size(10);
    group.bench_function("changing-lines a4 pdf", |b| {
        b.iter(|| sheet::home_print_pdf(&pairs, Paper::A4, "Changing Lines", sheet::Duplex::default()).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
