//! Reading the number printed beside each line of a stack.
//!
//! For each line, the strip beside its outer end is resampled into a straight crop in
//! which the line is [`CROP_THICKNESS_PX`] thick, whatever the photo's scale and tilt.
//! The crop is thresholded halfway between its paper and its darkest ink (so light ink
//! reads as well as dark), and the blobs nearest the line, close together, are the
//! number. Underlines (hexforge marks 6, 9, 16, 19, 60 and 61 that way) are cut off by
//! the height that the numbers of the same card share. Each digit is then compared on
//! its own ([`super::digits`]), and [`decide`] makes the number, knowing the number
//! expected there: a number is read only when every digit is.

use super::digits::{self, DigitRead};
use super::page::Page;
use super::stack::{Stack, Vec2};

/// The crop's scale: the line's thickness in crop pixels.
const CROP_THICKNESS_PX: f32 = 24.0;
/// How far from the line's end the number is looked for, as a fraction of its length.
const REACH: f32 = 0.6;
/// A digit that differs from the expected digit must beat it by this much correlation.
pub const MISMATCH_LEAD: f32 = 0.10;
/// A digit whose closest digit is the expected one is confirmed with this lead (less
/// than [`digits::MIN_MARGIN`], which a digit needs to be read without expectation).
pub const CONFIRM_MARGIN: f32 = 0.03;
/// A cut between two digits run together crosses at most this many rows of ink more
/// than the thinnest column does.
const CUT_SLACK_ROWS: usize = 2;
/// A crop whose darkest ink is closer to its paper than this holds no number.
const MIN_CONTRAST: f32 = 0.15;

/// Which end of the lines the numbers are read at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Left of the lines, upright: the reading of the card as it lies.
    Left,
    /// Right of the lines, upside down: the reading of the card turned 180°.
    Right,
}

/// The numbers of one reading.
#[derive(Debug, Clone, PartialEq)]
pub struct SideReading {
    /// Lines 1..6 of this reading (bottom to top as it reads); None when unreadable.
    pub numbers: [Option<u8>; 6],
    /// How many lines had something number-like beside them.
    pub found: usize,
    /// The darkest ink of the numbers relative to paper (0 black, 1 paper), median.
    pub ink: f32,
    /// Every digit's comparison, per line, for calibration and diagnostics.
    pub digit_reads: [Vec<DigitRead>; 6],
    /// Why each number that was not read was not read (diagnostics only).
    pub why: [Option<Unread>; 6],
}

/// Why a number was left unreadable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Unread {
    /// No number-like ink beside the line.
    NoInk,
    /// A blob a little too far off to belong to the number, or too close to be apart.
    StrayBlob,
    /// Taller than the card's other numbers, and nothing left once cut to their height.
    UnderlineCut,
    /// One part wider than two digits.
    TooWide,
    /// A digit's best score was too low.
    LowScore,
    /// A digit's best digit did not lead the next one enough.
    LowMargin,
    /// A digit's width did not match its best reference.
    WrongWidth,
    /// A digit's holes did not match its best reference ("5" has none, "6" one).
    WrongHoles,
    /// Read as another number than expected, but a differing digit hardly beats the
    /// expected digit: not a clear misprint, so not read.
    NearExpected,
    /// A part could not be cut into digits, or no descriptor.
    NoShape,
    /// More than two digits, a leading zero or a value outside 1..=64.
    NotANumber,
}

/// A resampled strip beside one line, the line to its right.
struct Crop {
    width: usize,
    height: usize,
    values: Vec<f32>,
}

/// One blob of ink in a crop.
#[derive(Debug, Clone, Copy)]
struct Blob {
    label: u32,
    left: usize,
    right: usize,
    top: usize,
    bottom: usize,
    area: usize,
}

/// The blobs that make the number, with the crop's paper and ink levels.
struct Group {
    blobs: Vec<Blob>,
    labels: Vec<u32>,
    top: usize,
    bottom: usize,
    paper: f32,
    ink: f32,
}

impl Group {
    fn height(&self) -> usize {
        self.bottom - self.top + 1
    }
}

