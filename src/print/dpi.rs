//! Resolutions, with their two ranges stated once here: what a printed raster may be
//! exported at ([`Dpi`], from [`Dpi::MIN`] to [`Dpi::MAX`], for the command line, the
//! service and the print services' profiles alike), and what the renderer accepts at all
//! ([`Dpi::RENDER_MIN`] to [`Dpi::RENDER_MAX`], [`Dpi::renders`]): below 72 for contact
//! sheets, tests and SVGs read in millimetres (25.4 dpi), above 600 for checks of detail.

use std::fmt;
use std::str::FromStr;

/// Dots per inch of a PNG export: a whole number from [`Dpi::MIN`] to [`Dpi::MAX`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dpi(u16);

impl Dpi {
    /// The lowest resolution offered: screen previews.
    pub const MIN: u16 = 72;
    /// The highest: twice the print standard. Higher gains nothing on paper and costs
    /// four times the memory per doubling.
    pub const MAX: u16 = 600;
    /// The print standard (docs/conventions.md, Print), and what the print services ask for.
    pub const DEFAULT: Dpi = Dpi(300);
    /// The lowest resolution the renderer takes, for any drawing (not only exports).
    pub const RENDER_MIN: f32 = 1.0;
    /// The highest the renderer takes: a card is 6520 px wide there.
    pub const RENDER_MAX: f32 = 2400.0;

    /// Whether the renderer takes `dpi`: a finite number from [`Dpi::RENDER_MIN`] to
    /// [`Dpi::RENDER_MAX`].
    pub fn renders(dpi: f32) -> bool {
        dpi.is_finite() && (Self::RENDER_MIN..=Self::RENDER_MAX).contains(&dpi)
    }

    /// `dpi` if it is in range.
    pub fn new(dpi: u16) -> Result<Dpi, DpiError> {
        if (Self::MIN..=Self::MAX).contains(&dpi) { Ok(Dpi(dpi)) } else { Err(DpiError(dpi.to_string())) }
    }

    /// The value, as a whole number.
    pub fn get(self) -> u16 {
        self.0
    }

    /// The value, for the renderer.
    pub fn as_f32(self) -> f32 {
        f32::from(self.0)
    }
}

impl Default for Dpi {
    fn default() -> Self {
        Dpi::DEFAULT
    }
}

impl fmt::Display for Dpi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A resolution that is not a whole number in range; holds the text as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("dpi {0:?} is not a whole number from {min} to {max}", min = Dpi::MIN, max = Dpi::MAX)]
pub struct DpiError(pub String);

impl FromStr for Dpi {
    type Err = DpiError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.trim().parse::<u16>().ok().and_then(|d| Dpi::new(d).ok()).ok_or_else(|| DpiError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_and_default() {
        assert_eq!(Dpi::default().get(), 300);
        assert_eq!("72".parse::<Dpi>().map(Dpi::get), Ok(72));
        assert_eq!(" 600 ".parse::<Dpi>().map(Dpi::get), Ok(600));
        for bad in ["71", "601", "300.5", "", "x", "-1", "65536"] {
            let err = bad.parse::<Dpi>().unwrap_err();
            assert_eq!(err.to_string(), format!("dpi {bad:?} is not a whole number from 72 to 600"));
        }
    }

    #[test]
    fn the_renderer_takes_more_than_exports() {
        for dpi in [1.0, 25.4, 40.0, 72.0, 600.0, 2400.0] {
            assert!(Dpi::renders(dpi), "{dpi}");
        }
        for dpi in [0.0, 0.5, 2400.5, -72.0, f32::NAN, f32::INFINITY] {
            assert!(!Dpi::renders(dpi), "{dpi}");
        }
        assert!(
            Dpi::renders(Dpi::new(Dpi::MIN).unwrap().as_f32()) && Dpi::renders(Dpi::new(Dpi::MAX).unwrap().as_f32())
        );
    }
}
