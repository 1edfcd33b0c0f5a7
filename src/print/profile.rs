//! Print profiles: which card images `hexforge generate` makes, and for whom.
//!
//! - `home`: one PNG per face at `--dpi` with our 3 mm bleed (815×1110 px at 300 dpi),
//!   plus the A4 and Letter PDFs for printing at home.
//! - `tgc`: The Game Crafter, poker: 825×1125 px, 37.5 px bleed.
//! - `mpc`: MakePlayingCards, poker: 822×1122 px, 36 px bleed.
//! - `dtc`: DriveThruCards: one PDF/X-1a file per deck, a 2.75×3.75 in page per face
//!   (front, back, front, back …), CMYK for US web coated presses.
//! - `all`: all of the above.
//!
//! A run always makes `home`, `tgc` and `mpc`; each `--profile` adds to them, so `dtc` is
//! made when asked for (by name or with `all`), since its CMYK conversion doubles a deck's
//! time. Naming `home`, `tgc` or `mpc` changes nothing: no profile takes another away
//! (the README and the rulebooks say "adds", and a user who adds DriveThruCards files
//! still wants the sheets to print at home). [`Profiles`] itself can hold any set, for
//! callers of the library.
//!
//! SVGs, the contact sheet and the Tabletop Simulator sheets are made for every profile:
//! they are the deck itself and its previews. The pixel canvases of the services live in
//! [`crate::print::render`] ([`render::TGC_POKER`], [`render::MPC_POKER`]), which also fits the
//! card's trim box onto theirs.

use serde::Serialize;

use crate::print::render::{self, PrintProfile};

/// A print profile as named on the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
/// What each one is: [`Profile::about`].
pub enum Profile {
    Home,
    Tgc,
    Mpc,
    Dtc,
    All,
}

impl Profile {
    /// Every profile, as offered on the command line.
    pub const ALL: &'static [Profile] = &[Profile::Home, Profile::Tgc, Profile::Mpc, Profile::Dtc, Profile::All];

    /// The name on the command line: `home`, `tgc`, `mpc`, `all`.
    pub fn key(self) -> &'static str {
        match self {
            Profile::Home => "home",
            Profile::Tgc => "tgc",
            Profile::Mpc => "mpc",
            Profile::Dtc => "dtc",
            Profile::All => "all",
        }
    }

    /// One line saying what the profile makes, for `--help`.
    pub fn about(self) -> &'static str {
        match self {
            Profile::Home => {
                "always made: PNGs at --dpi with 3 mm bleed, and A4 + Letter PDFs (3×3 cards, crop marks, duplex backs)"
            }
            Profile::Tgc => "always made: The Game Crafter, 825×1125 px per face",
            Profile::Mpc => "always made: MakePlayingCards, 822×1122 px per face",
            Profile::Dtc => {
                "adds DriveThruCards: one PDF/X-1a per deck (CMYK, US web coated), a 2.75×3.75 in page per face"
            }
            Profile::All => "every profile: the same as dtc, since home, tgc and mpc are always made",
        }
    }

    /// The service's pixel canvas, for `tgc` and `mpc`.
    pub fn service(self) -> Option<&'static PrintProfile> {
        match self {
            Profile::Tgc => Some(&render::TGC_POKER),
            Profile::Mpc => Some(&render::MPC_POKER),
            Profile::Dtc => Some(&render::DTC_POKER),
            Profile::Home | Profile::All => None,
        }
    }

    /// The folder name of the profile's card images: `png`, `tgc`, `mpc` or `dtc`.
    pub fn folder(self) -> &'static str {
        match self {
            Profile::Home | Profile::All => "png",
            Profile::Tgc => "tgc",
            Profile::Mpc => "mpc",
            Profile::Dtc => "dtc",
        }
    }
}

/// The set of profiles a run makes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Profiles {
    /// 3 mm bleed PNGs and home-print PDFs.
    pub home: bool,
    /// The Game Crafter images.
    pub tgc: bool,
    /// MakePlayingCards images.
    pub mpc: bool,
    /// DriveThruCards PDF/X-1a files.
    pub dtc: bool,
}

impl Profiles {
    /// Every profile.
    pub const ALL: Profiles = Profiles { home: true, tgc: true, mpc: true, dtc: true };

    /// What a run makes when no profile is named: home print, TGC and MPC images.
    pub const DEFAULT: Profiles = Profiles { home: true, tgc: true, mpc: true, dtc: false };

    /// Home print only (what most tests need).
    pub const HOME: Profiles = Profiles { home: true, tgc: false, mpc: false, dtc: false };

    /// The profiles of `--profile`: [`Profiles::DEFAULT`] and each of `chosen` added.
    pub fn from_list(chosen: &[Profile]) -> Profiles {
        if chosen.contains(&Profile::All) {
            return Profiles::ALL;
        }
        let d = Profiles::DEFAULT;
        Profiles {
            home: d.home || chosen.contains(&Profile::Home),
            tgc: d.tgc || chosen.contains(&Profile::Tgc),
            mpc: d.mpc || chosen.contains(&Profile::Mpc),
            dtc: d.dtc || chosen.contains(&Profile::Dtc),
        }
    }

    /// The print services that take PNG images, in a fixed order.
    pub fn services(self) -> Vec<Profile> {
        [(self.tgc, Profile::Tgc), (self.mpc, Profile::Mpc)].into_iter().filter_map(|(on, p)| on.then_some(p)).collect()
    }
}

impl Default for Profiles {
    fn default() -> Self {
        Profiles::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_combine() {
        assert_eq!(Profiles::from_list(&[]), Profiles::DEFAULT);
        assert!(!Profiles::from_list(&[]).dtc, "the default output stays as it was");
        assert_eq!(Profiles::from_list(&[Profile::Tgc, Profile::All]), Profiles::ALL);
        // Each profile adds to the defaults (issue 28): dtc keeps the home sheets and the
        // shops' images, and naming a default profile takes the others away from nothing.
        assert_eq!(Profiles::from_list(&[Profile::Dtc]), Profiles::ALL);
        for p in [Profile::Home, Profile::Tgc, Profile::Mpc] {
            assert_eq!(Profiles::from_list(&[p]), Profiles::DEFAULT, "{p:?}");
        }
        let p = Profiles { home: true, tgc: true, mpc: false, dtc: false };
        assert_eq!(p.services(), [Profile::Tgc]);
    }

    #[test]
    fn services_have_their_canvas() {
        assert_eq!(Profile::Tgc.service().map(|p| (p.width_px, p.height_px)), Some((825, 1125)));
        assert_eq!(Profile::Mpc.service().map(|p| (p.width_px, p.height_px)), Some((822, 1122)));
        assert!(Profile::Home.service().is_none());
    }
}
