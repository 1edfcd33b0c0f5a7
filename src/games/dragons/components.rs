//! What is in the box of Dragons of the Ba-Gua: every component with the seed's count,
//! its shape and the faces printed for it. Pure data, no I/O.

use hexforge_rules::dragons::rules::{Dragon, FIRE_STONES, PortalColour, StoneColour, WATER_STONES};
use serde::{Serialize, Serializer};

/// What a component is, for the sheets that print it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// A large board, printed on its own page(s).
    Board,
    /// A square tile the size of a square of the board of human.
    Tile,
    /// A round token.
    Token,
    /// The long distance ruler.
    Ruler,
}

/// Which component: the boards, the stones, the tiles of each dragon and portal, the
/// ruler, the coin. Serialised as its [`ComponentKind::key`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ComponentKind {
    BoardHuman,
    BoardBagua,
    BaguaStone(StoneColour),
    DragonHead(Dragon),
    DragonSegment(Dragon),
    WaterStone,
    FireStone,
    DistanceRuler,
    Rock,
    Portal(PortalColour),
    FluxCoin,
}

impl ComponentKind {
    /// Stable id, also the stem of its files: `dragon-white-head`, `portal-green`, …
    pub fn key(self) -> &'static str {
        use ComponentKind::*;
        match self {
            BoardHuman => "board-human",
            BoardBagua => "board-bagua",
            BaguaStone(StoneColour::White) => "bagua-stone-white",
            BaguaStone(StoneColour::Black) => "bagua-stone-black",
            DragonHead(Dragon::Sky) => "dragon-white-head",
            DragonHead(Dragon::Earth) => "dragon-black-head",
            DragonSegment(Dragon::Sky) => "dragon-white-segment",
            DragonSegment(Dragon::Earth) => "dragon-black-segment",
            WaterStone => "water-stone",
            FireStone => "fire-stone",
            DistanceRuler => "distance-ruler",
            Rock => "rock",
            Portal(PortalColour::Green) => "portal-green",
            Portal(PortalColour::Red) => "portal-red",
            Portal(PortalColour::Blue) => "portal-blue",
            FluxCoin => "flux-coin",
        }
    }
}

impl Serialize for ComponentKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

/// A printed face of a component. Serialised as its [`ComponentFace::key`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ComponentFace {
    /// A board's only face.
    Board,
    /// The only face of a one-faced piece (stones, the rock).
    Plain,
    /// A head's living face.
    Alive,
    /// A head's face once the dragon has lost.
    Defeated,
    /// A segment joining two opposite edges; the ruler's face laid straight ahead.
    Straight,
    /// A segment joining two neighbouring edges.
    Curve,
    /// The ruler's face laid diagonally.
    Slant,
    /// A portal no dragon stands in.
    Free,
    /// A portal a dragon stands in.
    Occupied,
    /// The flux coin's starting face: the normal flow.
    CounterClockwise,
    /// The flux coin's other face.
    Clockwise,
}

impl ComponentFace {
    /// The face's name in file names and templates: `alive`, `face` (the plain one), …
    pub fn key(self) -> &'static str {
        match self {
            ComponentFace::Board => "board",
            ComponentFace::Plain => "face",
            ComponentFace::Alive => "alive",
            ComponentFace::Defeated => "defeated",
            ComponentFace::Straight => "straight",
            ComponentFace::Curve => "curve",
            ComponentFace::Slant => "slant",
            ComponentFace::Free => "free",
            ComponentFace::Occupied => "occupied",
            ComponentFace::CounterClockwise => "counter-clockwise",
            ComponentFace::Clockwise => "clockwise",
        }
    }
}

impl Serialize for ComponentFace {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

/// One kind of component, as listed in the box.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Component {
    /// Which component; its key is the stem of its files.
    pub kind: ComponentKind,
    /// Name in the rulebook's component list.
    pub name: &'static str,
    /// How many the game has.
    pub quantity: u8,
    /// The seed's line this component counts towards (`dragon tiles`, `portal tiles`…).
    pub group: &'static str,
    pub shape: Shape,
    /// The faces printed for it; two faces are printed side by side to fold and glue.
    pub faces: &'static [ComponentFace],
}

const fn comp(
    kind: ComponentKind,
    name: &'static str,
    quantity: u8,
    group: &'static str,
    shape: Shape,
    faces: &'static [ComponentFace],
) -> Component {
    Component { kind, name, quantity, group, shape, faces }
}

use ComponentKind as K;

