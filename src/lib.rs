//! hexforge: print-and-play games from the I Ching.
//!
//! One pure core ([`core`]) and the five games built on it ([`games`]), with thin edges
//! around them: printing ([`print`], [`cards`], [`rulebook`]), the CLI ([`cli`]), the
//! HTTP service ([`http`]) and its results store ([`results`]); reading printed cards back
//! from photos ([`photo`]).
#![forbid(unsafe_code)]

pub mod api;
pub mod cards;
pub mod cli;
pub mod core;
pub mod games;
pub mod generate;
pub mod http;
pub mod photo;
pub mod print;
pub mod puzzles;
pub mod results;
pub mod rulebook;
