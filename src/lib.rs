//! hexforge: print-and-play games from the I Ching.
//!
//! The pure rules are the rules crate's (`hexforge_rules`); here, the five printed games
//! built on them ([`games`]), with thin edges
//! around them: printing ([`print`], [`cards`], [`rulebook`]), the CLI ([`cli`]), the
//! HTTP service ([`http`]) and its results store ([`results`]); reading printed cards back
//! from photos ([`photo`]).
#![forbid(unsafe_code)]

pub mod api;
pub mod cards;
pub mod cli;
pub mod counter;
pub mod games;
pub mod generate;
pub mod http;
pub mod index;
pub mod photo;
pub mod print;
pub mod puzzles;
pub mod results;
pub mod rooms;
pub mod rulebook;

/// mimalloc instead of the system allocator, for every binary that links this library
/// (the CLI, the server, the tests and benchmarks). The service allocates a few small
/// buffers per request, and glibc's malloc, free and consolidation took about a fifth of
/// a small request's time (`cargo bench --bench service`, README: Performance). The
/// `mimalloc` feature, on by default; without it, the system allocator.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
