//! Finding hexagrams: dark bars of ink, yin halves paired into lines, lines stacked by six.
//!
//! Nothing here knows hexforge's layout. A bar is any dark, filled, elongated blob
//! lying within 20° of horizontal; a broken line is two bars of the same size on one
//! axis; a hexagram is six lines of the same length and thickness, ends aligned,
//! evenly stacked. Each bar's own direction is measured (second moments), so a photo
//! turned a few degrees, or seen in perspective, needs no global straightening.

use super::PhotoError;
use super::page::Page;

/// Pixels darker than this fraction of the paper count as bar ink.
const BAR_INK: f32 = 0.5;
/// Bars lie within this angle of horizontal (radians, 20°).
const MAX_TILT: f32 = 0.35;
/// Thinner lines than this (px) carry numbers too small to read.
pub const MIN_THICKNESS_PX: f32 = 6.0;

/// A point or direction in image pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Vec2 {
    pub x: f32,
    pub y: f32,
}

impl Vec2 {
    pub fn new(x: f32, y: f32) -> Vec2 {
        Vec2 { x, y }
    }
    fn dot(self, o: Vec2) -> f32 {
        self.x * o.x + self.y * o.y
    }
    pub fn plus(self, o: Vec2, k: f32) -> Vec2 {
        Vec2::new(self.x + k * o.x, self.y + k * o.y)
    }
    fn minus(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x - o.x, self.y - o.y)
    }
}

/// One blob that looks like a bar.
#[derive(Debug, Clone, Copy)]
struct Bar {
    centre: Vec2,
    /// Unit vector along the bar, pointing right.
    along: Vec2,
    length: f32,
    thickness: f32,
}

impl Bar {
    fn end(self, sign: f32) -> Vec2 {
        self.centre.plus(self.along, sign * self.length / 2.0)
    }
}

/// One line of a hexagram: a solid bar, or two halves.
#[derive(Debug, Clone, Copy)]
pub struct Line {
    pub left: Vec2,
    pub right: Vec2,
    pub thickness: f32,
    pub solid: bool,
}

impl Line {
    fn centre(&self) -> Vec2 {
        Vec2::new((self.left.x + self.right.x) / 2.0, (self.left.y + self.right.y) / 2.0)
    }
    fn length(&self) -> f32 {
        self.right.minus(self.left).dot(self.right.minus(self.left)).sqrt()
    }
    fn along(&self) -> Vec2 {
        let d = self.right.minus(self.left);
        let n = self.length().max(1e-6);
        Vec2::new(d.x / n, d.y / n)
    }
}

/// Six lines found together, top line first as the image shows them.
#[derive(Debug, Clone)]
pub struct Stack {
    pub lines: [Line; 6],
    /// Unit vector along the lines (pointing right) and across them (pointing down).
    pub along: Vec2,
    pub down: Vec2,
    /// Median thickness and length of the lines, and the smallest distance between
    /// neighbouring lines, in pixels.
    pub thickness: f32,
    pub length: f32,
    pub pitch: f32,
}

impl Stack {
    /// The line bits as seen upright, bit i-1 = line i counted from the bottom.
    pub fn upright_bits(&self) -> u8 {
        self.lines.iter().rev().enumerate().fold(0, |bits, (i, l)| bits | (u8::from(l.solid) << i))
    }

    /// The middle of the stack, for ordering cards on a sheet.
    pub fn centre(&self) -> Vec2 {
        let c = self.lines.iter().map(Line::centre).fold(Vec2::new(0.0, 0.0), |a, c| a.plus(c, 1.0 / 6.0));
        Vec2::new(c.x, c.y)
    }
}

