//! Reading cards back from photos: a deterministic sample of the corpus the tests draw
//! themselves (`tests/photo_corpus/`), the errors, the CLI and the HTTP route.
//!
//! The whole corpus (every card, both ways up, every font) and the figures of docs/photo.md come
//! from `cargo run --release --example photo_corpus`.

use crate::outside_tool;
use crate::photo_corpus;
use crate::temp_dir;

use axum::body::{Body, Bytes};
use axum::http::{Request, StatusCode, header};
use hexforge::http::{AppState, PHOTO_BODY_LIMIT, app};
use hexforge::photo::{PhotoError, verify_photo};
use hexforge_rules::core::card::Orientation;
use image::{Rgb, RgbImage};
use photo_corpus::*;
use rand::{Rng, SeedableRng};
use std::process::Command;
use tower::ServiceExt;

/// Cards the sample covers: the four Double Mirrors, cards whose numbers carry the turn
/// underline (6, 9, 19, 61 among their neighbours), and a spread of the rest.
const SAMPLE: [u8; 12] = [1, 2, 5, 12, 17, 29, 30, 33, 41, 48, 55, 64];

fn read(bytes: &[u8]) -> hexforge::photo::PhotoReport {
    verify_photo(bytes).unwrap_or_else(|e| panic!("not read: {e}"))
}

#[test]
fn clean_renders_read_every_number_of_both_readings() {
    for n in SAMPLE {
        let report = read(&png(&changing_lines_card(n, None)));
        let tally = score(&report, &changing_lines_truth(n, None), None);
        assert_eq!(tally.right, 12, "card {n}: {tally:?}\n{report:?}");
        assert_eq!(report.readings.len(), 2, "card {n}");
        // The dark reading first, and it is the card's own hexagram.
        assert_eq!((report.readings[0].hexagram, report.readings[0].orientation), (n, Some(Orientation::Dark)));
        assert!(report.all_ok());
    }
}

#[test]
fn photos_are_read_and_nothing_is_misread() {
    let mut total = Tally::default();
    for (i, n) in SAMPLE.into_iter().enumerate() {
        let params = PhotoParams::from_seed(100 + i as u64);
        let bytes = photograph(&changing_lines_card(n, None), &params, 100 + i as u64);
        let tally = match verify_photo(&bytes) {
            Ok(report) => score(&report, &changing_lines_truth(n, None), None),
            Err(e) => panic!("card {n} ({params:?}) not read: {e}"),
        };
        assert_eq!(tally.misread, 0, "card {n} {params:?}: {tally:?}");
        total.add(tally);
    }
    // The underlined numbers (6, 9, 16, 19, 60, 61) are read too: cut at the card's height.
    assert!(total.right * 100 >= total.numbers * 99, "{total:?}");
}

#[test]
fn a_misprinted_number_is_caught_in_a_photo() {
    let mut total = Tally::default();
    for (i, n) in SAMPLE.into_iter().enumerate() {
        let m = misprint_for(n, 11);
        let params = PhotoParams::from_seed(300 + i as u64);
        let bytes = photograph(&changing_lines_card(n, Some(m)), &params, 300 + i as u64);
        let report = read(&bytes);
        let tally = score(&report, &changing_lines_truth(n, Some(m)), Some(misprint_index(&m)));
        assert_eq!(tally.misread, 0, "card {n} {m:?}: {tally:?}");
        assert!(!report.all_ok(), "card {n}: a misprinted card never passes");
        total.add(tally);
    }
    assert_eq!(total.misprints, SAMPLE.len());
    assert_eq!(total.misprints_caught, total.misprints, "{total:?}");
}

