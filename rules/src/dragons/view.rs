//! What a seat sees of a game of Dragons of the Ba-Gua: everything (the game hides
//! nothing), as JSON for the browser and the API.

use super::rules::{Cell, Direction, Dragon, SEGMENTS};
use super::state::Mode;
use super::wheel::{Flow, Space, WHEEL};
use super::{Dragons, Task, dragon, seat};
use crate::play::{Game, Seat};
use serde::Serialize;

/// One dragon as the board shows it.
#[derive(Clone, Debug, Serialize)]
pub struct DragonView {
    pub dragon: Dragon,
    pub seat: Seat,
    /// Head first.
    pub cells: Vec<Cell>,
    pub facing: Direction,
    pub life: u8,
    pub fire: u8,
    pub segments: u8,
    /// Segments lost (they stand on the board of Ba-Gua's "lost segment" places).
    pub lost: u8,
    /// Whether it has lost its last segment: the head shows its defeated face.
    pub defeated: bool,
    /// The squares of the portals it is crossing.
    pub portals: Vec<Cell>,
}

/// A portal and whether a dragon is crossing it.
#[derive(Clone, Debug, Serialize)]
pub struct PortalView {
    pub colour: super::rules::PortalColour,
    pub cell: Cell,
    pub occupied_by: Option<Dragon>,
}

/// One space of the wheel.
#[derive(Clone, Debug, Serialize)]
pub struct SpaceView {
    pub element: &'static str,
    #[serde(flatten)]
    pub stones: Space,
}

/// The whole table.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub seat: Seat,
    pub you: Dragon,
    pub scenario: &'static str,
    pub mode: Mode,
    pub to_move: Option<Seat>,
    pub turn: u32,
    pub phase: &'static str,
    /// The element the matter phase carries out.
    pub element: Option<&'static str>,
    /// The dragon the matter phase moves (none in the spirit phase).
    pub moving: Option<Dragon>,
    pub dragons: Vec<DragonView>,
    pub rock: Option<Cell>,
    pub portals: Vec<PortalView>,
    pub wheel: Vec<SpaceView>,
    pub coin: Flow,
    pub centre_water: u8,
    pub centre_fire: u8,
}

impl View {
    pub fn of(game: &Dragons, at: Seat) -> View {
        let b = &game.board;
        let (phase, element) = game.phase();
        let moving = match game.front() {
            Some(Task::Matter { dragon, .. }) => Some(dragon),
            _ => None,
        };
        let defeated = b.defeated();
        View {
            seat: at,
            you: dragon(at),
            scenario: game.scenario,
            mode: game.mode,
            to_move: game.to_move(),
            turn: game.turns(),
            phase,
            element,
            moving,
            dragons: b
                .beasts
                .iter()
                .map(|x| DragonView {
                    dragon: x.dragon,
                    seat: seat(x.dragon),
                    cells: x.body().to_vec(),
                    facing: x.facing,
                    life: x.life,
                    fire: x.fire,
                    segments: x.segments(),
                    lost: SEGMENTS - x.segments(),
                    defeated: defeated == Some(x.dragon),
                    portals: x
                        .links
                        .iter()
                        .flatten()
                        .flat_map(|l| [b.portals[l.entered as usize].cell, b.portals[l.exit as usize].cell])
                        .collect(),
                })
                .collect(),
            rock: b.rock,
            portals: b
                .portals()
                .iter()
                .enumerate()
                .map(|(i, p)| PortalView { colour: p.colour, cell: p.cell, occupied_by: b.crossing(i as u8) })
                .collect(),
            wheel: WHEEL
                .iter()
                .zip(b.wheel)
                .map(|(&t, stones)| SpaceView { element: super::rules::element_name(t), stones })
                .collect(),
            coin: b.coin,
            centre_water: b.centre_water,
            centre_fire: b.centre_fire,
        }
    }
}
