//! Prints I-Ching Poker's two tables of hands, counted exactly over all C(64,5) hands:
//! `cargo run -p hexforge-rules --release --example poker_table`.

use hexforge_rules::poker::count::{Census, text};
use hexforge_rules::poker::hand::Mode;

fn main() {
    for mode in Mode::BOTH {
        let census = Census::take(mode);
        println!("{} orientation", mode.name());
        print!("{}", text(&census.table()));
        println!();
    }
}
