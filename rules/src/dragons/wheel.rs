//! The board of Ba-Gua's wheel: the eight spaces in Earlier Heaven order, the stones on
//! them at the start, sowing, the flow of the master mode and the monk mode's
//! combinations. Pure arithmetic, no I/O.

use super::rules::{STONES_PER_COLOUR, StoneColour};
use crate::core::trigram::Trigram;
use serde::Serialize;

/// The eight spaces of the Ba-Gua wheel in Earlier Heaven (Fu Xi) order, listed
/// counter-clockwise as drawn: heaven at the top, then lake, fire, thunder, earth at
/// the bottom, mountain, water, wind. Opposite spaces (index `i` and `i + 4`) are
/// complements: heaven/earth, lake/mountain, fire/water, thunder/wind.
pub const WHEEL: [Trigram; 8] = [
    Trigram::HEAVEN,
    Trigram::LAKE,
    Trigram::FIRE,
    Trigram::THUNDER,
    Trigram::EARTH,
    Trigram::MOUNTAIN,
    Trigram::WATER,
    Trigram::WIND,
];

/// Where `t` sits on [`WHEEL`].
pub fn wheel_index(t: Trigram) -> usize {
    WHEEL.iter().position(|&w| w == t).expect("every trigram is on the wheel")
}

/// Which way stones travel round the wheel.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Flow {
    /// The normal flow, and the flux coin's starting face.
    CounterClockwise,
    Clockwise,
}

impl Flow {
    pub fn flipped(self) -> Flow {
        match self {
            Flow::CounterClockwise => Flow::Clockwise,
            Flow::Clockwise => Flow::CounterClockwise,
        }
    }

    /// The wheel index one space on from `i`.
    pub fn next(self, i: usize) -> usize {
        match self {
            Flow::CounterClockwise => (i + 1) % 8,
            Flow::Clockwise => (i + 7) % 8,
        }
    }
}

/// Ba-Gua stones on one space of the wheel.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Space {
    pub white: u8,
    pub black: u8,
}

impl Space {
    pub fn total(self) -> u8 {
        self.white + self.black
    }

    /// The master mode's flow of this space: white majority clockwise, black majority
    /// counter-clockwise, a tie as the flux coin shows.
    pub fn master_flow(self, coin: Flow) -> Flow {
        match self.white.cmp(&self.black) {
            std::cmp::Ordering::Greater => Flow::Clockwise,
            std::cmp::Ordering::Less => Flow::CounterClockwise,
            std::cmp::Ordering::Equal => coin,
        }
    }
}

/// The wheel at the start of every game: 2 white stones on heaven, 2 black on earth,
/// one of each on water and on fire. Indexed like [`WHEEL`].
pub fn starting_wheel() -> [Space; 8] {
    let mut w = [Space::default(); 8];
    w[wheel_index(Trigram::HEAVEN)] = Space { white: 2, black: 0 };
    w[wheel_index(Trigram::EARTH)] = Space { white: 0, black: 2 };
    w[wheel_index(Trigram::WATER)] = Space { white: 1, black: 1 };
    w[wheel_index(Trigram::FIRE)] = Space { white: 1, black: 1 };
    w
}

/// Sows the stones of space `from` one by one on the following spaces in `flow`,
/// the sower choosing the colours in `order` (the stones taken, in the order they
/// are dropped). Returns the new wheel and the index of the last space, whose
/// element is the action; `None` if `from` is empty or `order` is not exactly the
/// stones taken.
pub fn sow(wheel: [Space; 8], from: usize, flow: Flow, order: &[StoneColour]) -> Option<([Space; 8], usize)> {
    let taken = wheel[from];
    let whites = order.iter().filter(|&&c| c == StoneColour::White).count();
    if taken.total() == 0 || order.len() != taken.total() as usize || whites != taken.white as usize {
        return None;
    }
    let mut w = wheel;
    w[from] = Space::default();
    let mut at = from;
    for c in order {
        at = flow.next(at);
        match c {
            StoneColour::White => w[at].white += 1,
            StoneColour::Black => w[at].black += 1,
        }
    }
    Some((w, at))
}

