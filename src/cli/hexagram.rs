//! `hexagram`, `hexagrams` and `change`.

use super::{Outcome, parse_hexagram, parse_line, print_json};
use clap::Args;
use hexforge_rules::core::hexagram::{Hexagram, Kind, Line, LinePosition};
use hexforge_rules::core::hexagram_json::{HexagramView, all_hexagrams};

#[derive(Debug, Args)]
pub struct HexagramArgs {
    /// King Wen number 1-64, or six lines bottom to top such as 000111.
    #[arg(value_parser = parse_hexagram, allow_negative_numbers = true)]
    hexagram: Hexagram,
    /// Print the JSON object the HTTP API returns.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
pub struct HexagramsArgs {
    /// Print a JSON array of hexagram objects (otherwise a table).
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
pub struct ChangeArgs {
    /// King Wen number 1-64, or six lines bottom to top such as 000111.
    #[arg(value_parser = parse_hexagram, allow_negative_numbers = true)]
    hexagram: Hexagram,
    /// Lines to change, 1 (bottom) to 6 (top); each at most once.
    #[arg(required = true, value_parser = parse_line, allow_negative_numbers = true)]
    lines: Vec<LinePosition>,
    /// Print the resulting hexagram's JSON object.
    #[arg(long)]
    json: bool,
}

pub fn show(args: HexagramArgs) -> anyhow::Result<Outcome> {
    if args.json {
        print_json(&HexagramView::from(args.hexagram));
    } else {
        out!("{}", describe(args.hexagram));
    }
    Ok(Outcome::Success)
}

pub fn list(args: HexagramsArgs) -> anyhow::Result<Outcome> {
    if args.json {
        print_json(&all_hexagrams());
    } else {
        for h in Hexagram::all() {
            outln!(
                "{:>2} {} {} {:<10} {:<8} {}",
                h.number(),
                h.symbol(),
                h.line_string(),
                h.names().zh,
                h.names().pinyin,
                h.names().en
            );
        }
    }
    Ok(Outcome::Success)
}

pub fn change(args: ChangeArgs) -> anyhow::Result<Outcome> {
    let result = args.hexagram.changed_lines(&args.lines)?;
    if args.json {
        print_json(&HexagramView::from(result));
    } else {
        let lines: Vec<String> = args.lines.iter().map(|l| l.to_string()).collect();
        outln!("{} changed at line {} is {}", args.hexagram.number(), lines.join(", "), result.number());
        out!("{}", describe(result));
    }
    Ok(Outcome::Success)
}

/// A person-readable card of facts, top line first as the hexagram is drawn.
fn describe(h: Hexagram) -> String {
    let names = h.names();
    let mut text =
        format!("{} {} {} ({}) — {} / {}\n", h.number(), h.symbol(), names.zh, names.pinyin, names.en, names.fr);
    text += &format!(
        "{} {} {} over {} {} {}\n",
        h.upper().symbol(),
        h.upper().name(),
        h.upper().chinese(),
        h.lower().symbol(),
        h.lower().name(),
        h.lower().chinese()
    );
    for p in LinePosition::ALL.iter().rev() {
        let drawn = if h.line(*p) == Line::Yang { "━━━━━━━" } else { "━━━ ━━━" };
        text += &format!("  line {p}  {drawn}  change → {}\n", h.changed(*p).number());
    }
    let kinds: Vec<&str> = h
        .kinds()
        .iter()
        .map(|k| match k {
            Kind::Double => "double",
            Kind::Mirror => "mirror",
        })
        .collect();
    text += &format!(
        "inverse {}  complement {}  swapped {}  nuclear {}{}\n",
        h.inverse().number(),
        h.complement().number(),
        h.swapped().number(),
        h.nuclear().number(),
        if kinds.is_empty() { String::new() } else { format!("  kinds: {}", kinds.join(", ")) }
    );
    text
}
