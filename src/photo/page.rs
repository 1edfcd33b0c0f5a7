//! A grey image divided by its own paper brightness, so that uneven light, shadows
//! and a tinted photo all read alike: 1.0 is paper, 0.0 is black ink.

use image::GrayImage;

/// Side of the blocks the paper brightness is estimated on, in pixels.
const BLOCK_PX: usize = 8;
/// Radius of the brightest-block search, in blocks: it must reach paper from the middle
/// of the thickest bar (about 70 px at the working size), so 6 blocks = 48 px each way.
const PAPER_RADIUS_BLOCKS: usize = 6;
/// Radius of the smoothing of the paper estimate, in blocks.
const SMOOTH_RADIUS_BLOCKS: usize = 3;

/// The normalised image: `value(x, y)` is the pixel's brightness relative to the paper
/// around it.
pub struct Page {
    width: usize,
    height: usize,
    values: Vec<f32>,
}

impl Page {
    /// Divides every pixel by the local paper brightness: the brightest blocks within
    /// [`PAPER_RADIUS_BLOCKS`], smoothed.
    pub fn from_grey(grey: &GrayImage) -> Page {
        let (width, height) = (grey.width() as usize, grey.height() as usize);
        let (bw, bh) = (width.div_ceil(BLOCK_PX), height.div_ceil(BLOCK_PX));
        let mut sums = vec![0f32; bw * bh];
        let mut counts = vec![0f32; bw * bh];
        for (y, row) in grey.as_raw().chunks_exact(width).enumerate() {
            let block_row = (y / BLOCK_PX) * bw;
            for (x, &p) in row.iter().enumerate() {
                let b = block_row + x / BLOCK_PX;
                sums[b] += f32::from(p);
                counts[b] += 1.0;
            }
        }
        let means: Vec<f32> = sums.iter().zip(&counts).map(|(s, c)| s / c).collect();
        let paper = box_filter(&max_filter(&means, bw, bh, PAPER_RADIUS_BLOCKS), bw, bh, SMOOTH_RADIUS_BLOCKS);
        let mut values = vec![0f32; width * height];
        for y in 0..height {
            let by = (y as f32 + 0.5) / BLOCK_PX as f32 - 0.5;
            for x in 0..width {
                let bx = (x as f32 + 0.5) / BLOCK_PX as f32 - 0.5;
                let p = bilinear(&paper, bw, bh, bx, by).max(8.0);
                values[y * width + x] = (f32::from(grey.as_raw()[y * width + x]) / p).min(1.5);
            }
        }
        Page { width, height, values }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// The value at a pixel.
    pub fn at(&self, x: usize, y: usize) -> f32 {
        self.values[y * self.width + x]
    }

    /// The value at a point between pixels (pixel centres at integer + 0.5); paper
    /// outside the image.
    pub fn sample(&self, x: f32, y: f32) -> f32 {
        let (fx, fy) = (x - 0.5, y - 0.5);
        if fx < -1.0 || fy < -1.0 || fx > self.width as f32 || fy > self.height as f32 {
            return 1.0;
        }
        bilinear(&self.values, self.width, self.height, fx, fy)
    }
}

/// Bilinear interpolation in a row-major grid, clamped at the edges.
fn bilinear(grid: &[f32], w: usize, h: usize, x: f32, y: f32) -> f32 {
    let x = x.clamp(0.0, (w - 1) as f32);
    let y = y.clamp(0.0, (h - 1) as f32);
    let (x0, y0) = (x.floor() as usize, y.floor() as usize);
    let (x1, y1) = ((x0 + 1).min(w - 1), (y0 + 1).min(h - 1));
    let (tx, ty) = (x - x0 as f32, y - y0 as f32);
    let top = grid[y0 * w + x0] * (1.0 - tx) + grid[y0 * w + x1] * tx;
    let bottom = grid[y1 * w + x0] * (1.0 - tx) + grid[y1 * w + x1] * tx;
    top * (1.0 - ty) + bottom * ty
}

/// Separable maximum over a square of side 2r+1.
fn max_filter(grid: &[f32], w: usize, h: usize, r: usize) -> Vec<f32> {
    separable(grid, w, h, r, |window| window.iter().copied().fold(f32::MIN, f32::max))
}

/// Separable mean over a square of side 2r+1 (shrunk at the edges).
fn box_filter(grid: &[f32], w: usize, h: usize, r: usize) -> Vec<f32> {
    separable(grid, w, h, r, |window| window.iter().sum::<f32>() / window.len() as f32)
}

fn separable(grid: &[f32], w: usize, h: usize, r: usize, reduce: impl Fn(&[f32]) -> f32) -> Vec<f32> {
    let mut across = vec![0f32; w * h];
    for y in 0..h {
        let row = &grid[y * w..(y + 1) * w];
        for x in 0..w {
            across[y * w + x] = reduce(&row[x.saturating_sub(r)..(x + r + 1).min(w)]);
        }
    }
    let mut out = vec![0f32; w * h];
    let mut column = Vec::with_capacity(h);
    for x in 0..w {
        column.clear();
        column.extend((0..h).map(|y| across[y * w + x]));
        for y in 0..h {
            out[y * w + x] = reduce(&column[y.saturating_sub(r)..(y + r + 1).min(h)]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shadow_across_the_paper_does_not_become_ink() {
        // Paper fading from 250 to 120 left to right, with a black square in the middle.
        let grey = GrayImage::from_fn(400, 200, |x, y| {
            let paper = 250.0 - 130.0 * x as f32 / 400.0;
            let ink = (190..210).contains(&x) && (90..110).contains(&y);
            image::Luma([if ink { 20 } else { paper as u8 }])
        });
        let page = Page::from_grey(&grey);
        // Within 15 % of paper, far from the ink threshold of one half.
        assert!(page.at(5, 5) > 0.85 && page.at(395, 195) > 0.85, "{} {}", page.at(5, 5), page.at(395, 195));
        assert!(page.at(200, 100) < 0.2);
        assert!((page.sample(-5.0, 10.0) - 1.0).abs() < 1e-6);
    }
}