/// Regression (issue 16): misprinted hexforge cards the reader once missed. Two "18"s
/// and a "16" whose blurred "1" was too wide for its reference and was cut in two
/// (cards 28 and 62), and an "18" whose "1" led the expected "4" by less than the
/// margin (card 15). The seeds are the full corpus's (`examples/photo_corpus.rs`).
#[test]
fn misprinted_18s_and_16_of_the_corpus_are_caught() {
    for n in [15u8, 28, 62] {
        let m = misprint_for(n, 7);
        let seed = 5000 + u64::from(n);
        let bytes = photograph(&changing_lines_card(n, Some(m)), &PhotoParams::from_seed(seed), seed);
        let report = read(&bytes);
        let tally = score(&report, &changing_lines_truth(n, Some(m)), Some(misprint_index(&m)));
        assert_eq!(tally.misread, 0, "card {n} {m:?}: {tally:?}");
        assert_eq!(tally.misprints_caught, 1, "card {n} {m:?}: {tally:?}\n{report:?}");
    }
}

/// Regression (issue 16): a URW Gothic "45" (a font the references were not drawn
/// from) was read as 46: its round "5" scored 0.72 as a "6". A "6" has a hole and a
/// "5" none, so it is not read as one. The card is the full corpus's.
#[test]
fn a_urw_gothic_45_is_never_read_as_46() {
    let Some(font) = available_other_fonts().into_iter().find(|f| f.family == "URW Gothic") else {
        outside_tool::missing(
            "the font URW Gothic",
            "apt-get install fonts-urw-base35",
            ".ci/run installs fonts-urw-base35",
        );
        return;
    };
    // Card 12 as the corpus draws it in URW Gothic: line 1 misprinted (26 for 25);
    // line 6 carries the 45.
    let (n, f) = (12u8, 6u64);
    let right = hexforge_rules::core::hexagram::Hexagram::from_number(12).unwrap().neighbours()[0].number();
    let (card, truth) = other_maker_card(n, &font, 0, Some((1, right + 1)));
    assert_eq!(truth.printed[5], 45, "the card of the bug");
    let seed = 9000 + u64::from(n) * 16 + f + 7;
    let report = read(&photograph(&card, &PhotoParams { turned: false, ..PhotoParams::from_seed(seed) }, seed));
    let tally = score(&report, &[truth], Some((0, 1)));
    assert_eq!(tally.misread, 0, "{tally:?}\n{report:?}");
    assert_ne!(report.readings[0].lines[5].read, Some(46));
    assert!(!report.all_ok(), "a misprinted card never passes");
}

#[test]
fn cards_of_another_maker_in_fonts_the_reader_has_no_references_for() {
    let fonts = available_other_fonts();
    if fonts.len() < OTHER_FONTS.len() {
        // Under CI a missing font fails here; outside it, the test runs with the fonts it has.
        outside_tool::missing(
            "a Liberation or URW font",
            "apt-get install fonts-liberation fonts-urw-base35",
            ".ci/run installs fonts-liberation and fonts-urw-base35",
        );
    }
    if fonts.is_empty() {
        return;
    }
    let (mut clean_total, mut photos) = (Tally::default(), Tally::default());
    for (f, font) in fonts.iter().enumerate() {
        for (k, n) in [3u8, 24, 50].into_iter().enumerate() {
            let style = ((f + k) % 2) as u8;
            let (card, truth) = other_maker_card(n, font, style, None);
            let report = read(&png(&card));
            let clean = score(&report, std::slice::from_ref(&truth), None);
            assert_eq!(clean.misread, 0, "{} {} card {n} style {style}: {report:?}", font.family, font.weight);
            clean_total.add(clean);
            assert_eq!(report.readings[0].orientation, None, "one reading: no orientation to tell");
            let seed = 700 + (f * 3 + k) as u64;
            let params = PhotoParams { turned: false, ..PhotoParams::from_seed(seed) };
            let tally = score(&read(&photograph(&card, &params, seed)), &[truth], None);
            assert_eq!(tally.misread, 0, "{} card {n}: {tally:?}", font.family);
            photos.add(tally);
        }
    }
    // Fonts the references were not drawn from: some digits are not read, none misread
    // here (the whole corpus, docs/photo.md: 97 % and 96 % read; 77 % and 72 % before the
    // blurred references and the expected number).
    assert!(clean_total.right * 100 >= clean_total.numbers * 92, "{clean_total:?}");
    assert!(photos.right * 100 >= photos.numbers * 90, "{photos:?}");
}

