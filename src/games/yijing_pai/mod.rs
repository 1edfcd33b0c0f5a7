//! yijing_pai.

pub mod art;
pub mod rules;
