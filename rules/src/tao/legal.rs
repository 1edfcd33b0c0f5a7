//! Tao's legal-play relation (docs/rules.md, Tao): which card may be laid, in which orientation, on
//! the previous card, by which kinds of play, and what each play does.

use crate::core::card::{Card, Orientation};
use crate::core::hexagram::Hexagram;
use serde::Serialize;

/// A kind of play. A play may be legal by several kinds at once; its effects are the union.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlayKind {
    /// Same orientation; exactly one trigram equals the previous card's in the same position.
    ChangeTrigram,
    /// Other orientation; the same hexagram as the previous card (another card shows it).
    Match,
    /// The complement of the previous hexagram, either orientation.
    Cancel,
    /// The previous hexagram's trigrams in swapped positions (not on a Double), either
    /// orientation.
    Invert,
    /// One of the four Double Mirrors (1, 2, 29, 30): legal on anything.
    DoubleMirror,
    /// A Mirror legal in one orientation, laid in the other.
    MirrorTurn,
}

impl PlayKind {
    pub const ALL: [PlayKind; 6] = [
        PlayKind::ChangeTrigram,
        PlayKind::Match,
        PlayKind::Cancel,
        PlayKind::Invert,
        PlayKind::DoubleMirror,
        PlayKind::MirrorTurn,
    ];

    /// The name the checker, the CLI and the API print.
    pub fn name(self) -> &'static str {
        match self {
            PlayKind::ChangeTrigram => "change-trigram",
            PlayKind::Match => "match",
            PlayKind::Cancel => "cancel",
            PlayKind::Invert => "invert",
            PlayKind::DoubleMirror => "double-mirror",
            PlayKind::MirrorTurn => "mirror-turn",
        }
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The set of kinds by which one play is legal (empty: not legal).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Kinds(u8);

impl Kinds {
    pub const NONE: Kinds = Kinds(0);

    pub fn contains(self, kind: PlayKind) -> bool {
        self.0 & kind.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    fn with(self, kind: PlayKind) -> Kinds {
        Kinds(self.0 | kind.bit())
    }

    pub fn iter(self) -> impl Iterator<Item = PlayKind> {
        PlayKind::ALL.into_iter().filter(move |&k| self.contains(k))
    }
}

impl Serialize for Kinds {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// A card as it lies: the card and which way up (as JSON `{"card":12,"orientation":"dark"}`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Laid {
    pub card: Card,
    pub orientation: Orientation,
}

impl Laid {
    pub fn new(card: Card, orientation: Orientation) -> Laid {
        Laid { card, orientation }
    }

    /// The hexagram it shows.
    pub fn shows(self) -> Hexagram {
        self.card.shows(self.orientation)
    }
}

/// The kinds by which `card` laid in `orientation` is legal on `previous`, leaving out
/// mirror-turn (which is defined through these).
fn direct_kinds(previous: Laid, card: Card, orientation: Orientation) -> Kinds {
    if card == previous.card {
        return Kinds::NONE;
    }
    let a = previous.shows();
    let b = card.shows(orientation);
    let mut kinds = Kinds::NONE;
    let same_lower = a.lower() == b.lower();
    let same_upper = a.upper() == b.upper();
    if orientation == previous.orientation && same_lower != same_upper {
        kinds = kinds.with(PlayKind::ChangeTrigram);
    }
    if orientation != previous.orientation && b == a {
        kinds = kinds.with(PlayKind::Match);
    }
    if b == a.complement() {
        kinds = kinds.with(PlayKind::Cancel);
    }
    if !a.is_double() && b == a.swapped() {
        kinds = kinds.with(PlayKind::Invert);
    }
    if card.shows(Orientation::Dark).is_double_mirror() {
        kinds = kinds.with(PlayKind::DoubleMirror);
    }
    kinds
}

/// The kinds by which `card` laid in `orientation` is legal on `previous` (empty: illegal).
pub fn kinds(previous: Laid, card: Card, orientation: Orientation) -> Kinds {
    let kinds = direct_kinds(previous, card, orientation);
    // Only where it adds a way: a Mirror legal both ways keeps its own kinds each way.
    let mirror = card.shows(Orientation::Dark).is_mirror();
    if mirror && kinds.is_empty() && !direct_kinds(previous, card, orientation.turned()).is_empty() {
        return kinds.with(PlayKind::MirrorTurn);
    }
    kinds
}

/// The cards legal on `previous` by any kind, as two masks (laid dark, laid light; bit
/// `n - 1` for card `n`): the relation tabulated once for all 128 cards as they lie, so
/// that a hand's legal plays are two ANDs.
pub fn legal_masks(previous: Laid) -> [u64; 2] {
    static TABLE: std::sync::OnceLock<Vec<[u64; 2]>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = Vec::with_capacity(128);
        for orientation in Orientation::BOTH {
            for top in Card::all() {
                let mut masks = [0u64; 2];
                for card in Card::all() {
                    for (i, o) in Orientation::BOTH.into_iter().enumerate() {
                        if !kinds(Laid::new(top, orientation), card, o).is_empty() {
                            masks[i] |= 1 << (card.number() - 1);
                        }
                    }
                }
                table.push(masks);
            }
        }
        table
    });
    let side = usize::from(previous.orientation == Orientation::Light);
    table[side * 64 + usize::from(previous.card.number() - 1)]
}

