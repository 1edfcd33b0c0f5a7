//! What a seat at a Liubo table sees: everything, since nothing in Liubo is hidden but the
//! throws to come. Each side's pieces by station, its stones at home and held prisoner,
//! the values left to play, the seat to move and the outcome.

use super::{Liubo, Place};
use crate::play::{Game, Outcome, Seat};
use serde::Serialize;

/// One side's pieces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideView {
    /// The stations of its ordinary stones on the board, ascending (a station twice holds
    /// two stones).
    pub stones: Vec<u8>,
    /// The owl's station, if it has one.
    pub owl: Option<u8>,
    /// Stones off the board, to be entered.
    pub home: usize,
    /// Its stones held prisoner by the opponent.
    pub prisoners: usize,
}

/// One seat's view of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LiuboView {
    pub seat: Seat,
    /// White (seat 0), then Black.
    pub sides: Vec<SideView>,
    /// The values of the throw still to play (empty: the seat to move throws next).
    pub left: Vec<u8>,
    pub to_move: Option<Seat>,
    pub outcome: Option<Outcome>,
}

impl LiuboView {
    pub fn of(game: &Liubo, seat: Seat) -> LiuboView {
        let side = |s: Seat| {
            let places = game.places(s);
            let mut stones: Vec<u8> =
                places.iter().filter(|p| matches!(p, Place::At(_))).map(|&p| Liubo::station(p)).collect();
            stones.sort_unstable();
            SideView {
                stones,
                owl: game.owl(s),
                home: places.iter().filter(|p| **p == Place::Home).count(),
                prisoners: game.prisoners_of(s),
            }
        };
        LiuboView {
            seat,
            sides: (0..game.players()).map(side).collect(),
            left: game.left(),
            to_move: game.to_move(),
            outcome: game.outcome(),
        }
    }
}
