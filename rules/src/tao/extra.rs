//! Tao's extra plays: which card laid earns one, and what the extra card must be.
//!
//! A play legal by several kinds has the union of their effects, so a match that shows a
//! Double (57 laid light on 58 dark) lets its extra card satisfy either condition.

use super::legal::{self, Kinds, Laid, PlayKind};
use crate::core::card::{Card, Orientation};
use crate::core::deck::CardSet;
use serde::Serialize;

/// What an extra play must be.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Extra {
    /// After a match: legal on the card just laid.
    Legal,
    /// After a Double: shares its trigram in a position.
    SharesTrigram,
    /// After a match that shows a Double: either of the two.
    LegalOrSharesTrigram,
    /// After a Double Mirror: any card.
    Any,
}

impl Extra {
    /// The extra play that `laid`, legal by `kinds`, earns (none: the turn ends with it).
    pub fn earned(laid: Laid, kinds: Kinds) -> Option<Extra> {
        let double = laid.shows().is_double();
        let matched = kinds.contains(PlayKind::Match);
        if laid.card.shows(Orientation::Dark).is_double_mirror() {
            Some(Extra::Any)
        } else if double && matched {
            Some(Extra::LegalOrSharesTrigram)
        } else if double {
            Some(Extra::SharesTrigram)
        } else if matched {
            Some(Extra::Legal)
        } else {
            None
        }
    }

    /// Whether `card` laid in `orientation` may be the extra card on `top` (the card that
    /// earned it), where it is legal by `kinds`.
    pub fn allows(self, top: Laid, card: Card, orientation: Orientation, kinds: Kinds) -> bool {
        let shares = || legal::shares_trigram_with_double(top.shows(), card, orientation);
        match self {
            Extra::Legal => !kinds.is_empty(),
            Extra::SharesTrigram => shares(),
            Extra::LegalOrSharesTrigram => !kinds.is_empty() || shares(),
            Extra::Any => true,
        }
    }

    /// The cards of `hand` this extra play allows on `top`, as two masks (laid dark, laid
    /// light; bit `n - 1` for card `n`).
    pub fn masks(self, top: Laid, hand: u64) -> [u64; 2] {
        let legal = legal::legal_masks(top).map(|m| m & hand);
        let sharing = || {
            Orientation::BOTH.map(|o| {
                CardSet::from_mask(hand)
                    .iter()
                    .filter(|&c| legal::shares_trigram_with_double(top.shows(), c, o))
                    .fold(0, |m, c| m | 1 << (c.number() - 1))
            })
        };
        match self {
            Extra::Legal => legal,
            Extra::SharesTrigram => sharing(),
            Extra::LegalOrSharesTrigram => {
                let shared = sharing();
                [legal[0] | shared[0], legal[1] | shared[1]]
            }
            Extra::Any => [hand, hand],
        }
    }

    /// What the extra card must be, in words.
    pub fn rule(self) -> &'static str {
        match self {
            Extra::Legal => "legal on the card just laid",
            Extra::SharesTrigram => "a card sharing the Double's trigram in a position",
            Extra::LegalOrSharesTrigram => {
                "legal on the card just laid, or a card sharing the Double's trigram in a position"
            }
            Extra::Any => "any card",
        }
    }
}
