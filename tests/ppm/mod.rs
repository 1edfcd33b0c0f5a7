//! pdftoppm's binary PPM output, read: "P6", width, height and 255, each followed by one
//! whitespace byte, then the RGB pixels.

/// A binary PPM as (width, height, RGB bytes, three a pixel).
pub fn ppm(data: &[u8]) -> (usize, usize, Vec<u8>) {
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
    assert_eq!(fields[0], "P6", "a binary PPM");
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    (w, h, data[at + 1..at + 1 + w * h * 3].to_vec())
}