#[test]
fn a_scanned_sheet_gives_every_card_in_reading_order() {
    let cards: Vec<u8> = vec![12, 29, 64, 7, 1, 53];
    let images: Vec<RgbImage> = cards.iter().map(|&n| changing_lines_card(n, None)).collect();
    let report = read(&png(&sheet(&images, 3)));
    let dark: Vec<u8> =
        report.readings.iter().filter(|r| r.orientation == Some(Orientation::Dark)).map(|r| r.hexagram).collect();
    assert_eq!(dark, cards);
    assert_eq!(report.readings.len(), 12);
    assert!(report.all_ok(), "{report:?}");
}

#[test]
fn images_without_a_readable_card_say_why() {
    let blank = RgbImage::from_pixel(400, 300, Rgb([240, 240, 235]));
    assert_eq!(verify_photo(&png(&blank)), Err(PhotoError::NoCard));
    // Three bars: bar-like, but no hexagram.
    let mut bars = blank.clone();
    for k in 0..3u32 {
        imageproc::drawing::draw_filled_rect_mut(
            &mut bars,
            imageproc::rect::Rect::at(100, 60 + 40 * k as i32).of_size(200, 20),
            Rgb([20, 20, 20]),
        );
    }
    let err = verify_photo(&png(&bars)).unwrap_err();
    assert!(matches!(err, PhotoError::LinesNotFound { bars: 3, largest_stack: 3 }), "{err}");
    assert!(err.to_string().starts_with("lines not found"));
    // The whole card at 40 dpi: lines about 5 px thick.
    let small =
        image::imageops::resize(&changing_lines_card(12, None), 109, 148, image::imageops::FilterType::Triangle);
    let mut framed = RgbImage::from_pixel(200, 220, Rgb([250, 250, 250]));
    image::imageops::overlay(&mut framed, &small, 40, 30);
    let err = verify_photo(&png(&framed)).unwrap_err();
    assert!(err.to_string().starts_with("image too small"), "{err}");
    // A hexagram with no numbers beside it: the back's emblem is not a card front.
    let mut emblem = blank.clone();
    for k in 0..6u32 {
        imageproc::drawing::draw_filled_rect_mut(
            &mut emblem,
            imageproc::rect::Rect::at(100, 40 + 36 * k as i32).of_size(200, 18),
            Rgb([20, 20, 20]),
        );
    }
    assert_eq!(verify_photo(&png(&emblem)), Err(PhotoError::NoNumbers));
}

#[test]
fn random_bytes_and_truncated_images_are_errors_never_panics() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(16);
    let card = png(&changing_lines_card(12, None));
    let photo = photograph(&changing_lines_card(12, None), &PhotoParams::from_seed(1), 1);
    for _ in 0..40 {
        let len = rng.random_range(0..2000);
        let noise: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        assert!(verify_photo(&noise).is_err());
        for source in [&card, &photo] {
            let cut = rng.random_range(0..source.len());
            let _ = verify_photo(&source[..cut]);
            let mut flipped = source.clone();
            let at = rng.random_range(0..flipped.len());
            flipped[at] ^= 0x5a;
            let _ = verify_photo(&flipped);
        }
    }
}

// ---------------------------------------------------------------- the command line

fn hexforge(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_hexforge")).args(args).output().expect("the binary runs")
}

