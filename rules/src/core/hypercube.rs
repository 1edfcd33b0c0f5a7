//! The 64 hexagrams as the corners of a six-dimensional cube.
//!
//! Two hexagrams are joined when they differ in exactly one line; the edge is labelled
//! with that line. The graph is built once, on first use, and shared by every caller.
//! Game rules that walk the cube (Pathways) ask it for neighbours.

use crate::core::hexagram::{Hexagram, LinePosition};
use petgraph::graph::{NodeIndex, UnGraph};
use petgraph::visit::EdgeRef;
use std::sync::OnceLock;

/// The hypercube graph: one node per hexagram, one edge per changed line.
#[derive(Debug)]
pub struct Hypercube {
    graph: UnGraph<Hexagram, LinePosition>,
    /// `nodes[bits]` is the node of the hexagram with these line bits.
    nodes: [NodeIndex; 64],
    /// `adjacency[bits]`: the six neighbours read off the graph, ascending King Wen number.
    adjacency: [[(LinePosition, Hexagram); 6]; 64],
}

/// The shared hypercube, built on first call.
pub fn hypercube() -> &'static Hypercube {
    static CUBE: OnceLock<Hypercube> = OnceLock::new();
    CUBE.get_or_init(Hypercube::build)
}

impl Hypercube {
    fn build() -> Hypercube {
        let mut graph = UnGraph::with_capacity(64, 192);
        let nodes: [NodeIndex; 64] = std::array::from_fn(|bits| graph.add_node(Hexagram::from_bits(bits as u8)));
        for bits in 0..64u8 {
            let here = Hexagram::from_bits(bits);
            for line in LinePosition::ALL {
                let there = here.changed(line);
                // Each edge once: from the end whose line is yin.
                if there.bits() > bits {
                    graph.add_edge(nodes[bits as usize], nodes[there.bits() as usize], line);
                }
            }
        }
        let adjacency = std::array::from_fn(|bits| {
            let mut around: Vec<(LinePosition, Hexagram)> = graph
                .edges(nodes[bits])
                .map(|edge| {
                    let other = if edge.source() == nodes[bits] { edge.target() } else { edge.source() };
                    (*edge.weight(), graph[other])
                })
                .collect();
            around.sort_by_key(|&(_, h)| h.number());
            around.try_into().expect("every corner of a 6-cube has six edges")
        });
        Hypercube { graph, nodes, adjacency }
    }

    /// The petgraph graph: node weights are hexagrams, edge weights the changed line.
    pub fn graph(&self) -> &UnGraph<Hexagram, LinePosition> {
        &self.graph
    }

    /// The graph node of a hexagram.
    pub fn node(&self, hexagram: Hexagram) -> NodeIndex {
        self.nodes[hexagram.bits() as usize]
    }

    /// The hexagram at a graph node.
    pub fn hexagram(&self, node: NodeIndex) -> Hexagram {
        self.graph[node]
    }

    /// The six neighbours of a hexagram with the line that leads to each, in
    /// ascending King Wen number (the order searches try them, for reproducible answers).
    pub fn neighbours(&self, hexagram: Hexagram) -> &[(LinePosition, Hexagram); 6] {
        &self.adjacency[hexagram.bits() as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_has_64_corners_and_192_edges() {
        let cube = hypercube();
        assert_eq!(cube.graph().node_count(), 64);
        assert_eq!(cube.graph().edge_count(), 192);
        for h in Hexagram::all() {
            assert_eq!(cube.hexagram(cube.node(h)), h);
            assert_eq!(cube.graph().edges(cube.node(h)).count(), 6);
        }
    }

    #[test]
    fn every_edge_is_labelled_with_the_line_it_changes() {
        let cube = hypercube();
        for edge in cube.graph().edge_references() {
            let (a, b) = (cube.hexagram(edge.source()), cube.hexagram(edge.target()));
            assert_eq!(a.differing_lines(b), vec![*edge.weight()]);
        }
    }

    #[test]
    fn neighbours_agree_with_the_core() {
        let cube = hypercube();
        for h in Hexagram::all() {
            let around = cube.neighbours(h);
            for &(line, n) in around {
                assert_eq!(h.changed(line), n);
            }
            let mut from_core = h.neighbours().to_vec();
            from_core.sort_by_key(|n| n.number());
            assert_eq!(around.map(|(_, n)| n).to_vec(), from_core);
        }
    }
}
