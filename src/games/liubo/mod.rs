//! liubo.

pub mod art;
pub mod rules;