/// Reads the six numbers of one side of a stack; `expected` are the numbers the
/// reading's hexagram should carry beside lines 1..6 (see [`decide`] for their use).
pub fn read_side(page: &Page, stack: &Stack, side: Side, expected: [u8; 6]) -> SideReading {
    // Line i of the reading, as an index into the stack's top-to-bottom lines.
    let index = |line: usize| match side {
        Side::Left => 6 - line,
        Side::Right => line - 1,
    };
    let crops: Vec<Crop> = (1..=6).map(|line| crop(page, stack, index(line), side)).collect();
    let groups: Vec<Result<Group, Unread>> = crops.iter().map(|c| find_group(c, None)).collect();
    let mut heights: Vec<usize> = groups.iter().flatten().map(Group::height).collect();
    heights.sort_unstable();
    let mut reading = SideReading {
        numbers: [None; 6],
        found: heights.len(),
        ink: 1.0,
        digit_reads: Default::default(),
        why: [None; 6],
    };
    if heights.is_empty() {
        return reading;
    }
    // The numbers of one card share their height; anything taller carries an underline
    // (or a smudge) below the digits, which are cut back to the shared height.
    let shared = heights[(heights.len() - 1) / 2];
    let mut inks = Vec::new();
    for (i, (crop, group)) in crops.iter().zip(groups).enumerate() {
        let mut group = match group {
            Ok(group) => group,
            Err(why) => {
                reading.why[i] = Some(why);
                continue;
            }
        };
        if group.height() >= shared + 2 {
            let limit = group.top + shared - 1;
            match find_group(crop, Some((group.top, limit))) {
                Ok(g) => group = g,
                Err(_) => {
                    reading.why[i] = Some(Unread::UnderlineCut);
                    continue;
                }
            }
        }
        inks.push(group.ink);
        match read_number(crop, &group, expected[i], &mut reading.digit_reads[i]) {
            Ok(n) => reading.numbers[i] = Some(n),
            Err(why) => reading.why[i] = Some(why),
        }
    }
    inks.sort_by(f32::total_cmp);
    reading.ink = inks.get(inks.len() / 2).copied().unwrap_or(1.0);
    reading
}

/// The strip beside line `index` (top to bottom in the image), turned so that the line
/// lies to the right of the crop and the number reads upright.
fn crop(page: &Page, stack: &Stack, index: usize, side: Side) -> Crop {
    let line = &stack.lines[index];
    let scale = CROP_THICKNESS_PX / stack.thickness;
    let (end, along, down) = match side {
        Side::Left => (line.left, stack.along, stack.down),
        Side::Right => (line.right, Vec2::new(-stack.along.x, -stack.along.y), Vec2::new(-stack.down.x, -stack.down.y)),
    };
    // Start a little off the line's end, so the line's own blurred edge stays out.
    let margin = 0.2 * stack.thickness;
    let width = (REACH * stack.length * scale).ceil() as usize;
    let height = (stack.pitch * scale).ceil().max(CROP_THICKNESS_PX * 1.2) as usize;
    let mut values = Vec::with_capacity(width * height);
    for j in 0..height {
        let across = (j as f32 + 0.5 - height as f32 / 2.0) / scale;
        for i in 0..width {
            let outward = margin + (width as f32 - i as f32 - 0.5) / scale;
            let p = end.plus(along, -outward).plus(down, across);
            values.push(page.sample(p.x, p.y));
        }
    }
    Crop { width, height, values }
}

fn quantile(values: &[f32], q: f32) -> f32 {
    let mut v = values.to_vec();
    let k = ((v.len() - 1) as f32 * q) as usize;
    *v.select_nth_unstable_by(k, f32::total_cmp).1
}

