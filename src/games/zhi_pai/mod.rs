//! zhi_pai.

pub mod art;
pub mod rules;
