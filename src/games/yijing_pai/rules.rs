//! 易经牌 (Yijing Pai): the tile sets, the variants and the scoring, which live in the rules
//! crate beside the engine ([`hexforge_rules::yijing_pai::tiles`]); re-exported here under
//! their old path for the sheets, the figures and the rulebook.

pub use hexforge_rules::yijing_pai::tiles::*;