/// Every hexagram in the page, in reading order (rows top to bottom, then left to right).
pub fn find_stacks(page: &Page) -> Result<Vec<Stack>, PhotoError> {
    let bars = find_bars(page);
    if bars.is_empty() {
        return Err(PhotoError::NoCard);
    }
    let lines = pair_lines(&bars);
    let (mut stacks, largest) = stack_lines(&lines);
    if stacks.is_empty() {
        return Err(PhotoError::LinesNotFound { bars: bars.len(), largest_stack: largest });
    }
    if let Some(thin) = stacks.iter().map(|s| s.thickness).reduce(f32::max).filter(|t| *t < MIN_THICKNESS_PX) {
        return Err(PhotoError::TooSmall {
            reason: format!(
                "its lines are {thin:.0} px thick and at least {MIN_THICKNESS_PX:.0} px are needed to read the numbers"
            ),
        });
    }
    stacks.retain(|s| s.thickness >= MIN_THICKNESS_PX);
    let row_height = stacks.iter().map(|s| s.length).fold(0.0, f32::max);
    stacks.sort_by(|a, b| {
        let (ca, cb) = (a.centre(), b.centre());
        let (ra, rb) = ((ca.y / row_height).round(), (cb.y / row_height).round());
        ra.total_cmp(&rb).then(ca.x.total_cmp(&cb.x))
    });
    Ok(stacks)
}

/// Second moments of each connected blob of dark ink, kept when it is bar-like.
fn find_bars(page: &Page) -> Vec<Bar> {
    let (w, h) = (page.width(), page.height());
    let (ox, oy) = (w as f64 / 2.0, h as f64 / 2.0);
    let moments = blob_moments(page);
    moments
        .iter()
        .filter(|m| m[0] >= 40.0)
        .filter_map(|m| {
            let n = m[0];
            let (mx, my) = (m[1] / n, m[2] / n);
            let (cxx, cyy, cxy) = (m[3] / n - mx * mx, m[4] / n - my * my, m[5] / n - mx * my);
            let half_diff = ((cxx - cyy) / 2.0).hypot(cxy);
            let (major, minor) = ((cxx + cyy) / 2.0 + half_diff, ((cxx + cyy) / 2.0 - half_diff).max(0.0));
            let angle = (0.5 * (2.0 * cxy).atan2(cxx - cyy)) as f32;
            let (length, thickness) = ((12.0 * major).sqrt() as f32, (12.0 * minor).sqrt() as f32);
            let fill = n as f32 / (length * thickness).max(1e-6);
            let bar_like = thickness >= 2.5
                && length >= 2.0 * thickness
                && (0.8..=1.15).contains(&fill)
                && angle.abs() <= MAX_TILT;
            bar_like.then(|| Bar {
                centre: Vec2::new((mx + ox) as f32, (my + oy) as f32),
                along: Vec2::new(angle.cos(), angle.sin()),
                length,
                thickness,
            })
        })
        .collect()
}

/// n, Σx, Σy, Σxx, Σyy, Σxy of each 8-connected blob of dark ink (below [`BAR_INK`]),
/// coordinates relative to the image centre, in the order of each blob's first pixel.
///
/// A flood fill over one byte a pixel: imageproc's `connected_components` took a label
/// image of 4 bytes a pixel and a union-find of 16 more, 80 MB on a working-size photo,
/// the largest part of reading one.
fn blob_moments(page: &Page) -> Vec<[f64; 6]> {
    let (w, h) = (page.width(), page.height());
    let mut dark: Vec<bool> = (0..w * h).map(|i| page.at(i % w, i / w) < BAR_INK).collect();
    let (ox, oy) = (w as f64 / 2.0, h as f64 / 2.0);
    let mut blobs = Vec::new();
    let mut pending = Vec::new();
    for start in 0..w * h {
        if !dark[start] {
            continue;
        }
        dark[start] = false;
        pending.push(start);
        let mut m = [0f64; 6];
        while let Some(i) = pending.pop() {
            let (x, y) = (i % w, i / w);
            let (fx, fy) = (x as f64 + 0.5 - ox, y as f64 + 0.5 - oy);
            m[0] += 1.0;
            m[1] += fx;
            m[2] += fy;
            m[3] += fx * fx;
            m[4] += fy * fy;
            m[5] += fx * fy;
            for ny in y.saturating_sub(1)..(y + 2).min(h) {
                for nx in x.saturating_sub(1)..(x + 2).min(w) {
                    let j = ny * w + nx;
                    if dark[j] {
                        dark[j] = false;
                        pending.push(j);
                    }
                }
            }
        }
        blobs.push(m);
    }
    blobs
}

fn ratio_within(a: f32, b: f32, limit: f32) -> bool {
    let r = a / b.max(1e-6);
    r <= limit && r >= 1.0 / limit
}