/// What a legal play does to the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Effects {
    /// The orientation changed, so the direction of play reverses.
    pub reverses: bool,
    /// An invert: the player who would play next is skipped.
    pub skips_next: bool,
    /// A cancel: the next player draws this many unless they cancel in turn (2 for the
    /// first cancel of a chain; the chain doubles it to 4, then 8).
    pub next_draws: u8,
    /// A match or a Double: the player may lay one more card (not their last).
    pub extra_play: bool,
}

/// Cards the next player draws after the first, second and third cancel of a chain.
pub const CANCEL_DRAWS: [u8; 3] = [2, 4, 8];

/// The effects of a play legal by `kinds`, laid on `previous`, when it is the `chain`-th
/// cancel in a row (1 for a cancel that starts a chain).
pub fn effects(previous: Laid, laid: Laid, kinds: Kinds, chain: u8) -> Effects {
    let cancel = kinds.contains(PlayKind::Cancel);
    Effects {
        reverses: laid.orientation != previous.orientation,
        skips_next: kinds.contains(PlayKind::Invert),
        next_draws: if cancel { CANCEL_DRAWS[usize::from(chain.clamp(1, 3)) - 1] } else { 0 },
        extra_play: kinds.contains(PlayKind::Match) || laid.shows().is_double(),
    }
}

