//! `solve pathways` and `solve zhi-pai`: the shortest sequences. Also the deck and
//! setup options that `check-sequence` shares.

use super::{Outcome, parse_hexagram, print_json};
use crate::api::{self, Status};
use clap::{Args, Subcommand};
use hexforge_rules::changing_lines::pathways::{self, Mode, Puzzle};
use hexforge_rules::core::deck::{CardSet, DeckError};
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::zhi_pai::{self as zhipai, Placement, SEARCH_LIMIT, Setup, TrigramSet, ZhiPaiError};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  hexforge solve pathways --from 1 --to 2 --deck 6d\n  \
    hexforge solve pathways --from 1 --to 14 --cards 1,5,9,11,14 --orientation free --json\n  \
    hexforge solve zhi-pai --start 12\n  hexforge solve zhi-pai --start 12 --available 6,22,40,55 --active water --json")]
pub struct SolveArgs {
    #[command(subcommand)]
    puzzle: SolvePuzzle,
}

#[derive(Debug, Subcommand)]
enum SolvePuzzle {
    /// The fewest cards from one hexagram to another, one changed line per card (the start counts).
    Pathways(PathwaysArgs),
    /// The fewest cards in a finished Zhi Pai sequence (both starting cards count).
    #[command(name = "zhi-pai", alias = "zhipai")]
    ZhiPai(ZhiPaiArgs),
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
    #[arg(long, conflicts_with = "cards")]
    deck: Option<String>,
    /// A custom deck: card numbers separated by commas, such as 1,5,9,11.
    #[arg(long, value_parser = parse_card_set)]
    cards: Option<CardSet>,
    /// dark (card n shows n), light (card n shows its inverse) or free (either way).
    #[arg(long, default_value = "dark", value_parser = parse_mode)]
    orientation: Mode,
    /// Print the JSON body the HTTP API returns.
    #[arg(long)]
    pub(super) json: bool,
}

impl PathwaysArgs {
    /// The question as the API receives it, so both validate it the same way.
    pub(super) fn request(&self) -> api::pathways::ShortestRequest {
        api::pathways::ShortestRequest {
            from: self.from.number().into(),
            to: self.to.number().into(),
            deck: self.deck.clone(),
            cards: self.cards.map(numbers),
            orientation: self.orientation,
        }
    }
}

fn numbers(cards: CardSet) -> Vec<i64> {
    cards.numbers().into_iter().map(i64::from).collect()
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
    /// Positions the search may store before it answers "unknown" (exit 3); at most the
    /// default. For tests.
    #[arg(long, hide = true, allow_negative_numbers = true, value_parser = super::values::whole_number::<usize>(1, usize::MAX as u64))]
    pub(super) max_positions: Option<usize>,
}

impl ZhiPaiArgs {
    /// The question as the API receives it, so both validate it the same way.
    pub(super) fn request(&self) -> api::zhi_pai::ShortestRequest {
        api::zhi_pai::ShortestRequest {
            start: self.start.number().into(),
            available: self.available.map(numbers),
            active: self.active.iter().map(|t| t.name().to_string()).collect(),
            max_positions: self.max_positions,
        }
    }
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

/// Exit 0 when decided (found or proved impossible), 3 when the search stopped first.
pub fn run(args: SolveArgs) -> anyhow::Result<Outcome> {
    match args.puzzle {
        SolvePuzzle::Pathways(args) => {
            let request = args.request();
            let answer = api::pathways::shortest(&request)?;
            if args.json {
                print_json(&answer);
            } else {
                out!("{}", describe_pathways(&request.puzzle()?, &answer));
            }
            Ok(Outcome::Success)
        }
        SolvePuzzle::ZhiPai(args) => {
            let request = args.request();
            let answer = api::zhi_pai::shortest(&request, SEARCH_LIMIT, None)?;
            if args.json {
                print_json(&answer);
            } else {
                out!("{}", describe_zhipai(&request.setup()?, &answer));
            }
            Ok(if answer.status == Status::Unknown { Outcome::Undecided } else { Outcome::Success })
        }
    }
}

fn deck_and_mode(p: &Puzzle) -> String {
    format!("{} in {} mode", p.deck, p.mode)
}

fn describe_pathways(p: &Puzzle, answer: &api::pathways::ShortestAnswer) -> String {
    let Some(sequence) = &answer.sequence else {
        return format!("no sequence from {} to {} with {}\n", p.from, p.to, deck_and_mode(p));
    };
    let mut text = format!("{} from {} to {} with {}:\n", api::cards(sequence.len()), p.from, p.to, deck_and_mode(p));
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

fn describe_zhipai(setup: &Setup, answer: &api::zhi_pai::ShortestAnswer) -> String {
    let (Some(sequence), Some(placements), Some(finish)) = (&answer.sequence, &answer.placements, &answer.finish)
    else {
        return match &answer.reason {
            Some(reason) => format!("undecided: {reason}\n"),
            None => format!("no finished sequence from {} to {}\n", setup.start, setup.start.complement()),
        };
    };
    let line: Vec<String> = sequence.iter().map(ToString::to_string).collect();
    let mut text = match &answer.reason {
        Some(reason) => {
            format!("undecided: {reason}\nbest found, {}: {}\n", api::cards(sequence.len()), line.join(" "))
        }
        None => format!("{}: {}\n", api::cards(sequence.len()), line.join(" ")),
    };
    let mut game = zhipai::Chain::new(*setup);
    for (i, p) in placements.iter().enumerate() {
        let neighbour = game.end(p.side);
        text += &describe_placement(i + 1, p, neighbour);
        game.place(p.card, p.side).expect("a solution replays");
    }
    let spent = finish.trigram.map(|t| format!(", spends {t}")).unwrap_or_default();
    text += &format!(
        "  finish: {} and {} link by condition {}{spent}\n",
        game.end(zhipai::Side::Left),
        game.end(zhipai::Side::Right),
        finish.condition.number()
    );
    text
}
