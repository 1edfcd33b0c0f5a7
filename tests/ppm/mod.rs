//! pdftoppm's binary output, read: a PPM ("P6", RGB) or with `-gray` a PGM ("P5", grey),
//! each a magic word, width, height and 255, each followed by one whitespace byte, then the
//! pixels.

#![allow(dead_code)] // each test binary reads one of the two

/// The width, height and where the pixels start, of a binary PNM whose magic word is `magic`.
fn header(data: &[u8], magic: &str) -> (usize, usize, usize) {
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while data[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !data[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&data[start..at]).into_owned());
    }
    assert_eq!(fields[0], magic, "a binary {magic} image");
    (fields[1].parse().unwrap(), fields[2].parse().unwrap(), at + 1)
}

/// A binary PPM as (width, height, RGB bytes, three a pixel).
pub fn ppm(data: &[u8]) -> (usize, usize, Vec<u8>) {
    let (w, h, at) = header(data, "P6");
    (w, h, data[at..at + w * h * 3].to_vec())
}

/// A binary PGM as (width, height, grey bytes, one a pixel).
pub fn pgm(data: &[u8]) -> (usize, usize, Vec<u8>) {
    let (w, h, at) = header(data, "P5");
    (w, h, data[at..at + w * h].to_vec())
}