/// The extra card a Double allows: one that shares the Double's trigram in at least one
/// position, in either orientation (a Double Mirror is legal on anything, here too).
pub fn shares_trigram_with_double(double: Hexagram, card: Card, orientation: Orientation) -> bool {
    let b = card.shows(orientation);
    b.lower() == double.lower() || b.upper() == double.upper() || card.shows(Orientation::Dark).is_double_mirror()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(n: i64) -> Card {
        Card::from_number(n).unwrap()
    }

    fn laid(n: i64, o: Orientation) -> Laid {
        Laid::new(card(n), o)
    }

    #[test]
    fn two_thousand_five_hundred_eighty_four_triples_have_a_legal_orientation() {
        // docs/rules.md, Tao: counted over every previous card, its orientation and a card.
        let mut count = 0;
        for previous in Card::all() {
            for p in Orientation::BOTH {
                for c in Card::all() {
                    let prev = Laid::new(previous, p);
                    if Orientation::BOTH.iter().any(|&o| !kinds(prev, c, o).is_empty()) {
                        count += 1;
                    }
                }
            }
        }
        assert_eq!(count, 2584);
    }

    #[test]
    fn the_table_of_legal_cards_is_the_relation() {
        for top in Card::all() {
            for p in Orientation::BOTH {
                let masks = legal_masks(Laid::new(top, p));
                for c in Card::all() {
                    for (i, o) in Orientation::BOTH.into_iter().enumerate() {
                        let legal = !kinds(Laid::new(top, p), c, o).is_empty();
                        assert_eq!(masks[i] & (1 << (c.number() - 1)) != 0, legal);
                    }
                }
            }
        }
    }

    #[test]
    fn eleven_dark_on_twelve_dark_is_a_cancel_and_an_invert() {
        let k = kinds(laid(12, Orientation::Dark), card(11), Orientation::Dark);
        assert_eq!(k.iter().collect::<Vec<_>>(), [PlayKind::Cancel, PlayKind::Invert]);
        let e = effects(laid(12, Orientation::Dark), laid(11, Orientation::Dark), k, 1);
        assert_eq!(e, Effects { reverses: false, skips_next: true, next_draws: 2, extra_play: false });
    }

    #[test]
    fn a_card_is_never_laid_on_itself() {
        for c in Card::all() {
            for o in Orientation::BOTH {
                for p in Orientation::BOTH {
                    assert!(kinds(Laid::new(c, p), c, o).is_empty(), "{c:?}");
                }
            }
        }
    }

    #[test]
    fn a_match_needs_the_other_orientation_and_the_same_hexagram() {
        // Card 12 dark shows 12; card 11 light shows inverse(11) = 12.
        assert_eq!(card(11).shows(Orientation::Light), card(12).shows(Orientation::Dark));
        let k = kinds(laid(12, Orientation::Dark), card(11), Orientation::Light);
        assert!(k.contains(PlayKind::Match), "{k:?}");
        let e = effects(laid(12, Orientation::Dark), laid(11, Orientation::Light), k, 0);
        assert!(e.reverses && e.extra_play);
    }

    #[test]
    fn change_trigram_needs_the_same_orientation_and_exactly_one_trigram_in_place() {
        // 12 is heaven over earth; 11 is earth over heaven: no trigram in place.
        let twelve = laid(12, Orientation::Dark);
        for c in Card::all() {
            for o in Orientation::BOTH {
                let b = c.shows(o);
                let a = twelve.shows();
                let expected =
                    c != twelve.card && o == Orientation::Dark && ((a.lower() == b.lower()) ^ (a.upper() == b.upper()));
                assert_eq!(kinds(twelve, c, o).contains(PlayKind::ChangeTrigram), expected, "{c:?} {o:?}");
            }
        }
    }

    #[test]
    fn double_mirrors_are_legal_on_anything_in_both_orientations() {
        for dm in [1, 2, 29, 30] {
            for previous in Card::all().filter(|&c| c != card(dm)) {
                for p in Orientation::BOTH {
                    for o in Orientation::BOTH {
                        assert!(kinds(Laid::new(previous, p), card(dm), o).contains(PlayKind::DoubleMirror));
                    }
                }
            }
        }
    }

    #[test]
    fn a_mirror_legal_one_way_is_legal_the_other_way() {
        for m in [27, 28, 61, 62] {
            for previous in Card::all() {
                for p in Orientation::BOTH {
                    let prev = Laid::new(previous, p);
                    let dark = !kinds(prev, card(m), Orientation::Dark).is_empty();
                    let light = !kinds(prev, card(m), Orientation::Light).is_empty();
                    assert_eq!(dark, light, "mirror {m} on {previous:?} {p:?}");
                }
            }
        }
    }

    #[test]
    fn invert_is_never_legal_on_a_double() {
        for d in [1, 2, 29, 30, 51, 52, 57, 58] {
            for c in Card::all() {
                for o in Orientation::BOTH {
                    assert!(!kinds(laid(d, Orientation::Dark), c, o).contains(PlayKind::Invert));
                }
            }
        }
    }

    #[test]
    fn the_cancel_chain_doubles_two_four_eight() {
        let prev = laid(12, Orientation::Dark);
        let eleven = laid(11, Orientation::Dark);
        let k = kinds(prev, eleven.card, eleven.orientation);
        let draws: Vec<u8> = (1..=3).map(|chain| effects(prev, eleven, k, chain).next_draws).collect();
        assert_eq!(draws, [2, 4, 8]);
    }
}
