//! The five games, one folder each: its rules, its art, its print files and its rulebook data.

pub mod changing_lines;
pub mod dragons;
pub mod liubo;
pub mod yijing_pai;
pub mod zhi_pai;