/// The number-like blobs nearest the line's end, or why there are none.
/// `rows` limits the search to rows `rows.0 ..= rows.1`.
fn find_group(crop: &Crop, rows: Option<(usize, usize)>) -> Result<Group, Unread> {
    let (w, h) = (crop.width, crop.height);
    let paper = quantile(&crop.values, 0.85);
    let ink = quantile(&crop.values, 0.01);
    if paper - ink < MIN_CONTRAST {
        return Err(Unread::NoInk);
    }
    let threshold = ink + 0.5 * (paper - ink);
    let (r0, r1) = rows.unwrap_or((0, h - 1));
    let dark = |x: usize, y: usize| y >= r0 && y <= r1 && crop.values[y * w + x] < threshold;
    let mut labels = vec![0u32; w * h];
    let mut blobs = Vec::new();
    let mut queue = Vec::new();
    for start in 0..w * h {
        if labels[start] != 0 || !dark(start % w, start / w) {
            continue;
        }
        let label = blobs.len() as u32 + 1;
        let mut blob = Blob { label, left: w, right: 0, top: h, bottom: 0, area: 0 };
        labels[start] = label;
        queue.push(start);
        while let Some(p) = queue.pop() {
            let (x, y) = (p % w, p / w);
            blob.left = blob.left.min(x);
            blob.right = blob.right.max(x);
            blob.top = blob.top.min(y);
            blob.bottom = blob.bottom.max(y);
            blob.area += 1;
            for (dx, dy) in [(-1i32, -1i32), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                if nx < 0 || ny < 0 || nx >= w as i32 || ny >= h as i32 {
                    continue;
                }
                let q = ny as usize * w + nx as usize;
                if labels[q] == 0 && dark(nx as usize, ny as usize) {
                    labels[q] = label;
                    queue.push(q);
                }
            }
        }
        blobs.push(blob);
    }
    let t = CROP_THICKNESS_PX;
    let centre = h as f32 / 2.0;
    let mut candidates: Vec<Blob> = blobs
        .into_iter()
        .filter(|b| {
            let (bw, bh) = ((b.right - b.left + 1) as f32, (b.bottom - b.top + 1) as f32);
            let middle = (b.top + b.bottom) as f32 / 2.0;
            let flat = bh < 0.25 * t && bh <= 0.35 * bw;
            b.area as f32 >= 0.02 * t * t
                && bh >= 0.25 * t
                && !flat
                // Not cut by the crop's edges: that is the line itself or a neighbour's text.
                && b.right < w - 1
                && b.top > 0
                && b.bottom < h - 1
                && (middle - centre).abs() <= 0.3 * h as f32
        })
        .collect();
    candidates.sort_by_key(|b| std::cmp::Reverse(b.right));
    let first = *candidates.first().ok_or(Unread::NoInk)?;
    let mut group = vec![first];
    let (mut left, mut top, mut bottom) = (first.left, first.top, first.bottom);
    for b in candidates.iter().skip(1) {
        let height = (bottom - top + 1) as f32;
        let overlap = bottom.min(b.bottom) as f32 - top.max(b.top) as f32;
        let smaller = (b.bottom - b.top).min(bottom - top) as f32;
        // Digits are closer than a digit's height (a serif "1" has wide margins); a
        // blob a little further off makes the number ambiguous, so it is not read.
        let gap = left as f32 - b.right as f32;
        if gap <= 0.9 * height && overlap >= 0.5 * smaller {
            group.push(*b);
            left = left.min(b.left);
            top = top.min(b.top);
            bottom = bottom.max(b.bottom);
        } else if b.right < left {
            if gap <= 1.6 * height && overlap >= 0.5 * smaller {
                return Err(Unread::StrayBlob);
            }
            break;
        }
    }
    group.sort_by_key(|b| b.left);
    Ok(Group { blobs: group, labels, top, bottom, paper, ink })
}

