//! Every command the README and `docs/` show runs. Each `hexforge …` or
//! `cargo run [--release] -- …` line of a `sh` block is run with the built binary, in a
//! scratch folder of its page (so what it writes lands there, and a page's later commands
//! see its earlier ones' files), and must exit 0 or as its comment says (`[exit N]`).
//! A command marked `[parse only]` (a server, or a run of minutes) is parsed by the
//! program's own argument parser instead, as is one the README's bot-strength table also
//! lists (`tests/games/bot_strength.rs` runs those and checks their figures). The README's "The
//! documented commands are tested" states the convention for readers.

use crate::temp_dir;

use clap::Parser;
use hexforge::cli::Cli;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use temp_dir::TempDir;

/// What a command must do.
#[derive(Debug, Clone, PartialEq)]
enum Expect {
    /// Run, and end with this exit status.
    Exit(i32),
    /// Only be accepted by the argument parser.
    ParseOnly,
}

/// Environment assignments, name and value.
type Env = Vec<(String, String)>;

/// One command of a page.
#[derive(Debug, Clone, PartialEq)]
struct DocCommand {
    /// 1-based line of the page where the command starts.
    line: usize,
    /// The command as written, without its comment.
    text: String,
    /// Environment assignments written before it (`RUST_LOG=warn hexforge …`).
    env: Env,
    /// The program's arguments (after `hexforge`, or after `cargo run … --`).
    args: Vec<String>,
    expect: Expect,
}

/// The longest a documented command may run here; a longer one is marked `[parse only]`.
const TIME_LIMIT: Duration = Duration::from_secs(120);

/// A shell line split into words (quotes and backslashes as the shell reads them) and the
/// comment after an unquoted `#` that starts a word.
fn words(line: &str) -> Result<(Vec<String>, String), String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '#' if word.is_none() => return Ok((words, line[at + 1..].trim().to_string())),
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some((_, '\'')) => break,
                        Some((_, c)) => w.push(c),
                        None => return Err("an unclosed ' quote".into()),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some((_, '"')) => break,
                        Some((_, '\\')) => w.extend(chars.next().map(|(_, c)| c)),
                        Some((_, c)) => w.push(c),
                        None => return Err("an unclosed \" quote".into()),
                    }
                }
            }
            '\\' => word.get_or_insert_with(String::new).extend(chars.next().map(|(_, c)| c)),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok((words, String::new()))
}

/// What a command's comment asks: `[parse only]` (with or without a reason after a colon)
/// or `[exit N]`; otherwise exit 0.
fn expectation(comment: &str) -> Result<Expect, String> {
    if comment.contains("[parse only") {
        return Ok(Expect::ParseOnly);
    }
    match comment.split_once("[exit ") {
        Some((_, rest)) => {
            let code = rest.split(']').next().unwrap_or_default();
            code.trim().parse().map(Expect::Exit).map_err(|_| format!("`[exit {code}]` needs a whole number"))
        }
        None => Ok(Expect::Exit(0)),
    }
}

