//! What one seat at a 易经牌 table may see: its own hand and hidden hexagram, every tile
//! laid face up (each seat's column and laid hexagrams), the size of the others' hands and
//! of the wall; never another seat's hand or hidden hexagram, nor the wall's order. And the
//! game a search bot plans on: everything the seat cannot see dealt again at random.

use super::legal::{self, Group};
use super::tiles::TileKind;
use super::{SEATS, Settlement, YijingPai};
use crate::play::{Game, Outcome, Seat};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

/// A group laid, and by whom.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastView {
    pub seat: Seat,
    pub tiles: String,
}

/// One seat's view of the table (tiles as [`legal`] writes them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub seat: Seat,
    /// `hide`, `call`, `respond` or `over`.
    pub phase: &'static str,
    pub to_move: Option<Seat>,
    /// The seat's own hand.
    pub hand: String,
    /// The seat's own hidden hexagram, line 1 first (null until set aside).
    pub hidden: Option<String>,
    /// Every seat's hexagram in the making, line 1 first.
    pub columns: Vec<String>,
    /// Every seat's laid hexagrams, line 1 first.
    pub laid: Vec<Vec<String>>,
    /// Every seat's number of tiles in hand.
    pub hand_sizes: Vec<usize>,
    /// Which seats have set their hidden hexagram aside.
    pub hidden_set: Vec<bool>,
    pub wall: usize,
    pub last: Option<LastView>,
    pub outcome: Option<Outcome>,
    pub settlement: Option<Settlement>,
}

impl View {
    pub fn of(game: &YijingPai, seat: Seat) -> View {
        let laid_string = |bits: u8| (0..6).map(|i| if bits >> i & 1 == 1 { '1' } else { '0' }).collect::<String>();
        View {
            seat,
            phase: game.phase(),
            to_move: game.to_move(),
            hand: legal::kinds_string(game.hand(seat)),
            hidden: game.hidden(seat).map(|h| legal::kinds_string(h)),
            columns: (0..SEATS).map(|s| Group::string_of(game.column(s))).collect(),
            laid: (0..SEATS).map(|s| game.laid(s).iter().map(|d| laid_string(d.bits)).collect()).collect(),
            hand_sizes: (0..SEATS).map(|s| game.hand(s).len()).collect(),
            hidden_set: (0..SEATS).map(|s| game.hidden(s).is_some()).collect(),
            wall: game.wall(),
            last: game.last().map(|(seat, group)| LastView { seat, tiles: group.string() }),
            outcome: game.outcome(),
            settlement: game.settlement(),
        }
    }
}

impl Group {
    /// Laid tiles as characters.
    pub fn string_of(tiles: &[legal::Laid]) -> String {
        tiles.iter().map(|t| t.char()).collect()
    }
}

/// `game` as `seat` might find it: the tiles it cannot see (the other hands, the other
/// hidden hexagrams, the wall) shuffled together and dealt back into the same places.
pub fn determinized(game: &YijingPai, seat: Seat, rng: &mut ChaCha8Rng) -> YijingPai {
    let mut world = game.clone();
    let mut unseen: Vec<TileKind> = world.wall.clone();
    for s in (0..SEATS).filter(|&s| s != seat) {
        unseen.extend_from_slice(&world.hands[s]);
        if let Some(hidden) = world.hidden[s] {
            unseen.extend_from_slice(&hidden);
        }
    }
    unseen.shuffle(rng);
    let mut next = unseen.into_iter();
    let mut take = |n: usize| (&mut next).take(n).collect::<Vec<_>>();
    for s in (0..SEATS).filter(|&s| s != seat) {
        let n = world.hands[s].len();
        world.hands[s] = take(n);
        world.hands[s].sort_unstable();
        if world.hidden[s].is_some() {
            let tiles = take(6);
            world.hidden[s] = Some(std::array::from_fn(|i| tiles[i]));
        }
    }
    let n = world.wall.len();
    world.wall = take(n);
    world
}
