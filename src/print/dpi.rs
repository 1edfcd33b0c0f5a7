//! The resolution of raster exports: one type, one allowed range, one default, for the
//! command line and the service alike.

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
    /// The print standard (SPEC §7).
    pub const DEFAULT: Dpi = Dpi(300);

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
}