/// The program's arguments in a shell command, with its leading environment assignments,
/// or `None` for a command of another program (`curl`, `cargo test`, a script…).
fn program_args(words: &[String]) -> Option<(Env, Vec<String>)> {
    let is_assignment = |w: &String| {
        w.split_once('=')
            .is_some_and(|(name, _)| !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
    };
    let env_count = words.iter().take_while(|w| is_assignment(w)).count();
    let env = words[..env_count].iter().filter_map(|w| w.split_once('=')).map(|(k, v)| (k.into(), v.into())).collect();
    let rest = &words[env_count..];
    match rest.first().map(String::as_str) {
        Some("hexforge") => Some((env, rest[1..].to_vec())),
        // `cargo run [--release] -- ARGS` runs the binary; `cargo run --example …` does not.
        Some("cargo") if rest.get(1).is_some_and(|w| w == "run") => {
            let options = &rest[2..];
            let dashes = options.iter().position(|w| w == "--");
            let before = &options[..dashes.unwrap_or(options.len())];
            if before.iter().any(|w| ["--example", "--bench", "--bin", "-p", "--package"].contains(&w.as_str())) {
                return None;
            }
            Some((env, dashes.map(|i| options[i + 1..].to_vec()).unwrap_or_default()))
        }
        _ => None,
    }
}

/// Every command in the `sh` (or `bash`, `shell`) blocks of a Markdown page. A command
/// that cannot be read, or that holds a placeholder (`…`), is an error naming its line.
fn commands(markdown: &str) -> Result<Vec<DocCommand>, String> {
    let mut found = Vec::new();
    let mut fence: Option<bool> = None; // Some(is a shell block) inside a fenced block
    let mut pending: Option<(usize, String)> = None; // a line continued with `\`
    for (index, raw) in markdown.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with("```") {
            fence = match fence {
                Some(_) => None,
                None => Some(matches!(line.trim_start_matches('`').trim(), "sh" | "bash" | "shell")),
            };
            pending = None;
            continue;
        }
        if fence != Some(true) {
            continue;
        }
        let (start, mut text) = pending.take().unwrap_or((index + 1, String::new()));
        text.push_str(line);
        if let Some(head) = text.strip_suffix('\\') {
            pending = Some((start, format!("{head} ")));
            continue;
        }
        let at = |e: String| format!("line {start}: {e}: {text}");
        let (words, comment) = words(&text).map_err(at)?;
        let Some((env, args)) = program_args(&words) else { continue };
        if args.iter().any(|a| a.contains('…')) {
            return Err(at("a placeholder (…) where a real value belongs".into()));
        }
        let expect = expectation(&comment).map_err(at)?;
        let shown = text.split(" #").next().unwrap_or(&text).trim().to_string();
        found.push(DocCommand { line: start, text: shown, env, args, expect });
    }
    Ok(found)
}

/// The commands of the README's bot-strength table: `tests/games/bot_strength.rs` runs them.
fn bot_strength_commands(readme: &str) -> Vec<Vec<String>> {
    let Some(table) = readme.split("<!-- bot-strength -->").nth(1) else { return Vec::new() };
    let table = table.split("<!-- /bot-strength -->").next().unwrap_or_default();
    table
        .lines()
        .filter_map(|line| line.split('`').nth(1))
        .filter_map(|command| command.strip_prefix("hexforge "))
        .map(|args| args.split_whitespace().map(String::from).collect())
        .collect()
}

/// The same arguments but for `--json`, which changes only how a summary is printed.
fn without_json(args: &[String]) -> Vec<String> {
    args.iter().filter(|a| *a != "--json").cloned().collect()
}

/// Runs (or parses) one command in `dir`; an error says what went wrong.
fn check(command: &DocCommand, dir: &Path, run_elsewhere: &[Vec<String>]) -> Result<(), String> {
    let parse_only = command.expect == Expect::ParseOnly || run_elsewhere.contains(&without_json(&command.args));
    if parse_only {
        let argv = std::iter::once("hexforge".to_string()).chain(command.args.iter().cloned());
        return Cli::try_parse_from(argv).map(|_| ()).map_err(|e| format!("does not parse: {e}"));
    }
    let Expect::Exit(expected) = command.expect else { unreachable!("parse-only commands returned above") };
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexforge"))
        .args(&command.args)
        .envs(command.env.iter().map(|(k, v)| (k, v)))
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the binary: {e}"))?;
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {} s: mark it `[parse only]`", TIME_LIMIT.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        use std::io::Read;
        let _ = pipe.read_to_string(&mut stderr);
    }
    match status.code() {
        Some(code) if code == expected => Ok(()),
        code => {
            let tail: Vec<&str> = stderr.lines().rev().take(6).collect::<Vec<_>>().into_iter().rev().collect();
            Err(format!("exit {code:?}, expected {expected}:\n    {}", tail.join("\n    ")))
        }
    }
}

/// Checks every command of one page, in order, in a scratch folder of its own; returns one
/// line per failure.
fn check_page(name: &str, markdown: &str, run_elsewhere: &[Vec<String>]) -> Vec<String> {
    let commands = match commands(markdown) {
        Ok(commands) => commands,
        Err(e) => return vec![format!("{name}: {e}")],
    };
    let dir = TempDir::new(&name.replace(['/', '.'], "-"));
    commands
        .iter()
        .filter_map(|c| check(c, &dir.0, run_elsewhere).err().map(|e| format!("{name}:{}: {}\n  {e}", c.line, c.text)))
        .collect()
}

/// The README and every page of `docs/`, as paths relative to the repository.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| p.strip_prefix(root).expect("under the root").to_path_buf())
        .collect();
    docs.sort();
    std::iter::once(PathBuf::from("README.md")).chain(docs).collect()
}

