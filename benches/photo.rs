//! Reading a card from a photo: a simulated phone photo (JPEG, 590x750 px), a clean
//! 150 dpi render, a 12-megapixel photo (scaled down before reading), and a scanned
//! sheet of six cards. docs/photo.md's "time per card photo" is the first.
//!
//! `cargo bench --bench photo`

#[path = "../tests/photo_corpus/mod.rs"]
mod photo_corpus;

use criterion::{Criterion, criterion_group, criterion_main};
use hexforge::photo::verify_photo;
use photo_corpus::*;

fn bench(c: &mut Criterion) {
    let card = changing_lines_card(12, None);
    let photo = photograph(&card, &PhotoParams::from_seed(3), 3);
    let clean = png(&card);
    // A phone's 12 MP frame: the same card, four times larger in each direction.
    let big =
        image::imageops::resize(&card, card.width() * 4, card.height() * 4, image::imageops::FilterType::Triangle);
    let big_photo = photograph(&big, &PhotoParams::from_seed(3), 3);
    let sheet = png(&sheet(&[12u8, 29, 64, 7, 1, 53].map(|n| changing_lines_card(n, None)), 3));
    // Warm the digit references once, as a running server would have.
    verify_photo(&clean).expect("readable");
    c.bench_function("verify-photo card photo (jpeg)", |b| b.iter(|| verify_photo(&photo).expect("readable")));
    c.bench_function("verify-photo clean card 150 dpi (png)", |b| b.iter(|| verify_photo(&clean).expect("readable")));
    let mut group = c.benchmark_group("large");
    group.sample_size(10);
    group.bench_function("verify-photo 12 MP photo (jpeg)", |b| b.iter(|| verify_photo(&big_photo).expect("readable")));
    group.bench_function("verify-photo sheet of six cards (png)", |b| {
        b.iter(|| verify_photo(&sheet).expect("readable"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
