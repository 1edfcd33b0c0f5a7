//! Pathways (docs/conventions.md, The Changing Lines deck): the exact search for the fewest cards from one hexagram to another.

use super::super::deck::Deck;
use super::{Laid, Mode};
use crate::core::card::{Card, Orientation};
use crate::core::hexagram::Hexagram;
use crate::core::hypercube::hypercube;

/// The fewest cards leading from `from` to `to` (the start card counts), or `None`.
///
/// Ties are broken reproducibly: neighbours are tried in ascending King Wen number and a
/// hexagram is laid with its own card, dark, whenever that card is in the deck.
///
/// Why it is exact. A legal sequence is a walk on the hypercube through hexagrams the deck
/// can show, with distinct cards. A shortest one never repeats a hexagram (cutting the loop
/// leaves a legal, shorter sequence), so it is a simple path. Along a simple path a card can
/// only be wanted twice inside one pair {h, inverse(h)} whose two hexagrams both lie on the
/// path: with both cards of the pair in the deck each hexagram takes its own card dark; a
/// mirror is a single hexagram; so the one conflict is a pair with just one card in the deck
/// ("contested"), and in `dark`/`light` mode there is none. The search is therefore a
/// breadth-first search over (hexagram, contested pairs used), which is exact; a state is
/// skipped when the same hexagram was reached as early with a subset of pairs used, since
/// the earlier state can finish every way the later one can.
pub fn shortest(from: Hexagram, to: Hexagram, deck: &Deck, mode: Mode) -> Option<Vec<Laid>> {
    let table = ShowTable::new(deck, mode);
    let start = table.show[from.bits() as usize]?;
    if from == to {
        return Some(vec![start]);
    }
    struct Node {
        hexagram: Hexagram,
        used: u32,
        parent: u32,
    }
    let mut nodes = Vec::with_capacity(64);
    nodes.push(Node { hexagram: from, used: table.class_bit(from), parent: u32::MAX });
    // With no contested pair (every `dark` or `light` game, most decks) every state's set
    // of pairs is empty, so "reached with a subset" is "reached": one bit a hexagram.
    let contested = table.class.iter().any(|&class| class != 0);
    let mut reached = 1u64 << from.bits();
    let mut seen: Vec<Vec<u32>> = if contested { vec![Vec::new(); 64] } else { Vec::new() };
    if contested {
        seen[from.bits() as usize].push(nodes[0].used);
    }
    let mut next = 0;
    while next < nodes.len() {
        let (here, used) = (nodes[next].hexagram, nodes[next].used);
        for &(_, there) in hypercube().neighbours(here) {
            if table.show[there.bits() as usize].is_none() {
                continue;
            }
            let bit = table.class_bit(there);
            if used & bit != 0 {
                continue;
            }
            let now_used = used | bit;
            if contested {
                let masks = &mut seen[there.bits() as usize];
                if masks.iter().any(|&m| m & !now_used == 0) {
                    continue;
                }
                masks.retain(|&m| now_used & !m != 0);
                masks.push(now_used);
            } else if reached >> there.bits() & 1 == 1 {
                continue;
            } else {
                reached |= 1 << there.bits();
            }
            nodes.push(Node { hexagram: there, used: now_used, parent: next as u32 });
            if there == to {
                let mut path = Vec::new();
                let mut at = nodes.len() as u32 - 1;
                while at != u32::MAX {
                    let node = &nodes[at as usize];
                    path.push(table.show[node.hexagram.bits() as usize].expect("only showable hexagrams are queued"));
                    at = node.parent;
                }
                path.reverse();
                return Some(path);
            }
        }
        next += 1;
    }
    None
}

/// For each hexagram, the card that lays it (if any) and its contested pair (if any).
struct ShowTable {
    show: [Option<Laid>; 64],
    /// `class[bits]`: a bit per contested pair, 0 when not contested.
    class: [u32; 64],
}

impl ShowTable {
    fn new(deck: &Deck, mode: Mode) -> ShowTable {
        let mut show = [None; 64];
        let mut class = [0u32; 64];
        let mut classes = 0;
        for h in Hexagram::all() {
            let dark = Card::showing(h, Orientation::Dark);
            let light = Card::showing(h, Orientation::Light);
            let laid = |card, orientation| deck.contains(card).then(|| Laid::new(card, orientation));
            show[h.bits() as usize] = match mode {
                Mode::Dark => laid(dark, Orientation::Dark),
                Mode::Light => laid(light, Orientation::Light),
                Mode::Free => laid(dark, Orientation::Dark).or_else(|| laid(light, Orientation::Light)),
            };
            let contested = mode == Mode::Free && !h.is_mirror() && deck.contains(dark) != deck.contains(light);
            // Number each pair once, from its member with the lower card number.
            if contested && h.number() < h.inverse().number() {
                let bit = 1 << classes;
                classes += 1;
                class[h.bits() as usize] = bit;
                class[h.inverse().bits() as usize] = bit;
            }
        }
        ShowTable { show, class }
    }

    fn class_bit(&self, h: Hexagram) -> u32 {
        self.class[h.bits() as usize]
    }
}