/// Pairs the halves of broken lines (closest pairs first); every other bar is a solid line.
fn pair_lines(bars: &[Bar]) -> Vec<Line> {
    let mut pairs = Vec::new();
    for (i, a) in bars.iter().enumerate() {
        for (j, b) in bars.iter().enumerate() {
            let offset = b.centre.minus(a.centre);
            let normal = Vec2::new(-a.along.y, a.along.x);
            let half = (a.length + b.length) / 2.0;
            let gap = offset.dot(a.along) - half;
            let same_size = ratio_within(a.length, b.length, 1.3) && ratio_within(a.thickness, b.thickness, 1.3);
            // A gap up to a half's length: a yin line drawn as three equal thirds still
            // pairs, while solid lines of two cards side by side on a sheet do not.
            if i != j
                && same_size
                && offset.dot(normal).abs() <= 0.4 * a.thickness
                && gap >= 0.15 * a.thickness
                && gap <= 1.05 * half
                && a.along.dot(b.along) >= 0.99
            {
                pairs.push((gap, i, j));
            }
        }
    }
    pairs.sort_by(|x, y| x.0.total_cmp(&y.0));
    let mut used = vec![false; bars.len()];
    let mut lines = Vec::new();
    for (_, i, j) in pairs {
        if used[i] || used[j] {
            continue;
        }
        used[i] = true;
        used[j] = true;
        let (a, b) = (bars[i], bars[j]);
        lines.push(Line {
            left: a.end(-1.0),
            right: b.end(1.0),
            thickness: (a.thickness + b.thickness) / 2.0,
            solid: false,
        });
    }
    for (bar, _) in bars.iter().zip(&used).filter(|(_, u)| !**u) {
        lines.push(Line { left: bar.end(-1.0), right: bar.end(1.0), thickness: bar.thickness, solid: true });
    }
    lines
}

/// Groups lines that stack (same length and thickness, ends aligned, close above each
/// other); the groups of exactly six are hexagrams. Also returns the largest group's size.
fn stack_lines(lines: &[Line]) -> (Vec<Stack>, usize) {
    let mut parent: Vec<usize> = (0..lines.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for (i, a) in lines.iter().enumerate() {
        let (along, length) = (a.along(), a.length());
        let normal = Vec2::new(-along.y, along.x);
        for (j, b) in lines.iter().enumerate().skip(i + 1) {
            let offset = b.centre().minus(a.centre());
            let across = offset.dot(normal).abs();
            let stacks = ratio_within(length, b.length(), 1.15)
                && ratio_within(a.thickness, b.thickness, 1.4)
                && offset.dot(along).abs() <= 0.1 * length
                && across >= 1.1 * a.thickness
                && across <= 4.5 * a.thickness;
            if stacks {
                let (ri, rj) = (root(&mut parent, i), root(&mut parent, j));
                parent[ri] = rj;
            }
        }
    }
    let mut groups: std::collections::BTreeMap<usize, Vec<Line>> = Default::default();
    for (i, line) in lines.iter().enumerate() {
        groups.entry(root(&mut parent, i)).or_default().push(*line);
    }
    let largest = groups.values().map(Vec::len).max().unwrap_or(0);
    let stacks = groups.into_values().filter_map(|group| <[Line; 6]>::try_from(group).ok().map(make_stack)).collect();
    (stacks, largest)
}

fn make_stack(mut lines: [Line; 6]) -> Stack {
    let sum = lines.iter().fold(Vec2::new(0.0, 0.0), |s, l| s.plus(l.along(), 1.0));
    let norm = sum.dot(sum).sqrt().max(1e-6);
    let along = Vec2::new(sum.x / norm, sum.y / norm);
    let down = Vec2::new(-along.y, along.x);
    lines.sort_by(|a, b| a.centre().dot(down).total_cmp(&b.centre().dot(down)));
    let median = |mut v: Vec<f32>| {
        v.sort_by(f32::total_cmp);
        (v[2] + v[3]) / 2.0
    };
    let thickness = median(lines.iter().map(|l| l.thickness).collect());
    let length = median(lines.iter().map(Line::length).collect());
    let pitch = lines.windows(2).map(|p| p[1].centre().minus(p[0].centre()).dot(down)).fold(f32::MAX, f32::min);
    Stack { lines, along, down, thickness, length, pitch }
}
