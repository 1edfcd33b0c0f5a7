//! Every rulebook figure lies inside its own canvas. The rulebooks scale a figure's canvas
//! to the text block (`#fig(…, width: 100%)`), so a drawing that spills past its canvas
//! spills past the text block, and off the page (as the Dragons pieces figure once did).
//! Card faces are exempt: the books clip them to their trim (`trimmed` in `common.typ`),
//! and their background textures run into the bleed by design.

use hexforge::games;
use hexforge::print::render::svg_tree;

/// How far a drawing may stick out past the canvas, in px at 96 dpi (strokes are not counted: an outline on the edge is half outside by design).
const TOLERANCE: f32 = 0.75;

#[test]
fn every_figure_lies_inside_its_canvas() {
    let mut checked = 0;
    let mut outside = Vec::new();
    for game in games::all() {
        for (name, svg) in game.figures().expect("figures draw") {
            if svg.contains(" data-deck=") {
                continue;
            }
            let tree = svg_tree(&svg, 96.0).expect("figures parse");
            let size = tree.size();
            let b = tree.root().abs_bounding_box();
            if b.left() < -TOLERANCE
                || b.top() < -TOLERANCE
                || b.right() > size.width() + TOLERANCE
                || b.bottom() > size.height() + TOLERANCE
            {
                outside.push(format!(
                    "{}/{name}: drawing {:.0}..{:.0} × {:.0}..{:.0} on a canvas {:.0} × {:.0}",
                    game.key(),
                    b.left(),
                    b.right(),
                    b.top(),
                    b.bottom(),
                    size.width(),
                    size.height()
                ));
            }
            checked += 1;
        }
    }
    assert!(checked >= 15, "only {checked} figures were checked");
    assert!(outside.is_empty(), "figures spill past their canvas:\n{}", outside.join("\n"));
}
