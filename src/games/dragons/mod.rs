//! dragons.

pub mod art;
pub mod rules;
