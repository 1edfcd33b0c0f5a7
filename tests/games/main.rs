//! The games' tests in one test binary (one link of the application instead of twelve):
//! the Zhi Pai solver, its hard questions and its duel, the puzzles, Liubo, Dragons and
//! 易经牌's boards and tiles, Tao, Pathways, Liubo and Dragons played through the binary,
//! and the README's bot-strength table. `cargo test --test games`; one file with
//! `cargo test --test games liubo::`.

#[path = "../art_checks/mod.rs"]
mod art_checks;
#[path = "../book_row/mod.rs"]
mod book_row;
#[path = "../outside_tool/mod.rs"]
mod outside_tool;
#[path = "../pdf_text/mod.rs"]
mod pdf_text;
#[path = "../peak_memory/mod.rs"]
mod peak_memory;
#[path = "../temp_dir/mod.rs"]
mod temp_dir;

mod binary;
mod bot_strength;
mod dragons;
mod dragons_play;
mod liubo;
mod liubo_play;
mod pathways_simulate;
mod puzzles;
mod record_files;
mod solver;
mod tao;
mod yijing_pai;
mod yijing_play;
mod zhi_pai_duel;
mod zhi_pai_hard;
