//! hexforge: print-and-play games from the I Ching.
//!
//! One pure core (hexagrams, trigrams, cards, casting, game rules) with thin edges
//! around it: the renderer, the solver, the CLI and the HTTP service.
#![forbid(unsafe_code)]

// The pure core: no I/O.
pub mod card;
pub mod casting;
pub mod dragons;
pub mod error;
pub mod hexagram;
pub mod liubo;
pub mod names;
pub mod trigram;
pub mod verify;
pub mod view;
pub mod yijing_pai;
// The solver (pure).
pub mod deck;
pub mod hypercube;
pub mod pathways;
pub mod zhipai;

// Edges: rendering, output, CLI and HTTP.
pub mod cards;
pub mod cli;
pub mod fonts;
pub mod generate;
pub mod http;
pub mod output;
pub mod pdf;
pub mod profile;
pub mod render;
pub mod sheet;
pub mod template;
pub mod tiling;

// Boards, tiles and rulebooks drawn from the core.
pub mod art;
pub mod dragons_art;
pub mod liubo_art;
pub mod rulebook;
pub mod yijing_pai_art;