/// The monk mode's combinations a colour can make on the wheel.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Combination {
    /// All four stones of the colour on one space: that dragon performs its action.
    Focus { colour: StoneColour, space: usize },
    /// One stone of the colour on each of heaven, earth, fire and water: that dragon
    /// matches its water and fire to its opponent's.
    Balance { colour: StoneColour },
}

/// The combinations present on `wheel`.
pub fn combinations(wheel: &[Space; 8]) -> Vec<Combination> {
    let mut out = Vec::new();
    for colour in [StoneColour::White, StoneColour::Black] {
        let n = |s: &Space| if colour == StoneColour::White { s.white } else { s.black };
        if let Some(space) = wheel.iter().position(|s| n(s) == STONES_PER_COLOUR) {
            out.push(Combination::Focus { colour, space });
        }
        let main = [Trigram::HEAVEN, Trigram::EARTH, Trigram::FIRE, Trigram::WATER];
        if main.iter().all(|&t| n(&wheel[wheel_index(t)]) == 1) {
            out.push(Combination::Balance { colour });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wheel_is_earlier_heaven_with_opposites_facing() {
        assert_eq!(WHEEL[0], Trigram::HEAVEN, "heaven at the top");
        assert_eq!(WHEEL[4], Trigram::EARTH, "earth opposite");
        for i in 0..4 {
            assert_eq!(WHEEL[i].complement(), WHEEL[i + 4], "{} faces its complement", WHEEL[i]);
        }
        let fire = wheel_index(Trigram::FIRE);
        assert_eq!(WHEEL[(fire + 4) % 8], Trigram::WATER);
        let mut all = WHEEL.to_vec();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 8);
    }

    #[test]
    fn setup_wheel_has_all_eight_stones() {
        let w = starting_wheel();
        assert_eq!(w.iter().map(|s| s.white).sum::<u8>(), STONES_PER_COLOUR);
        assert_eq!(w.iter().map(|s| s.black).sum::<u8>(), STONES_PER_COLOUR);
        assert_eq!(w[wheel_index(Trigram::HEAVEN)], Space { white: 2, black: 0 });
    }

    #[test]
    fn sowing_goes_counter_clockwise_and_names_the_action() {
        use StoneColour::*;
        let w = starting_wheel();
        // Heaven's two stones fall on lake and fire: the action is fire.
        let (after, last) = sow(w, 0, Flow::CounterClockwise, &[White, White]).unwrap();
        assert_eq!(WHEEL[last], Trigram::FIRE);
        assert_eq!(after[0].total(), 0);
        assert_eq!(after[wheel_index(Trigram::FIRE)], Space { white: 2, black: 1 });
        // Clockwise from heaven the next spaces are wind and water.
        let (_, last) = sow(w, 0, Flow::Clockwise, &[White, White]).unwrap();
        assert_eq!(WHEEL[last], Trigram::WATER);
        assert!(sow(w, 1, Flow::CounterClockwise, &[]).is_none(), "empty space");
        assert!(sow(w, 0, Flow::CounterClockwise, &[Black, White]).is_none(), "wrong colours");
    }

    #[test]
    fn master_flow_follows_the_majority() {
        let coin = Flow::CounterClockwise;
        assert_eq!(Space { white: 2, black: 1 }.master_flow(coin), Flow::Clockwise);
        assert_eq!(Space { white: 0, black: 1 }.master_flow(coin), Flow::CounterClockwise);
        assert_eq!(Space { white: 1, black: 1 }.master_flow(coin.flipped()), Flow::Clockwise);
    }

    #[test]
    fn combinations_are_found() {
        let mut w = [Space::default(); 8];
        w[3].white = 4;
        for t in [Trigram::HEAVEN, Trigram::EARTH, Trigram::FIRE, Trigram::WATER] {
            w[wheel_index(t)].black = 1;
        }
        let found = combinations(&w);
        assert!(found.contains(&Combination::Focus { colour: StoneColour::White, space: 3 }));
        assert!(found.contains(&Combination::Balance { colour: StoneColour::Black }));
        assert!(combinations(&starting_wheel()).is_empty());
    }
}