/// Reads the number of a group: one or two digits, 1..=64, or why not.
fn read_number(crop: &Crop, group: &Group, expected: u8, log: &mut Vec<DigitRead>) -> Result<u8, Unread> {
    let height = group.height();
    // Blobs that overlap across most of the narrower one are pieces of one digit.
    let mut parts: Vec<(usize, usize, Vec<u32>)> = Vec::new();
    for b in &group.blobs {
        if let Some(last) = parts.last_mut() {
            let overlap = last.1.min(b.right) as f32 - last.0.max(b.left) as f32;
            if overlap >= 0.5 * (b.right - b.left).min(last.1 - last.0) as f32 {
                last.0 = last.0.min(b.left);
                last.1 = last.1.max(b.right);
                last.2.push(b.label);
                continue;
            }
        }
        parts.push((b.left, b.right, vec![b.label]));
    }
    let contrast = (group.paper - group.ink).max(1e-3);
    let read_part = |left: usize, right: usize, labels: &[u32]| -> Option<DigitRead> {
        let width = right - left + 1;
        let mut ink = vec![0f32; width * height];
        for y in group.top..=group.bottom {
            for x in left..=right {
                if labels.contains(&group.labels[y * crop.width + x]) {
                    let v = crop.values[y * crop.width + x];
                    ink[(y - group.top) * width + (x - left)] = ((group.paper - v) / contrast).clamp(0.0, 1.0);
                }
            }
        }
        Some(digits::classify(&digits::Glyph::from_ink(&ink, width, height, 0.3)?))
    };
    // Two digits run together (by blur, or by touching serifs) are cut apart at a thin
    // column in the middle of the part: of the columns nearly as thin as the thinnest,
    // the one where both halves look most like digits (the thinnest alone may cut a
    // round digit's side off, which then looks like a "1"), and never through a hole
    // (a "6" cut open looks like a "5").
    let split = |left: usize, right: usize, labels: &[u32], holes: usize| -> Option<(DigitRead, DigitRead)> {
        let width = right - left + 1;
        let ink_in = |x: usize| {
            (group.top..=group.bottom).filter(|&y| labels.contains(&group.labels[y * crop.width + x])).count()
        };
        let middle = left + width * 3 / 10..=left + width * 7 / 10;
        let thinnest = middle.clone().map(ink_in).min()?;
        middle
            .filter(|&x| ink_in(x) <= thinnest + CUT_SLACK_ROWS)
            .filter_map(|x| Some((read_part(left, x, labels)?, read_part(x + 1, right, labels)?)))
            .filter(|(l, r)| l.holes + r.holes >= holes)
            .max_by(|a, b| a.0.score.min(a.1.score).total_cmp(&b.0.score.min(b.1.score)))
    };
    let mut reads: Vec<DigitRead> = Vec::new();
    for (left, right, labels) in parts {
        let width = right - left + 1;
        if width as f32 > 1.7 * height as f32 {
            return Err(Unread::TooWide);
        }
        let whole = read_part(left, right, &labels).ok_or(Unread::NoShape)?;
        match whole {
            read if !read.too_wide && width as f32 <= 0.95 * height as f32 => reads.push(read),
            _ => {
                let (l, r) = split(left, right, &labels, whole.holes).ok_or(Unread::NoShape)?;
                reads.extend([l, r]);
            }
        }
    }
    log.extend(&reads);
    if reads.is_empty() || reads.len() > 2 {
        return Err(Unread::NotANumber);
    }
    decide(&reads, expected)
}

/// The number that digit reads make, knowing the number `expected` there.
///
/// A number read with confidence that is the expected one is right. One that differs
/// must differ clearly: each digit that is not the expected digit must beat it by
/// [`MISMATCH_LEAD`], or the number is not read (a misprint differs in shape from the
/// expected digit, a doubtful digit does not). And a number whose every digit's
/// closest is the expected digit is right when each scores [`digits::MIN_SCORE`] and
/// leads by [`CONFIRM_MARGIN`], in a width no wider than the reference's: a misprint
/// there would need the printed digit to look like the expected one more than itself.
fn decide(reads: &[DigitRead], expected: u8) -> Result<u8, Unread> {
    let expected_digits = digits_of(expected);
    let same_length = expected_digits.len() == reads.len();
    let value = reads.iter().try_fold(0u32, |v, d| d.result().map(|d| v * 10 + u32::from(d)));
    match value {
        Ok(value) if value == u32::from(expected) => return Ok(expected),
        Ok(value) => {
            let leading_zero = reads.len() == 2 && value < 10;
            let value =
                u8::try_from(value).ok().filter(|v| (1..=64).contains(v) && !leading_zero).ok_or(Unread::NotANumber)?;
            let clear = !same_length
                || reads.iter().zip(&expected_digits).all(|(r, &e)| {
                    r.closest == e || r.scores[usize::from(r.closest)] - r.scores[usize::from(e)] >= MISMATCH_LEAD
                });
            return if clear { Ok(value) } else { Err(Unread::NearExpected) };
        }
        Err(_) => {}
    }
    let confirmed = same_length
        && reads.iter().zip(&expected_digits).all(|(r, &e)| {
            r.closest == e
                && r.score >= digits::MIN_SCORE
                && r.margin >= CONFIRM_MARGIN
                && !r.too_wide
                && !r.wrong_holes
        });
    if confirmed {
        return Ok(expected);
    }
    Err(reads.iter().find_map(|r| r.result().err()).unwrap_or(Unread::NotANumber))
}

