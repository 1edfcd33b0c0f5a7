//! `solve pathways` and `solve zhipai`: the shortest sequences. Also the deck and
//! setup options that `check` shares.

use super::{Outcome, parse_hexagram, print_json};
use crate::core::deck::{CardSet, DeckError};
use crate::core::hexagram::Hexagram;
use crate::games::changing_lines::deck::Deck;
use crate::games::changing_lines::pathways::{self, Laid, Mode};
use crate::games::zhi_pai::{self as zhipai, Placement, Setup, Solution, TrigramSet, ZhiPaiError};
use clap::{Args, Subcommand};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  hexforge solve pathways --from 1 --to 2 --deck 6d\n  \
    hexforge solve pathways --from 1 --to 14 --cards 1,5,9,11,14 --orientation free --json\n  \
    hexforge solve zhipai --start 12\n  hexforge solve zhipai --start 12 --available 6,22,40,55 --active water --json")]
pub struct SolveArgs {
    #[command(subcommand)]
    puzzle: SolvePuzzle,
}

#[derive(Debug, Subcommand)]
enum SolvePuzzle {
    /// The fewest cards from one hexagram to another, one changed line per card (the start counts).
    Pathways(PathwaysArgs),
    /// The fewest cards in a finished Zhi Pai sequence (both starting cards count).
    Zhipai(ZhiPaiArgs),
}

/// A Pathways question: from, to, deck and orientation mode.
#[derive(Debug, Args)]
pub(super) struct PathwaysArgs {
    /// Start hexagram: King Wen number 1-64, or six lines bottom to top such as 000111.
    #[arg(long, value_parser = parse_hexagram)]
    from: Hexagram,
    /// Goal hexagram.
    #[arg(long, value_parser = parse_hexagram)]
    to: Hexagram,
    /// A named deck: 3d, 4d, 5d or 6d (the default).
    #[arg(long, value_parser = parse_deck, conflicts_with = "cards")]
    deck: Option<Deck>,
    /// A custom deck: card numbers separated by commas, such as 1,5,9,11.
    #[arg(long, value_parser = parse_cards)]
    cards: Option<Deck>,
    /// dark (card n shows n), light (card n shows its inverse) or free (either way).
    #[arg(long, default_value = "dark", value_parser = parse_mode)]
    orientation: Mode,
    /// Print the JSON body the HTTP API returns.
    #[arg(long)]
    pub(super) json: bool,
}

impl PathwaysArgs {
    pub(super) fn puzzle(&self) -> pathways::Puzzle {
        pathways::Puzzle {
            from: self.from,
            to: self.to,
            deck: self.deck.or(self.cards).unwrap_or_default(),
            mode: self.orientation,
        }
    }
}

/// A Zhi Pai question: start, available cards, active trigram cards.
#[derive(Debug, Args)]
pub(super) struct ZhiPaiArgs {
    /// Start hexagram S (its complement starts the right chain).
    #[arg(long, value_parser = parse_hexagram)]
    start: Hexagram,
    /// The cards that may be laid, separated by commas (default: the 62 others).
    #[arg(long, value_parser = parse_card_set)]
    available: Option<CardSet>,
    /// Trigram cards active at the start, such as water,fire (default: none).
    #[arg(long, value_parser = parse_trigrams, default_value = "")]
    active: TrigramSet,
    /// Print the JSON body the HTTP API returns.
    #[arg(long)]
    pub(super) json: bool,
}

impl ZhiPaiArgs {
    pub(super) fn setup(&self) -> Result<Setup, ZhiPaiError> {
        match self.available {
            None => Ok(Setup { active: self.active, ..Setup::new(self.start) }),
            Some(available) => Setup::with_available(self.start, available, self.active),
        }
    }
}

fn parse_deck(s: &str) -> Result<Deck, DeckError> {
    s.parse()
}

fn parse_cards(s: &str) -> Result<Deck, DeckError> {
    CardSet::parse_list(s).and_then(Deck::from_set)
}

fn parse_card_set(s: &str) -> Result<CardSet, DeckError> {
    CardSet::parse_list(s)
}

fn parse_mode(s: &str) -> Result<Mode, pathways::PathwaysError> {
    s.parse()
}

fn parse_trigrams(s: &str) -> Result<TrigramSet, ZhiPaiError> {
    TrigramSet::parse_list(s)
}

pub fn run(args: SolveArgs) -> anyhow::Result<Outcome> {
    match args.puzzle {
        SolvePuzzle::Pathways(args) => {
            let p = args.puzzle();
            let found = pathways::shortest(p.from, p.to, &p.deck, p.mode);
            if args.json {
                print_json(&pathways::Answer::from(found));
            } else {
                print!("{}", describe_pathways(&p, found.as_deref()));
            }
        }
        SolvePuzzle::Zhipai(args) => {
            let setup = args.setup()?;
            let found = zhipai::shortest(&setup)?;
            if args.json {
                print_json(&zhipai::Answer::from(found));
            } else {
                print!("{}", describe_zhipai(&setup, found.as_ref()));
            }
        }
    }
    Ok(Outcome::Success)
}

fn deck_and_mode(p: &pathways::Puzzle) -> String {
    format!("{} in {} mode", p.deck, p.mode)
}

fn describe_pathways(p: &pathways::Puzzle, found: Option<&[Laid]>) -> String {
    let Some(sequence) = found else {
        return format!("no sequence from {} to {} with {}\n", p.from, p.to, deck_and_mode(p));
    };
    let mut text = format!("{} cards from {} to {} with {}:\n", sequence.len(), p.from, p.to, deck_and_mode(p));
    for (i, laid) in sequence.iter().enumerate() {
        text += &format!(
            "  {:>2}. card {:>2} {:<5} shows {}\n",
            i + 1,
            laid.card.number(),
            laid.orientation,
            laid.hexagram
        );
    }
    text
}

pub(super) fn describe_placement(step: usize, p: &Placement, neighbour: Hexagram) -> String {
    let place = if p.side == zhipai::Side::Left { "right" } else { "left" };
    let spent = p.trigram.map(|t| format!(", spends {t}")).unwrap_or_default();
    format!("  {step:>2}. {} {} ({place} of {neighbour}), condition {}{spent}\n", p.card, p.side, p.condition.number())
}

fn describe_zhipai(setup: &Setup, found: Option<&Solution>) -> String {
    let Some(solution) = found else {
        return format!("no finished sequence from {} to {}\n", setup.start, setup.start.complement());
    };
    let line: Vec<String> = solution.sequence.iter().map(ToString::to_string).collect();
    let mut text = format!("{} cards: {}\n", solution.sequence.len(), line.join(" "));
    let mut game = zhipai::Game::new(*setup);
    for (i, p) in solution.placements.iter().enumerate() {
        let neighbour = game.end(p.side);
        text += &describe_placement(i + 1, p, neighbour);
        game.place(p.card, p.side).expect("a solution replays");
    }
    let spent = solution.finish.trigram.map(|t| format!(", spends {t}")).unwrap_or_default();
    text += &format!(
        "  finish: {} and {} link by condition {}{spent}\n",
        game.end(zhipai::Side::Left),
        game.end(zhipai::Side::Right),
        solution.finish.condition.number()
    );
    text
}
