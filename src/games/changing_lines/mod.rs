//! Changing Lines: the 64 dual-orientation cards, Tao, Pathways and divination (SPEC §2).

pub mod art;
pub mod pathways;
