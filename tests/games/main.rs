//! The games' tests in one test binary (one link of the application instead of five):
//! the Zhi Pai solver and its hard questions, Liubo, Dragons and 易经牌's boards and tiles.
//! `cargo test --test games`; one file with `cargo test --test games liubo::`.

#[path = "../art_checks/mod.rs"]
mod art_checks;
#[path = "../pdf_text/mod.rs"]
mod pdf_text;

mod dragons;
mod liubo;
mod solver;
mod yijing_pai;
mod zhipai_hard;