fn read(page: &Path) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(page);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_command_in_the_readme_and_docs_runs() {
    let pages = pages();
    let run_elsewhere = bot_strength_commands(&read(Path::new("README.md")));
    assert!(!run_elsewhere.is_empty(), "the README's bot-strength table was not found");
    // Pages are independent (each has its own folder): check them side by side.
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = pages
            .iter()
            .map(|page| {
                let run_elsewhere = &run_elsewhere;
                scope.spawn(move || check_page(&page.display().to_string(), &read(page), run_elsewhere))
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("a page's thread")).collect()
    });
    assert!(failures.is_empty(), "documented commands that fail:\n{}", failures.join("\n"));
}

#[test]
fn the_pages_show_commands_of_every_kind() {
    let all: Vec<DocCommand> =
        pages().iter().flat_map(|p| commands(&read(p)).unwrap_or_else(|e| panic!("{}: {e}", p.display()))).collect();
    assert!(all.len() >= 50, "only {} commands found: is the extraction broken?", all.len());
    for first in [
        "generate",
        "hexagram",
        "cast",
        "verify-neighbours",
        "verify-photo",
        "solve",
        "check",
        "check-sequence",
        "puzzle",
    ] {
        assert!(all.iter().any(|c| c.args.first().is_some_and(|a| a == first)), "no `hexforge {first}` shown");
    }
    let readme = commands(&read(Path::new("README.md"))).unwrap();
    assert_eq!(readme[0].args, ["generate"], "the README's first command is `cargo run --release -- generate`");
}

#[test]
fn commands_are_read_as_the_shell_reads_them() {
    let page = "text\n```sh\nhexforge hexagram 12 --json   # a comment [exit 1]\n\
                RUST_LOG=warn hexforge serve --cors-origin 'https://a.example' \\\n    --access-log  # [parse only: serves]\n\
                cargo run --release -- generate --out \"my out\"\ncargo run --example photo_corpus\ncurl -s localhost:8080/\n\
                cargo test\n```\n```json\n{\"hexforge\": 1}\n```\n```\nhexforge not-shell\n```\n";
    let found = commands(page).unwrap();
    let args: Vec<Vec<&str>> = found.iter().map(|c| c.args.iter().map(String::as_str).collect()).collect();
    assert_eq!(
        args,
        [
            vec!["hexagram", "12", "--json"],
            vec!["serve", "--cors-origin", "https://a.example", "--access-log"],
            vec!["generate", "--out", "my out"],
        ]
    );
    assert_eq!(found.iter().map(|c| c.line).collect::<Vec<_>>(), [3, 4, 6]);
    assert_eq!(found[0].expect, Expect::Exit(1));
    assert_eq!(found[1].expect, Expect::ParseOnly);
    assert_eq!(found[1].env, [("RUST_LOG".to_string(), "warn".to_string())]);
    assert_eq!(found[2].expect, Expect::Exit(0));
    assert!(
        commands("```sh\nhexforge puzzle check pathways-7 --sequence 38,64,…\n```\n").unwrap_err().contains("line 2")
    );
    assert!(commands("```sh\nhexforge hexagram '12\n```\n").is_err());
}

/// The check must be able to fail: a wrong value, a misspelt flag, a wrong exit status and
/// a parse-only command that does not parse are each reported, with their page and line.
#[test]
fn a_broken_command_fails_the_check() {
    let page = "```sh\nhexforge hexagram 12\nhexforge hexagram 65\nhexforge generate --no-such-flag   # [parse only]\n\
                hexforge verify-neighbours --card 12 25 6 33 20 35 45   # [exit 1]\n\
                hexforge verify-neighbours --card 12 25 6 33 20 35 46   # [exit 1]\n\
                hexforge simulate tao --players 4 --games 10000 --seed 1 --bots search,greedy,greedy,greedy --json\n```\n";
    let elsewhere = vec![without_json(&commands(page).unwrap()[5].args)];
    let failures = check_page("broken.md", page, &elsewhere);
    assert_eq!(failures.len(), 3, "{failures:#?}");
    assert!(failures[0].starts_with("broken.md:3: hexforge hexagram 65") && failures[0].contains("exit Some(2)"));
    assert!(failures[1].starts_with("broken.md:4:") && failures[1].contains("does not parse"));
    assert!(failures[2].starts_with("broken.md:5:") && failures[2].contains("exit Some(0), expected 1"));
}
