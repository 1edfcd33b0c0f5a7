//! What a five-card I-Ching Poker hand shows, as bits: the features a hand's class is read
//! from, on hexagrams as 6-bit numbers (bit `i - 1` = line `i`, 1 = yang), so that the
//! exact count over every hand stays fast.

use crate::core::hexagram::Hexagram;

/// The features, one bit each; a hand's class is the highest-ranked feature it has.
pub const PAIR: u16 = 1 << 0;
pub const TWO_PAIRS: u16 = 1 << 1;
pub const THREE: u16 = 1 << 2;
pub const COMPLEMENT: u16 = 1 << 3;
pub const SCATTER: u16 = 1 << 4;
pub const HOUSE: u16 = 1 << 5;
pub const TWINS: u16 = 1 << 6;
pub const FOUR: u16 = 1 << 7;
pub const TWO_COMPLEMENTS: u16 = 1 << 8;
pub const CHAIN: u16 = 1 << 9;
pub const TWO_TWINS: u16 = 1 << 10;
pub const FIVE: u16 = 1 << 11;
/// How many features there are.
pub const FEATURES: usize = 12;

/// The pairs of places in a five-card hand, in the order the adjacency bits use.
const PAIRS: [(usize, usize); 10] = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

/// `CHAIN_OF[mask]`: whether five cards whose one-line links are the bits of `mask` (one
/// bit for each of [`PAIRS`]) can be laid in a row, each one line from the next.
const CHAIN_OF: [bool; 1024] = {
    let mut table = [false; 1024];
    let mut mask = 0;
    while mask < 1024 {
        let mut next = [0u8; 5];
        let mut k = 0;
        while k < 10 {
            if mask >> k & 1 == 1 {
                let (i, j) = PAIRS[k];
                next[i] |= 1 << j;
                next[j] |= 1 << i;
            }
            k += 1;
        }
        // ends[set] = the cards a row through exactly `set` can end on.
        let mut ends = [0u8; 32];
        let mut i = 0;
        while i < 5 {
            ends[1 << i] = 1 << i;
            i += 1;
        }
        let mut set = 1;
        while set < 32 {
            let mut last = 0;
            while last < 5 {
                if ends[set] >> last & 1 == 1 {
                    let mut to = 0;
                    while to < 5 {
                        if set >> to & 1 == 0 && next[last] >> to & 1 == 1 {
                            ends[set | 1 << to] |= 1 << to;
                        }
                        to += 1;
                    }
                }
                last += 1;
            }
            set += 1;
        }
        table[mask] = ends[31] != 0;
        mask += 1;
    }
    table
};

/// The hexagram upside down (line `i` becomes line `7 - i`), as bits.
pub const fn turned(bits: u8) -> u8 {
    Hexagram::from_bits(bits).inverse().bits()
}

/// The largest and second-largest count among eight.
fn top_two(counts: &[u8; 8]) -> (u8, u8) {
    let (mut first, mut second) = (0, 0);
    for &c in counts {
        if c > first {
            second = first;
            first = c;
        } else if c > second {
            second = c;
        }
    }
    (first, second)
}

/// How many pairs of twin cards the hand holds: two cards each showing, turned, what the
/// other shows untturned (the cards are named by their dark faces, `cards`); a Mirror card
/// has no twin. Orientation does not change it.
pub fn twin_pairs(cards: &[u8; 5]) -> u32 {
    let mut n = 0;
    for (i, j) in PAIRS {
        if cards[i] != cards[j] && turned(cards[i]) == cards[j] {
            n += 1;
        }
    }
    n
}

/// The features of five cards showing `shown` (hexagrams as bits; in the variable game two
/// twins may show the same hexagram), holding `twins` twin pairs.
pub fn features(shown: &[u8; 5], twins: u32) -> u16 {
    let mut lower = [0u8; 8];
    let mut upper = [0u8; 8];
    for &h in shown {
        lower[(h & 7) as usize] += 1;
        upper[(h >> 3) as usize] += 1;
    }
    let (l1, l2) = top_two(&lower);
    let (u1, u2) = top_two(&upper);
    let mut complements = 0;
    let mut links = 0usize;
    for (k, (i, j)) in PAIRS.into_iter().enumerate() {
        let differ = shown[i] ^ shown[j];
        if differ == 63 {
            complements += 1;
        }
        if differ.count_ones() == 1 {
            links |= 1 << k;
        }
    }
    let best = l1.max(u1);
    let mut f = 0;
    if best >= 5 {
        f |= FIVE;
    }
    if best >= 4 {
        f |= FOUR;
    }
    if (l1 >= 3 && l2 >= 2) || (u1 >= 3 && u2 >= 2) {
        f |= HOUSE;
    }
    if best >= 3 {
        f |= THREE;
    }
    if (l1 >= 2 && l2 >= 2) || (u1 >= 2 && u2 >= 2) {
        f |= TWO_PAIRS;
    }
    if best >= 2 {
        f |= PAIR;
    } else {
        f |= SCATTER;
    }
    if complements >= 2 {
        f |= TWO_COMPLEMENTS;
    }
    if complements >= 1 {
        f |= COMPLEMENT;
    }
    if CHAIN_OF[links] {
        f |= CHAIN;
    }
    if twins >= 2 {
        f |= TWO_TWINS;
    }
    if twins >= 1 {
        f |= TWINS;
    }
    f
}

/// Every feature five cards can show, fixed (all dark: `variable` false) or each card
/// turned either way: the union over the orientations. Turning all five at once changes no
/// feature (trigram places swap, distances and complements stay), so the first card stays
/// dark.
pub fn reachable(cards: &[u8; 5], variable: bool) -> u16 {
    let twins = twin_pairs(cards);
    if !variable {
        return features(cards, twins);
    }
    let mut all = 0;
    for turn in 0..16u32 {
        let mut shown = *cards;
        for (i, h) in shown.iter_mut().enumerate().skip(1) {
            if turn >> (i - 1) & 1 == 1 {
                *h = turned(*h);
            }
        }
        all |= features(&shown, twins);
    }
    all
}