#[test]
fn the_command_exits_0_1_2_and_prints_the_public_json() {
    let dir = temp_dir::TempDir::new("photo-cli");
    let good = dir.0.join("card-12.png");
    std::fs::write(&good, png(&changing_lines_card(12, None))).unwrap();
    let out = hexforge(&["verify-photo", "--json", good.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["readings"][0]["hexagram"], 12);
    assert_eq!(v["readings"][0]["orientation"], "dark");
    assert_eq!(v["readings"][0]["lines"][1], serde_json::json!({"line": 2, "read": 6, "expected": 6, "status": "ok"}));
    assert_eq!(v["readings"][1]["hexagram"], 11);
    assert_eq!(v.as_object().unwrap().len(), 1, "only `readings`");

    let m = Misprint { orientation: Orientation::Dark, line: 2, printed: 7 };
    let bad = dir.0.join("misprint.png");
    std::fs::write(&bad, png(&changing_lines_card(12, Some(m)))).unwrap();
    let out = hexforge(&["verify-photo", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("line 2:  7  WRONG, should be 6"), "{text}");

    let junk = dir.0.join("notes.txt");
    std::fs::write(&junk, "not a photo").unwrap();
    let out = hexforge(&["verify-photo", junk.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("notes.txt") && err.contains("PNG or JPEG"), "{err}");
    assert_eq!(hexforge(&["verify-photo", "/no/such/file.jpg"]).status.code(), Some(2));
}

// ---------------------------------------------------------------- the HTTP route

async fn post_photo(content_type: &str, body: Body) -> (StatusCode, serde_json::Value) {
    let request =
        Request::post("/api/neighbours/verify-photo").header(header::CONTENT_TYPE, content_type).body(body).unwrap();
    let response = app(AppState::default()).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
    let json = serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{status}: not JSON ({e})"));
    (status, json)
}

#[tokio::test]
async fn the_route_answers_the_same_json_as_the_command() {
    let m = Misprint { orientation: Orientation::Light, line: 5, printed: 40 };
    let bytes = photograph(&changing_lines_card(12, Some(m)), &PhotoParams::from_seed(2), 2);
    let (status, v) = post_photo("image/jpeg", Body::from(bytes.clone())).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let expected = serde_json::to_value(verify_photo(&bytes).unwrap()).unwrap();
    assert_eq!(v, expected);
    let light = v["readings"].as_array().unwrap().iter().find(|r| r["orientation"] == "light").expect("light reading");
    assert_eq!(light["lines"][4]["status"], "mismatch");
    assert_eq!(light["lines"][4]["read"], 40);
}

#[tokio::test]
async fn the_route_refuses_what_it_cannot_read_with_json_4xx() {
    let card = png(&changing_lines_card(12, None));
    let (status, v) = post_photo("text/plain", Body::from(card.clone())).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(v["error"].as_str().unwrap().contains("image/png or image/jpeg"), "{v}");
    let (status, v) = post_photo("image/png", Body::from("not a png")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    let blank = png(&RgbImage::from_pixel(300, 300, Rgb([250, 250, 250])));
    let (status, v) = post_photo("image/png", Body::from(blank)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap().starts_with("no card found"), "{v}");
    // Over 8 MB, declared and streamed.
    let big = vec![0u8; PHOTO_BODY_LIMIT + 1];
    let (status, v) = post_photo("image/jpeg", Body::from(big.clone())).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(v["error"].as_str().unwrap().contains("8 MB"), "{v}");
    let stream = futures_stream(big);
    let (status, v) = post_photo("image/jpeg", stream).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    // A PNG header claiming 60000 x 60000 px: refused before decoding.
    let mut bomb = card.clone();
    bomb[16..20].copy_from_slice(&60_000u32.to_be_bytes());
    bomb[20..24].copy_from_slice(&60_000u32.to_be_bytes());
    let crc = crc32fast::hash(&bomb[12..29]);
    bomb[29..33].copy_from_slice(&crc.to_be_bytes());
    let (status, v) = post_photo("image/png", Body::from(bomb)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    // Random bytes and cut images: 4xx, never 5xx.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    for _ in 0..12 {
        let cut = rng.random_range(0..card.len());
        for (ct, body) in
            [("image/png", card[..cut].to_vec()), ("image/jpeg", (0..cut % 3000).map(|_| rng.random()).collect())]
        {
            let (status, v) = post_photo(ct, Body::from(body)).await;
            assert!(status.is_client_error(), "{status} {v}");
            assert!(v["error"].is_string());
        }
    }
}

/// A body without a declared length.
fn futures_stream(bytes: Vec<u8>) -> Body {
    use http_body_util::{BodyDataStream, Full};
    Body::from_stream(BodyDataStream::new(Full::new(Bytes::from(bytes))))
}
