//! The figures of Dragons of the Ba-Gua's rulebook: the boards and setups as printed, the
//! eight movements and the ruler's reach drawn from the rules, and a row of every piece.
//! Drawn through `templates/dragons/diagram.svg.j2` and `pieces-figure.svg.j2`.

use super::boards::{board_bagua_svg, board_human_svg, dragon_pieces};
use super::components::{ComponentFace, ComponentKind, Shape};
use super::pieces::{CELL_MM, Piece, PieceFace, PieceKind, RULER_MM, TILE_MM, faces, ruler_pair};
use crate::games::ArtError;
use crate::games::Figure;
use crate::print::template;
use hexforge_rules::core::trigram::Trigram;
use hexforge_rules::dragons::rules::{Cell, Dragon, DragonBody, element_name, reachable, ruler_reach};
use hexforge_rules::dragons::scenarios::scenarios;
use serde::Serialize;
use serde_json::{Value, json};

/// Faces in a row of the pieces figure.
const FACES_PER_ROW: usize = 9;

#[derive(Debug, Clone, Serialize)]
struct Diagram {
    x: f32,
    y: f32,
    cols: u8,
    rows: u8,
    cell: f32,
    title: String,
    subtitle: String,
    /// Squares to tint, with an optional label: [{x, y, label, kind}] diagram-relative.
    marks: Vec<Value>,
    pieces: Vec<Piece>,
    /// Arrows: SVG path data, diagram-relative.
    paths: Vec<String>,
}

/// A small board of `cols` × `rows` squares; square (c, r) has its centre at the returned
/// closure's value (row 0 at the bottom).
fn mini_centre(cell: f32, rows: u8) -> impl Fn(u8, u8) -> (f32, f32) {
    move |c, r| ((f32::from(c) + 0.5) * cell, (f32::from(rows - 1 - r) + 0.5) * cell)
}

/// The mini diagrams of the eight movements: a dragon in the middle of a 5 × 5 board,
/// facing up (on the vertical axis) or right (on the horizontal axis), with every square
/// its head may end on. Drawn from [`reachable`], so the pictures follow the rules.
fn moves_figure() -> Result<String, ArtError> {
    let cell = 10.0;
    let size = 5u8;
    let up = |c, r| Cell::new(c, r).expect("inside the mini board");
    // Boards are the real 9 × 9 coordinates, shifted: the 5 × 5 window is a1..e5.
    let vertical = DragonBody { dragon: Dragon::Sky, cells: vec![up(2, 2), up(2, 1), up(2, 0), up(3, 0)] };
    let horizontal = DragonBody { dragon: Dragon::Sky, cells: vec![up(2, 2), up(1, 2), up(0, 2), up(0, 3)] };
    let outside = |c: Cell| c.col() >= size || c.row() >= size;
    let cases: [(Trigram, &DragonBody, &str); 10] = [
        (Trigram::HEAVEN, &vertical, "1 or 2 squares, vertical"),
        (Trigram::EARTH, &vertical, "1 or 2 squares, horizontal"),
        (Trigram::WIND, &vertical, "vertical, then horizontal"),
        (Trigram::THUNDER, &vertical, "horizontal, then vertical"),
        (Trigram::LAKE, &vertical, "vertical axis: one step"),
        (Trigram::LAKE, &horizontal, "horizontal axis: still"),
        (Trigram::MOUNTAIN, &vertical, "vertical axis: still"),
        (Trigram::MOUNTAIN, &horizontal, "horizontal axis: one step"),
        (Trigram::FIRE, &vertical, "one step, any way"),
        (Trigram::WATER, &horizontal, "one step, any way"),
    ];
    let per_row = 5;
    let (gap_x, gap_y, head_h) = (8.0, 16.0, 11.0);
    let centre = mini_centre(cell, size);
    let mut diagrams = Vec::new();
    for (k, (t, body, what)) in cases.iter().enumerate() {
        let reach = reachable(body, *t, outside);
        let mut marks = Vec::new();
        let mut paths = Vec::new();
        for r in &reach {
            if r.head() == body.head() {
                continue;
            }
            let (x, y) = centre(r.head().col(), r.head().row());
            marks.push(json!({ "x": x, "y": y, "kind": "end" }));
            // The head's path: every square the head passed, from its start.
            let mut trail: Vec<Cell> = r.cells.iter().take_while(|c| !body.cells.contains(c)).copied().collect();
            trail.reverse();
            let mut d = {
                let (x0, y0) = centre(body.head().col(), body.head().row());
                format!("M{x0:.2} {y0:.2}")
            };
            for c in trail {
                let (x1, y1) = centre(c.col(), c.row());
                d.push_str(&format!(" L{x1:.2} {y1:.2}"));
            }
            paths.push(d);
        }
        let pieces = dragon_pieces(body, |c| centre(c.col(), c.row()))
            .into_iter()
            .map(|mut p| {
                p.size = cell * TILE_MM / CELL_MM;
                p
            })
            .collect();
        let col = (k % per_row) as f32;
        let row = (k / per_row) as f32;
        diagrams.push(Diagram {
            x: col * (f32::from(size) * cell + gap_x),
            y: head_h + row * (f32::from(size) * cell + gap_y + head_h),
            cols: size,
            rows: size,
            cell,
            title: format!("{} {}", t.chinese(), element_name(*t).to_uppercase()),
            subtitle: what.to_string(),
            marks,
            pieces,
            paths,
        });
    }
    let width = per_row as f32 * (f32::from(size) * cell + gap_x) - gap_x;
    let height = 2.0 * (f32::from(size) * cell + head_h) + gap_y + 2.0;
    diagram_svg(width, height, &diagrams, "moves")
}