/// The decimal digits of a number, most significant first.
fn digits_of(n: u8) -> Vec<u8> {
    if n >= 10 { vec![n / 10, n % 10] } else { vec![n] }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A digit read whose digits score `scores`, closest first by score.
    fn read(scores: [f32; 10], too_narrow: bool) -> DigitRead {
        let mut order: Vec<usize> = (0..10).collect();
        order.sort_by(|a, b| scores[*b].total_cmp(&scores[*a]));
        let (score, margin) = (scores[order[0]], scores[order[0]] - scores[order[1]]);
        let confident = score >= digits::MIN_SCORE && margin >= digits::MIN_MARGIN && !too_narrow;
        DigitRead {
            digit: confident.then_some(order[0] as u8),
            closest: order[0] as u8,
            score,
            margin,
            too_wide: false,
            too_narrow,
            wrong_holes: false,
            holes: 0,
            height: 20.0,
            scores,
        }
    }

    fn scores(pairs: &[(usize, f32)]) -> [f32; 10] {
        let mut s = [0.3; 10];
        for &(d, v) in pairs {
            s[d] = v;
        }
        s
    }

    #[test]
    fn the_expected_number_is_confirmed_more_easily_than_another_is_accused() {
        let four = read(scores(&[(4, 0.90), (1, 0.5)]), false);
        // "45", clearly read: right when 45 is expected, a clear mismatch when 44 is.
        let five = read(scores(&[(5, 0.85), (4, 0.60), (6, 0.70)]), false);
        assert_eq!(decide(&[four, five], 45), Ok(45));
        assert_eq!(decide(&[four, five], 44), Ok(45));
        // A "5" that beats the expected "6" by less than MISMATCH_LEAD is not a misprint.
        let doubtful = read(scores(&[(5, 0.85), (6, 0.78)]), false);
        assert_eq!(doubtful.digit, Some(5), "read on its own");
        assert_eq!(decide(&[four, doubtful], 46), Err(Unread::NearExpected));
        // A "6" leading the "5" by 0.04: not read on its own, confirmed when 46 is
        // expected, unreadable (never 45, never ok) when 45 is.
        let close = read(scores(&[(6, 0.84), (5, 0.80)]), false);
        assert_eq!(close.digit, None);
        assert_eq!(decide(&[four, close], 46), Ok(46));
        assert_eq!(decide(&[four, close], 45), Err(Unread::LowMargin));
        // Confirmation still needs the score, and the lead CONFIRM_MARGIN.
        let weak = read(scores(&[(6, 0.65), (5, 0.50)]), false);
        assert_eq!(decide(&[four, weak], 46), Err(Unread::LowScore));
        let tied = read(scores(&[(6, 0.84), (5, 0.83)]), false);
        assert_eq!(decide(&[four, tied], 46), Err(Unread::LowMargin));
        // A narrow "1" (an unseen thin face) confirms an expected 1, and nothing else.
        let thin_one = read(scores(&[(1, 0.88), (7, 0.5)]), true);
        assert_eq!(decide(&[thin_one], 1), Ok(1));
        assert_eq!(decide(&[thin_one], 7), Err(Unread::WrongWidth));
        // As many digits as expected, or no confirmation.
        assert_eq!(decide(&[four, close], 6), Err(Unread::LowMargin));
    }
}