/// Every component, with the seed's counts.
pub const COMPONENTS: [Component; 16] = [
    comp(K::BoardHuman, "Board of human (9 × 9)", 1, "board of human", Shape::Board, &[ComponentFace::Board]),
    comp(K::BoardBagua, "Board of Ba-Gua", 1, "board of ba-gua", Shape::Board, &[ComponentFace::Board]),
    comp(
        K::BaguaStone(StoneColour::White),
        "Ba-Gua stones, white",
        4,
        "ba-gua stones",
        Shape::Token,
        &[ComponentFace::Plain],
    ),
    comp(
        K::BaguaStone(StoneColour::Black),
        "Ba-Gua stones, black",
        4,
        "ba-gua stones",
        Shape::Token,
        &[ComponentFace::Plain],
    ),
    comp(K::DragonHead(Dragon::Sky), "Tianlong head (white)", 1, "dragon tiles", Shape::Tile, HEAD),
    comp(K::DragonSegment(Dragon::Sky), "Tianlong segments (white)", 3, "dragon tiles", Shape::Tile, SEGMENT),
    comp(K::DragonHead(Dragon::Earth), "Dilong head (black)", 1, "dragon tiles", Shape::Tile, HEAD),
    comp(K::DragonSegment(Dragon::Earth), "Dilong segments (black)", 3, "dragon tiles", Shape::Tile, SEGMENT),
    comp(K::WaterStone, "Water stones", WATER_STONES, "water stones", Shape::Token, &[ComponentFace::Plain]),
    comp(K::FireStone, "Fire stones", FIRE_STONES, "fire stones", Shape::Token, &[ComponentFace::Plain]),
    comp(
        K::DistanceRuler,
        "Distance ruler",
        1,
        "distance ruler",
        Shape::Ruler,
        &[ComponentFace::Straight, ComponentFace::Slant],
    ),
    comp(K::Rock, "Rock tile", 1, "rock tile", Shape::Tile, &[ComponentFace::Plain]),
    comp(K::Portal(PortalColour::Green), "Portal tiles, green", 2, "portal tiles", Shape::Tile, PORTAL),
    comp(K::Portal(PortalColour::Red), "Portal tile, red", 1, "portal tiles", Shape::Tile, PORTAL),
    comp(K::Portal(PortalColour::Blue), "Portal tile, blue", 1, "portal tiles", Shape::Tile, PORTAL),
    comp(
        K::FluxCoin,
        "Flux coin",
        1,
        "flux coin",
        Shape::Token,
        &[ComponentFace::CounterClockwise, ComponentFace::Clockwise],
    ),
];

const HEAD: &[ComponentFace] = &[ComponentFace::Alive, ComponentFace::Defeated];
const SEGMENT: &[ComponentFace] = &[ComponentFace::Straight, ComponentFace::Curve];
const PORTAL: &[ComponentFace] = &[ComponentFace::Free, ComponentFace::Occupied];

/// The component of this kind.
pub fn component(kind: ComponentKind) -> &'static Component {
    COMPONENTS.iter().find(|c| c.kind == kind).expect("every kind is in the box")
}

/// How many pieces count towards one of the seed's lines (`dragon tiles` → 8).
pub fn group_total(group: &str) -> u32 {
    COMPONENTS.iter().filter(|c| c.group == group).map(|c| c.quantity as u32).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexforge_rules::dragons::rules::{LIFE_MAX, SEGMENTS, STONES_PER_COLOUR};

    /// The seed's component list, line by line: (group, count).
    const SEED_COUNTS: [(&str, u32); 11] = [
        ("board of human", 1),
        ("board of ba-gua", 1),
        ("ba-gua stones", 8),
        ("dragon tiles", 8),
        ("water stones", 8),
        ("fire stones", 8),
        ("distance ruler", 1),
        ("rock tile", 1),
        ("portal tiles", 4),
        ("flux coin", 1),
        // The life meter starts with 4 water stones per dragon: all 8.
        ("water stones", 2 * LIFE_MAX as u32),
    ];

    #[test]
    fn component_counts_match_the_seed() {
        for (group, n) in SEED_COUNTS {
            assert_eq!(group_total(group), n, "{group}");
        }
        let groups: std::collections::BTreeSet<_> = COMPONENTS.iter().map(|c| c.group).collect();
        assert_eq!(groups.len(), 10);
        // Each dragon: one head and three segments of its colour.
        for dragon in Dragon::BOTH {
            assert_eq!(component(K::DragonHead(dragon)).quantity, 1);
            assert_eq!(component(K::DragonSegment(dragon)).quantity, SEGMENTS);
            assert_eq!(component(K::BaguaStone(dragon.colour())).quantity, STONES_PER_COLOUR);
        }
        let portals = [(PortalColour::Green, 2), (PortalColour::Red, 1), (PortalColour::Blue, 1)];
        for (colour, n) in portals {
            assert_eq!(component(K::Portal(colour)).quantity, n);
        }
    }

    #[test]
    fn keys_are_unique() {
        let keys: std::collections::BTreeSet<_> = COMPONENTS.iter().map(|c| c.kind.key()).collect();
        assert_eq!(keys.len(), COMPONENTS.len());
    }
}