/// The ruler's reach: a dragon on a 7 × 6 board with the squares each face covers and
/// their values, drawn from [`ruler_reach`].
fn ruler_reach_figure() -> Result<String, ArtError> {
    let cell = 11.0;
    let (cols, rows) = (7u8, 7u8);
    let at = |c, r| Cell::new(c, r).expect("inside the mini board");
    let body = DragonBody { dragon: Dragon::Sky, cells: vec![at(3, 1), at(3, 0), at(2, 0), at(1, 0)] };
    let enemy = DragonBody { dragon: Dragon::Earth, cells: vec![at(6, 5), at(6, 4), at(5, 4), at(5, 5)] };
    let rock = at(3, 4);
    let tiles: Vec<Cell> = body.cells.iter().chain(&enemy.cells).copied().chain([rock]).collect();
    let outside = |c: Cell| c.col() >= cols || c.row() >= rows;
    let centre = mini_centre(cell, rows);
    let reach = ruler_reach(body.head(), body.facing(), |c| tiles.contains(&c) || outside(c));
    let mut marks = Vec::new();
    for r in reach.iter().filter(|r| !outside(r.cell)) {
        let (x, y) = centre(r.cell.col(), r.cell.row());
        let hit = enemy.cells.contains(&r.cell);
        let kind = if hit {
            "hit"
        } else if tiles.contains(&r.cell) {
            "blocked"
        } else {
            "reach"
        };
        marks.push(json!({ "x": x, "y": y, "kind": kind, "label": r.value.to_string() }));
    }
    let mut pieces: Vec<Piece> = dragon_pieces(&body, |c| centre(c.col(), c.row()));
    pieces.extend(dragon_pieces(&enemy, |c| centre(c.col(), c.row())));
    let (rx, ry) = centre(rock.col(), rock.row());
    pieces.push(Piece::new(PieceKind::Rock, ComponentFace::Plain, TILE_MM).at(rx, ry));
    for p in &mut pieces {
        p.size = cell * TILE_MM / CELL_MM;
    }
    let best = reach.iter().filter(|r| enemy.cells.contains(&r.cell)).map(|r| r.value).max().unwrap_or(0);
    let d = Diagram {
        x: 0.0,
        y: 11.0,
        cols,
        rows,
        cell,
        title: "The ruler's reach".into(),
        subtitle: format!("both faces of the ruler; best value on Dilong: {best}"),
        marks,
        pieces,
        paths: Vec::new(),
    };
    diagram_svg(f32::from(cols) * cell, 11.0 + f32::from(rows) * cell + 2.0, &[d], "ruler-reach")
}

fn diagram_svg(width: f32, height: f32, diagrams: &[Diagram], key: &str) -> Result<String, ArtError> {
    let ctx = json!({ "width": width, "height": height, "diagrams": diagrams, "key": key });
    Ok(template::render("dragons/diagram.svg.j2", ctx)?)
}

/// Every face in rows of [`FACES_PER_ROW`], then the ruler, for the rulebook's components
/// page. The rows wrap by the faces placed, so the figure stays as wide as its canvas.
fn pieces_figure() -> Result<String, ArtError> {
    let pitch = 28.0;
    let row_pitch = 42.0;
    let all = faces();
    let placed: Vec<(&PieceFace, Piece)> =
        all.iter().filter(|f| f.component.shape != Shape::Ruler).filter_map(|f| Some((f, f.piece()?))).collect();
    let mut pieces = Vec::new();
    let mut labels = Vec::new();
    for (k, (f, p)) in placed.iter().enumerate() {
        let x = TILE_MM / 2.0 + 1.0 + (k % FACES_PER_ROW) as f32 * pitch;
        let row_y = 14.0 + (k / FACES_PER_ROW) as f32 * row_pitch;
        // A face larger than a tile (the coin) is drawn tile-sized: at its own size two
        // faces side by side overlapped at this pitch.
        let mut p = p.clone();
        p.size = p.size.min(TILE_MM);
        // Bottoms aligned on the row.
        let y = row_y + (TILE_MM - p.size) / 2.0;
        pieces.push(p.at(x, y));
        labels.push(json!({ "x": x, "y": row_y + TILE_MM / 2.0 + 5.0, "lines": face_caption(f) }));
    }
    let last_row_y = 14.0 + (placed.len().saturating_sub(1) / FACES_PER_ROW) as f32 * row_pitch;
    let ctx = json!({
        "width": FACES_PER_ROW as f32 * pitch - 2.0,
        "height": last_row_y + 26.0 + RULER_MM.1 * 2.0 + 8.0,
        "pieces": pieces,
        "labels": labels,
        "ruler": ruler_pair(1.0, last_row_y + 28.0),
    });
    Ok(template::render("dragons/pieces-figure.svg.j2", ctx)?)
}

/// The two caption lines under a face in the pieces figure: what it is, which face.
fn face_caption(f: &PieceFace) -> Vec<String> {
    let name = match f.component.kind {
        ComponentKind::DragonHead(d) => format!("{} head", d.colour().key()),
        ComponentKind::DragonSegment(d) => format!("{} segment", d.colour().key()),
        ComponentKind::Portal(colour) => format!("{} portal", colour.key()),
        ComponentKind::WaterStone => "water stone".into(),
        ComponentKind::FireStone => "fire stone".into(),
        ComponentKind::BaguaStone(_) => "Ba-Gua stone".into(),
        ComponentKind::FluxCoin => "flux coin".into(),
        other => other.key().into(),
    };
    let face = match (f.component.faces.len(), f.component.kind) {
        (1, ComponentKind::BaguaStone(colour)) => colour.key().to_string(),
        (1, _) => String::new(),
        _ => f.face.key().to_string(),
    };
    vec![name, face]
}

/// Every figure the rulebook template uses: (file name, SVG).
pub fn rulebook_figures() -> Result<Vec<Figure>, ArtError> {
    let [intro, valley] = scenarios();
    let figures = vec![
        ("cover.svg", board_bagua_svg(false)?),
        ("bagua-setup.svg", board_bagua_svg(true)?),
        ("board.svg", board_human_svg(None, false)?),
        ("setup-introductory.svg", board_human_svg(Some(&intro), false)?),
        ("setup-valley.svg", board_human_svg(Some(&valley), false)?),
        ("moves.svg", moves_figure()?),
        ("ruler-reach.svg", ruler_reach_figure()?),
        ("pieces.svg", pieces_figure()?),
    ];
    Ok(figures.into_iter().map(|(name, svg)| (name.to_string(), svg)).collect())
}
