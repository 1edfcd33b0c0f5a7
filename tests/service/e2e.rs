//! End to end: the real server on a loopback port, the real page in headless Chromium.
//!
//! The page runs a scenario given in its address (`/?zhipai=12&placements=…`) and
//! writes the verdict into `#zhipai-result`; Chromium's `--dump-dom` prints the DOM
//! once the page's script has run (`--virtual-time-budget`).
//!
//! Without Chromium the test is skipped with a message, except in CI (`CI=true`), where
//! `.ci/run` installs Debian's `chromium` and a missing browser fails the test.

use crate::outside_tool::{self, OutsideTool};
use hexforge::http::AppState;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::{live_server, photo_corpus, temp_dir};
use live_server::LiveServer;
use temp_dir::TempDir;

/// How long one Chromium run may take before it is killed.
const CHROMIUM_TIMEOUT: Duration = Duration::from_secs(90);

/// The server, on a thread of its own, stopped (gracefully) when dropped.
pub(crate) struct Server;

impl Server {
    pub(crate) fn start(downloads: &Path) -> LiveServer {
        Server::start_with(downloads, None)
    }

    /// The server recording puzzle results in `database` (`None`: no store).
    fn start_with(downloads: &Path, database: Option<hexforge::results::Database>) -> LiveServer {
        let state = AppState::new(downloads);
        let served = LiveServer::start(move || async move {
            let Some(database) = database else { return Ok((state, None)) };
            let rate = hexforge::results::RecordRate::default();
            let (results, _writer) =
                hexforge::results::Results::start(&database, rate, 100).await.unwrap().expect("a store");
            Ok((state.with_results(results), None))
        });
        served.expect("the server starts")
    }
}

/// Debian's `chromium` (or `HEXFORGE_CHROMIUM`).
pub(crate) const CHROMIUM: OutsideTool = OutsideTool {
    variable: "HEXFORGE_CHROMIUM",
    names: &["chromium", "chromium-browser"],
    install: "apt-get install chromium",
    ci_installs: ".ci/run installs Debian's chromium",
};

/// The DOM of `url` after the page's script has run.
fn dump_dom(chromium: &Path, url: &str) -> String {
    let profile = TempDir::new("profile");
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--virtual-time-budget=15000",
        ])
        .arg(format!("--user-data-dir={}", profile.0.display()))
        .arg("--dump-dom")
        // The page's day is the player's own; the tests name days in UTC.
        .env("TZ", "UTC")
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut dom = String::new();
        let _ = stdout.read_to_string(&mut dom);
        dom
    });
    let mut stderr = child.stderr.take().unwrap();
    let err_reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let started = Instant::now();
    loop {
        if child.try_wait().expect("chromium can be waited for").is_some() {
            break;
        }
        if started.elapsed() > CHROMIUM_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish within {CHROMIUM_TIMEOUT:?} for {url}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let dom = reader.join().unwrap();
    let errors = err_reader.join().unwrap();
    assert!(dom.contains("</html>"), "no DOM from chromium for {url}; stderr:\n{errors}");
    dom
}

/// The element with this id, from its opening tag to its matching `</div>` (the
/// element is a div; nested divs are counted).
/// The element `id` of `url` once the page has given it a verdict (`data-state`): on a
/// loaded machine the rules module may still be compiling when Chromium's virtual time
/// runs out, leaving the verdict empty, so the page is loaded again, at most three times.
fn answered(chromium: &Path, url: &str, id: &str) -> String {
    let mut result = String::new();
    for _ in 0..3 {
        result = element(&dump_dom(chromium, url), id).to_string();
        if result.contains("data-state=") {
            break;
        }
    }
    result
}

fn element<'a>(dom: &'a str, id: &str) -> &'a str {
    let marker = format!("id=\"{id}\"");
    let at = dom.find(&marker).unwrap_or_else(|| panic!("no #{id} in the DOM"));
    let start = dom[..at].rfind('<').unwrap();
    let mut depth = 0usize;
    let mut i = start;
    while i < dom.len() {
        let rest = &dom[i..];
        if rest.starts_with("<div") {
            depth += 1;
        } else if rest.starts_with("</div>") {
            depth -= 1;
            if depth == 0 {
                return &dom[start..i];
            }
        }
        i += rest.chars().next().map_or(1, char::len_utf8);
    }
    &dom[start..]
}

/// The value of `attribute` on the element with this id.
fn attribute<'a>(dom: &'a str, id: &str, attribute: &str) -> &'a str {
    let tag = element(dom, id);
    let tag = &tag[..tag.find('>').unwrap()];
    let marker = format!(" {attribute}=\"");
    let at = tag.find(&marker).unwrap_or_else(|| panic!("#{id} has no {attribute}: {tag}")) + marker.len();
    &tag[at..at + tag[at..].find('"').unwrap()]
}

/// The seed's worked example (docs/conventions.md, Zhi Pai): start 12, then these placements, as the core
/// judges it (the page must show the same).
const SEED_EXAMPLE: [(i64, &str); 4] = [(6, "left"), (22, "right"), (40, "left"), (55, "left")];

fn core_verdict(placements: &[(i64, &str)]) -> hexforge::api::zhi_pai::CheckAnswer {
    let placements: Vec<_> =
        placements.iter().map(|(card, side)| serde_json::json!({ "card": card, "side": side })).collect();
    let request = serde_json::from_value(serde_json::json!({ "start": 12, "placements": placements })).unwrap();
    hexforge::api::zhi_pai::check(&request, hexforge_rules::zhi_pai::SEARCH_LIMIT, None).expect("a verdict")
}

fn click_scenario(placements: &[(i64, &str)]) -> String {
    placements.iter().map(|(card, side)| format!("{card}:{side}")).collect::<Vec<_>>().join(",")
}

#[test]
fn the_page_lays_the_seed_example_by_clicking() {
    let Some(chromium) = CHROMIUM.or_skip() else { return };
    let downloads = TempDir::new("downloads-click");
    let server = Server::start(&downloads.0);
    let base = format!("http://{}", server.addr);

    // Three states, three colours: the style sheet gives each its own.
    let css = server.request("GET", "/style.css", "").1;
    let colour = |state: &str| {
        let rule = format!(".result[data-state=\"{state}\"] {{ border-left-color: ");
        let at = css.find(&rule).unwrap_or_else(|| panic!("style.css has no colour for {state}")) + rule.len();
        css[at..at + css[at..].find(';').unwrap()].to_owned()
    };
    let colours = [colour("unfinished"), colour("broken"), colour("solved")];
    assert!(colours[0] != colours[1] && colours[1] != colours[2] && colours[0] != colours[2], "{colours:?}");

    // Laid card by card: legal so far three times, then solved.
    let dom = dump_dom(&chromium, &format!("{base}/?zhipai=12&click={}", click_scenario(&SEED_EXAMPLE)));
    assert!(dom.contains("data-ready=\"true\""), "the page's script did not finish");
    assert_eq!(attribute(&dom, "zhipai-result", "data-trail"), "unfinished unfinished unfinished solved");
    let core = core_verdict(&SEED_EXAMPLE);
    let result = element(&dom, "zhipai-result");
    assert!(result.contains(&format!("Solved with {} cards.", core.length)), "{result}");
    let distance = core.distance.expect("the core knows the optimum");
    let expected = if distance == 0 { "That is optimal.".to_owned() } else { format!("{distance} card") };
    assert!(result.contains(&expected), "the distance from the optimum ({distance}) is shown: {result}");
    // The line drawn as the cards themselves, each laid card marked legal.
    for (card, _) in SEED_EXAMPLE {
        assert!(
            result.contains(&format!("class=\"table-card ok\" data-card=\"{card}\"")),
            "card {card} drawn: {result}"
        );
    }
    // The trigram cards after the last move (seed: 55 links by thunder, spending it; 55
    // and 22 then link by fire, active since turn 2).
    let yours = &result[result.find("class=\"yours\"").expect("the player's answer")..];
    let yours = &yours[..yours.find("class=\"optimum\"").expect("the optimum beside it")];
    assert!(yours.contains("data-trigram=\"thunder\" data-state=\"spent\""), "{yours}");
    assert!(yours.contains("data-trigram=\"fire\" data-state=\"active\""), "{yours}");
    // The optimum beside the answer, stepped move by move.
    let shortest = core.shortest.expect("an optimum");
    assert!(result.contains("class=\"optimum\""), "{result}");
    assert!(result.contains(&format!("move {} of {}", shortest - 2, shortest - 2)), "{result}");
    // Cards on the table are greyed in the picker.
    let picker = element(&dom, "zp-picker");
    assert!(picker.contains("class=\"pick used\"") && picker.contains("data-card=\"55\""), "{picker}");

    // 22 cannot follow 6 on the left: broken at move 2, card 22 marked with the rule.
    let illegal = [(6, "left"), (22, "left")];
    let core = core_verdict(&illegal);
    let dom = dump_dom(&chromium, &format!("{base}/?zhipai=12&click={}", click_scenario(&illegal)));
    assert_eq!(attribute(&dom, "zhipai-result", "data-trail"), "unfinished broken");
    let result = element(&dom, "zhipai-result");
    assert!(result.contains("Broken at move 2."), "{result}");
    let bad = "class=\"table-card bad\" data-card=\"22\" data-move=\"2\"";
    assert!(result.contains(bad), "the refused card is marked: {result}");
    assert!(result.contains(&core.errors[0]), "the rule is named: {result}");
}

/// The picker button of `card` in the picker with this id, from `<button` to `</button>`.
fn pick_button<'a>(dom: &'a str, picker: &str, card: i64) -> &'a str {
    let picker = element(dom, picker);
    let at = picker.find(&format!("data-card=\"{card}\"")).unwrap_or_else(|| panic!("no card {card} in the picker"));
    let start = picker[..at].rfind("<button").unwrap();
    &picker[start..start + picker[start..].find("</button>").unwrap()]
}

#[test]
fn the_page_highlights_the_cards_legal_next() {
    let Some(chromium) = CHROMIUM.or_skip() else { return };
    let downloads = TempDir::new("downloads-legal");
    let server = Server::start(&downloads.0);
    let laid = [(6, "left")];
    let dom = dump_dom(&chromium, &format!("http://{}/?zhipai=12&click={}", server.addr, click_scenario(&laid)));
    assert_eq!(attribute(&dom, "zhipai-result", "data-trail"), "unfinished");
    let core = core_verdict(&laid);
    let legal: std::collections::BTreeSet<i64> = core.legal_next.iter().map(|p| i64::from(p.card.number())).collect();
    assert!(legal.contains(&22) && !legal.contains(&6), "{legal:?}");
    for card in 1..=64 {
        let button = pick_button(&dom, "zp-picker", card);
        assert_eq!(button.contains("class=\"pick legal\""), legal.contains(&card), "card {card}: {button}");
    }
    // Each way a card may go is labelled: 22 links to 11 on the right by a swap.
    assert!(pick_button(&dom, "zp-picker", 22).contains("right: swap"), "{}", pick_button(&dom, "zp-picker", 22));
}

/// The start tag and text of the paragraph `id` (the today section's feedback line).
fn paragraph<'a>(dom: &'a str, id: &str) -> &'a str {
    let at = dom.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("no #{id} in the DOM"));
    let start = dom[..at].rfind('<').unwrap();
    &dom[start..start + dom[start..].find("</p>").unwrap()]
}

fn paragraph_attribute<'a>(dom: &'a str, id: &str, attribute: &str) -> &'a str {
    let tag = paragraph(dom, id);
    let tag = &tag[..tag.find('>').unwrap()];
    let marker = format!(" {attribute}=\"");
    let at = tag.find(&marker).unwrap_or_else(|| panic!("#{id} has no {attribute}: {tag}")) + marker.len();
    &tag[at..at + tag[at..].find('"').unwrap()]
}

/// Issue 13: today's puzzles are solved by clicking. The deal's best turns (from the
/// library) are played card by card; the page shows the score, says it is the best and
/// offers a result to share with no card numbers. Today's ladder likewise (issue 27: how
/// the answer compares, the player's own counted).
#[test]
fn the_page_plays_todays_puzzles_by_clicking() {
    use hexforge::api::puzzles::{PuzzleView, show};
    use hexforge_rules::puzzles::{PuzzleGame, PuzzleId};
    let Some(chromium) = CHROMIUM.or_skip() else { return };
    let downloads = TempDir::new("downloads-today");
    let database = hexforge::results::Database::sqlite_file(&downloads.0.join("results.sqlite3"));
    let server = Server::start_with(&downloads.0, Some(database));
    let today = hexforge::puzzles::today();
    let glyph = |n: u8| hexforge_rules::core::hexagram::Hexagram::from_number(n.into()).unwrap().symbol();

    let id = PuzzleId::daily(PuzzleGame::Zhipai, today);
    let PuzzleView::Deal(deal) = show(&id, true) else { panic!("a deal") };
    let turns = deal.solution.clone().unwrap();
    let dom = dump_dom(&chromium, &format!("http://{}/?puzzle={id}&play={}", server.addr, turns.join(",")));
    let trail = paragraph_attribute(&dom, "today-feedback", "data-trail");
    assert!(trail.ends_with("solved") && !trail.contains("broken"), "{trail}");
    let result = element(&dom, "today-result");
    let placed = turns.iter().filter(|t| *t != "pass").count();
    let passes = turns.len() - placed;
    let reached = format!(
        "{} cards, {passes} {}, score {}",
        2 + placed,
        if passes == 1 { "pass" } else { "passes" },
        deal.optimum
    );
    assert!(result.contains(&format!("Solved, {reached}: that is the best.")), "{result}");
    let marks: String = "■■".chars().chain(turns.iter().map(|t| if t == "pass" { '·' } else { '■' })).collect();
    let share = format!("hexforge {id} {} {marks} {reached} (optimal)", glyph(deal.start.number()));
    assert!(result.contains(&format!("value=\"{share}\"")), "the share text is {share:?}: {result}");
    // The trigram cards active at the end, as the rules' own game has them.
    let mut game = hexforge_rules::zhi_pai::Chain::new(hexforge_rules::zhi_pai::Setup::new(deal.start));
    for turn in hexforge_rules::puzzles::deal::parse_turns(&turns.join(",")).unwrap() {
        if let hexforge_rules::puzzles::Turn::Place(card, side) = turn {
            game.place(card, side).unwrap();
        }
    }
    let active: Vec<&str> = game.active().iter().map(|t| t.name()).collect();
    let play = paragraph(&dom, "today-play");
    assert!(play.contains(&format!("trigram cards active: {}", active.join(", "))), "{play}");
    // The rules shown are the puzzle's own, from the service.
    assert!(
        dom.contains(&format!("<li>{}</li>", hexforge_rules::puzzles::deal::RULES[2])),
        "the deal's rules are on the page"
    );

    let id = PuzzleId::daily(PuzzleGame::Pathways, today);
    let PuzzleView::Ladder(ladder) = show(&id, true) else { panic!("a ladder") };
    let solution = ladder.solution.unwrap();
    // Someone found the best answer before: the page then says how everyone did.
    let sequence: Vec<String> =
        solution.iter().map(|h| format!(r#"{{"card":{},"orientation":"dark"}}"#, h.number())).collect();
    let answer = format!(r#"{{"sequence":[{}]}}"#, sequence.join(","));
    assert!(server.request("POST", &format!("/api/puzzles/{id}/check"), &answer).1.contains("\"solved\""));
    let waited = Instant::now();
    while !server.request("GET", &format!("/api/puzzles/{id}/stats"), "").1.contains("\"optimal\":1") {
        assert!(waited.elapsed() < Duration::from_secs(15), "the answer is recorded");
        std::thread::sleep(Duration::from_millis(20));
    }
    let cards: Vec<String> = solution[1..].iter().map(|h| h.number().to_string()).collect();
    let dom = dump_dom(&chromium, &format!("http://{}/?puzzle={id}&play={}", server.addr, cards.join(",")));
    assert!(paragraph_attribute(&dom, "today-feedback", "data-trail").ends_with("solved"));
    let result = element(&dom, "today-result");
    assert!(result.contains(&format!("Solved, {} cards: that is the best.", ladder.optimum)), "{result}");
    assert!(
        result.contains("2 of the 2 players who solved it (100 %) did as well, you included; 2 found the best."),
        "the player's own answer is counted: {result}"
    );
    assert!(result.contains(&format!("the generator rates it {}.", ladder.difficulty.rating)), "{result}");

    // A card two lines from the start is refused with the rule, and taken back.
    let far = hexforge_rules::core::hexagram::Hexagram::all()
        .find(|h| h.distance(ladder.from) == 2 && !ladder.removed.contains(h))
        .expect("some card two lines away is still in the deck");
    let dom = dump_dom(&chromium, &format!("http://{}/?puzzle={id}&play={}", server.addr, far.number()));
    assert_eq!(paragraph_attribute(&dom, "today-feedback", "data-trail"), "broken");
    let said = paragraph(&dom, "today-feedback");
    assert!(said.contains("Refused:") && said.contains("(one-line)"), "{said}");
}

/// Where `python3` with Playwright is: `HEXFORGE_PLAYWRIGHT_PYTHON` (set by `.ci/run` to
/// its virtualenv's interpreter), else `python3` on `PATH` if it can import playwright.
/// Missing, the test says it skipped; under `CI=true` it fails.
pub(crate) fn playwright_python() -> Option<std::path::PathBuf> {
    let python =
        std::env::var_os("HEXFORGE_PLAYWRIGHT_PYTHON").map_or_else(|| "python3".into(), std::path::PathBuf::from);
    let imports = Command::new(&python)
        .args(["-c", "import playwright.sync_api"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if imports {
        return Some(python);
    }
    outside_tool::missing(
        &format!("Playwright for Python ({} cannot import playwright)", python.display()),
        "pip install playwright",
        ".ci/run installs it in a virtualenv",
    );
    None
}

/// Issue 27: both of today's puzzles played through the page in Chromium, driven by
/// Playwright as a player would (tests/page_play/play.py): wrong moves, undo and restart,
/// a dead end, a double click on the winning card, a reload, the archive, the linked
/// puzzle loaded again and again, a future day, and a phone's 390 × 844 screen.
/// Screenshots are left in the target folder's tmp (page-play/).
#[test]
fn the_page_plays_todays_puzzles_as_a_player_would() {
    use hexforge::api::puzzles::{PuzzleView, show};
    use hexforge_rules::core::hexagram::Hexagram;
    use hexforge_rules::puzzles::{Date, PuzzleGame, PuzzleId, Turn, deal};
    let Some(chromium) = CHROMIUM.or_skip() else { return };
    let Some(python) = playwright_python() else { return };
    let downloads = TempDir::new("downloads-play");
    let database = hexforge::results::Database::sqlite_file(&downloads.0.join("results.sqlite3"));
    let server = Server::start_with(&downloads.0, Some(database));
    let today = hexforge::puzzles::today();
    let days = |n: i64| Date::from_unix_seconds((hexforge::puzzles::now_seconds() as i64 + n * 86_400) as u64);
    let (yesterday, tomorrow) = (days(-1), days(1));

    let ladder_scenario = |date: Date| {
        let id = PuzzleId::daily(PuzzleGame::Pathways, date);
        let PuzzleView::Ladder(l) = show(&id, true) else { panic!("a ladder") };
        let solution: Vec<u8> = l.solution.clone().unwrap().iter().map(|h| h.number()).collect();
        let free = |h: &Hexagram| !l.removed.contains(h) && *h != l.to && *h != l.from;
        let far = Hexagram::all().find(|h| h.distance(l.from) == 2 && free(h)).expect("a card two lines away");
        // A card of the board's first row that is refused as the second card.
        let far_top = (1..=6u8)
            .find(|&n| Hexagram::from_number(n.into()).unwrap().distance(l.from) != 1 && n != l.from.number())
            .unwrap();
        // A card one line from the start whose way to the goal is cut, if any (the service decides).
        let dead_end = l.from.neighbours().into_iter().filter(|h| free(h)).find(|h| {
            let body = format!(
                r#"{{"sequence":[{{"card":{},"orientation":"dark"}},{{"card":{},"orientation":"dark"}}]}}"#,
                l.from.number(),
                h.number()
            );
            server.request("POST", &format!("/api/puzzles/{id}/check"), &body).1.contains("\"dead_end\":true")
        });
        // A longer answer: first a card one line further from the goal, then a shortest way
        // on over the cards left (a worse result than the best, for the two-tab test).
        let detour =
            l.from.neighbours().into_iter().filter(|h| free(h) && h.distance(l.to) > l.from.distance(l.to)).find_map(
                |first| {
                    let mut before = std::collections::HashMap::from([(first, first)]);
                    let mut queue = std::collections::VecDeque::from([first]);
                    while let Some(h) = queue.pop_front() {
                        if h == l.to {
                            let mut path = vec![h.number()];
                            let mut at = h;
                            while at != first {
                                at = before[&at];
                                path.push(at.number());
                            }
                            path.reverse();
                            return Some(path);
                        }
                        for n in h.neighbours() {
                            if (free(&n) || n == l.to) && !before.contains_key(&n) {
                                before.insert(n, h);
                                queue.push_back(n);
                            }
                        }
                    }
                    None
                },
            );
        serde_json::json!({
            "detour": detour,
            "id": id.to_string(), "from": l.from.number(), "to": l.to.number(), "solution": solution,
            "removed": l.removed.iter().map(|h| h.number()).collect::<Vec<_>>(),
            "far": far.number(), "far_top": far_top, "dead_end": dead_end.map(|h| h.number()),
        })
    };
    let ladder = ladder_scenario(today);
    let past_ladder = ladder_scenario(yesterday);

    let deal_id = PuzzleId::daily(PuzzleGame::Zhipai, today);
    let PuzzleView::Deal(d) = show(&deal_id, true) else { panic!("a deal") };
    // A card of the opening zone that does not link on a side, as the rules judge it.
    let wrong = d.deal[..deal::OPENING_ZONE]
        .iter()
        .flat_map(|&c| [(c, hexforge_rules::zhi_pai::Side::Left), (c, hexforge_rules::zhi_pai::Side::Right)])
        .find(|&(c, side)| deal::play(d.start, &d.deal, &[Turn::Place(c, side)]).failure.is_some())
        .map(|(c, side)| format!("{}:{}", c.number(), side.name()))
        .expect("some card of the opening zone does not link on some side");

    // Today's solitaire deal: its best answer and a move the rules refuse after the first.
    let solitaire_id = PuzzleId::daily(PuzzleGame::Solitaire, today);
    let PuzzleView::Solitaire(sd) = show(&solitaire_id, true) else { panic!("a solitaire deal") };
    let sd_deal = hexforge_rules::solitaire::Deal::shuffled(sd.seed);
    let solitaire_wrong = ["dark", "light"]
        .into_iter()
        .flat_map(|r| (1..=4).flat_map(move |p| ["dark", "light"].map(|o| (r, format!("{p}:{o}")))))
        .find(|(r, m)| {
            let moves = hexforge_rules::puzzles::solitaire::parse_moves(&format!("{r},{m}")).unwrap();
            hexforge_rules::puzzles::solitaire::play(&sd_deal, &moves).failure.is_some_and(|f| f.1 == "does-not-fit")
        })
        .map(|(r, m)| [r.to_string(), m])
        .expect("some pile card does not fit the start card in some reading");
    // A numbered deal with a win worse than the best (the shortest win under stricter rules,
    // which the book's rules allow too), for the two-tab test.
    let (tabs_id, worse) = (1..=80u32)
        .find_map(|n| {
            let id = PuzzleId { game: PuzzleGame::Solitaire, serial: hexforge_rules::puzzles::Serial::Numbered(n) };
            let p = hexforge_rules::puzzles::SolitaireDeal::generate(id.seed());
            let strict = [
                hexforge_rules::solitaire::Variant { mirrors: false, ..hexforge_rules::solitaire::Variant::BOOK },
                hexforge_rules::solitaire::Variant { complements: false, ..hexforge_rules::solitaire::Variant::BOOK },
            ];
            strict.into_iter().find_map(|v| {
                let win = hexforge_rules::solitaire::solve::Solver::new().shortest_win(&p.deal, v)?;
                let turned =
                    win.iter().filter(|a| matches!(a, hexforge_rules::solitaire::engine::Action::Turn)).count();
                (turned > p.shortest)
                    .then(|| (id, win.iter().map(hexforge_rules::solitaire::answer::spell).collect::<Vec<_>>()))
            })
        })
        .expect("a numbered deal with a win worse than its best");
    let PuzzleView::Solitaire(tabs) = show(&tabs_id, true) else { panic!("a solitaire deal") };

    // Someone solved today's ladder at the best before: the page counts the player as the second.
    let body = hexforge::api::puzzles::solution_request(&PuzzleId::daily(PuzzleGame::Pathways, today));
    assert!(server.request("POST", &format!("/api/puzzles/pathways-{today}/check"), &body).1.contains("\"solved\""));
    let waited = Instant::now();
    while !server.request("GET", &format!("/api/puzzles/pathways-{today}/stats"), "").1.contains("\"optimal\":1") {
        assert!(waited.elapsed() < Duration::from_secs(15), "the answer is recorded");
        std::thread::sleep(Duration::from_millis(20));
    }

    let scenario = serde_json::json!({
        "chromium": chromium,
        "today": today.to_string(), "yesterday": yesterday.to_string(), "tomorrow": tomorrow.to_string(),
        "tomorrow_same_month": tomorrow.to_string()[..7] == today.to_string()[..7],
        "future_id": format!("pathways-{}", days(2)),
        "ladder": ladder, "past_ladder": past_ladder,
        "deal": { "id": deal_id.to_string(), "solution": d.solution.clone().unwrap(), "wrong": wrong },
        "solitaire": { "id": solitaire_id.to_string(), "solution": sd.solution.clone().unwrap(), "wrong": solitaire_wrong,
            "optimum": sd.optimum },
        "solitaire_tabs": { "id": tabs_id.to_string(), "best": tabs.solution.clone().unwrap(), "worse": worse,
            "optimum": tabs.optimum },
    });
    let work = TempDir::new("page-play");
    let scenario_file = work.0.join("scenario.json");
    std::fs::write(&scenario_file, scenario.to_string()).unwrap();
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("page-play");
    std::fs::create_dir_all(&shots).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/page_play/play.py");
    let out = Command::new(&python)
        .arg(&script)
        .arg(format!("http://{}", server.addr))
        .arg(&scenario_file)
        .arg(&shots)
        .stdin(Stdio::null())
        .output()
        .expect("python runs");
    let said = format!("{}\n{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the page play failed:\n{said}");
    assert!(said.contains("a double click sends the winning answer once"), "{said}");
    eprintln!("page play passed; screenshots in {}\n{said}", shots.display());
}

/// Issue 34: every game of the registry played to its end on `/play/GAME` in Chromium by
/// clicking offered moves (tests/page_play/games.py), at 1280 and 390 pixels wide, with
/// `/api` blocked and no request during play; each downloaded record is valid under
/// `hexforge check GAME --record`. Screenshots are left in the target folder's tmp (play-games/).
#[test]
fn the_play_page_plays_every_game_against_the_bots() {
    let Some(chromium) = CHROMIUM.or_skip() else { return };
    let Some(python) = playwright_python() else { return };
    let downloads = TempDir::new("downloads-games");
    let server = Server::start(&downloads.0);
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("play-games");
    std::fs::create_dir_all(&shots).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/page_play/games.py");
    let out = Command::new(&python)
        .arg(&script)
        .arg(format!("http://{}", server.addr))
        .arg(&shots)
        .arg(&chromium)
        .stdin(Stdio::null())
        .output()
        .expect("python runs");
    let said = format!("{}\n{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the games were not played to their end:\n{said}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("the script's JSON");
    let played = report["games"].as_array().unwrap();
    for rules in hexforge_rules::games() {
        let plain = played.iter().filter(|g| g["game"] == rules.name() && g["setup"] == "").count();
        assert_eq!(plain, 2, "{} at both sizes", rules.name());
    }
    let valley = played.iter().filter(|g| g["game"] == "dragons" && g["setup"] == "&scenario=valley").count();
    assert_eq!(valley, 2, "Dragons in the valley scenario at both sizes");
    let mut search: Vec<f64> = Vec::new();
    for game in played {
        let name = game["game"].as_str().unwrap();
        let check = Command::new(env!("CARGO_BIN_EXE_hexforge"))
            .args(["check", name, "--record", game["record"].as_str().unwrap()])
            .output()
            .expect("hexforge check runs");
        let verdict = String::from_utf8_lossy(&check.stdout);
        assert!(check.status.success() && verdict.contains("valid"), "{name}: {verdict}");
        search.extend(game["search_ms"].as_array().unwrap().iter().filter_map(serde_json::Value::as_f64));
    }
    // The issue asks for 250 ms a search move on an idle machine; under a full test run
    // the median is held to it and the slowest to a second.
    search.sort_by(f64::total_cmp);
    assert!(
        !search.is_empty() && search[search.len() / 2] <= 250.0 && search[search.len() - 1] <= 1000.0,
        "{search:?}"
    );
    eprintln!("every game played in the browser; screenshots in {}\n{said}", shots.display());
}

#[test]
fn the_page_checks_zhi_pai_placements() {
    let Some(chromium) = CHROMIUM.or_skip() else { return };
    let downloads = TempDir::new("downloads");
    let server = Server::start(&downloads.0);
    let base = format!("http://{}", server.addr);

    // The worked example: 12 → 6 (left), 22 (right), 40 (left), 55 (left).
    let dom = dump_dom(&chromium, &format!("{base}/?zhipai=12&placements=6:left,22:right,40:left,55:left"));
    assert!(dom.contains("data-ready=\"true\""), "the page's script did not finish");
    let result = element(&dom, "zhipai-result");
    assert!(result.contains("data-state=\"solved\""), "expected a solved verdict, got: {result}");
    assert!(result.contains("Solved with 6 cards."), "{result}");
    // The deck was browsed too: every card is on the page.
    assert_eq!(dom.matches("class=\"card-button\"").count(), 64);

    // 22 cannot follow 6 on the left: invalid, with the broken rule named.
    let dom = dump_dom(&chromium, &format!("{base}/?zhipai=12&placements=6:left,22:left"));
    let result = element(&dom, "zhipai-result");
    assert!(result.contains("data-state=\"broken\""), "expected a broken verdict, got: {result}");
    assert!(result.contains("move 2: card 22 cannot be laid right of 6"), "the rule is named: {result}");

    // The optimal answer on request.
    let dom = dump_dom(&chromium, &format!("{base}/?zhipai=12&solve=1"));
    let result = element(&dom, "zhipai-result");
    assert!(result.contains("Optimal answer:"), "{result}");
}

#[test]
fn the_page_checks_pathways_and_verifies_cards() {
    let Some(chromium) = CHROMIUM.or_skip() else { return };
    let downloads = TempDir::new("downloads-2");
    let server = Server::start(&downloads.0);
    let base = format!("http://{}", server.addr);

    let result = answered(
        &chromium,
        &format!("{base}/?pathways=1&to=2&deck=6d&orientation=dark&sequence=1:dark,2:dark"),
        "pathways-result",
    );
    assert!(result.contains("data-state=\"broken\""), "{result}");
    assert!(result.contains("exactly one line"), "{result}");
    assert!(
        result.contains("class=\"table-card bad\" data-card=\"2\" data-move=\"2\""),
        "the refused card is marked: {result}"
    );
    // Issue 27: the optimum's stepper counts moves as the checks do, the start being move 1.
    let deck: hexforge_rules::changing_lines::deck::Deck = "6d".parse().unwrap();
    let h = |n: u8| hexforge_rules::core::hexagram::Hexagram::from_number(n.into()).unwrap();
    let mode = hexforge_rules::changing_lines::pathways::Mode::Dark;
    let best = hexforge_rules::changing_lines::pathways::shortest(h(1), h(2), &deck, mode).unwrap().len();
    assert!(result.contains(&format!("move {best} of {best}")), "{result}");
    assert!(result.contains(&format!("Move {best}: card 2,")), "{result}");

    // Issue 17: a sequence in the address is checked even with &solve=1 (legal, not done).
    let result = answered(
        &chromium,
        &format!("{base}/?pathways=1&to=2&deck=6d&sequence=1:dark,44:dark&solve=1"),
        "pathways-result",
    );
    assert!(result.contains("data-state=\"unfinished\"") && result.contains("Legal so far"), "{result}");

    // Issue 17: an unknown deck in the address is named (it said `unknown deck ""`).
    let result = answered(&chromium, &format!("{base}/?pathways=1&to=2&deck=7d"), "pathways-result");
    assert!(result.contains("data-state=\"error\"") && result.contains("“7d”"), "{result}");

    // Issue 17: an empty field asks for a number instead of quoting nothing.
    let dom = dump_dom(&chromium, &format!("{base}/?verify=12&orientation=dark&numbers=25,,33,20,35,45"));
    let result = element(&dom, "verify-result");
    assert!(result.contains("enter a line 2 number"), "{result}");

    let dom = dump_dom(&chromium, &format!("{base}/?verify=12&orientation=dark&numbers=25,7,33,20,35,45"));
    let result = element(&dom, "verify-result");
    assert!(result.contains("data-state=\"invalid\""), "{result}");
    assert!(result.contains("Line 2: printed 7, should be 6."), "{result}");
}

/// `/?spread=three&seed=42`: the page lays out the reading the rules crate deals for that
/// seed, each position with its three cards and its cast; a bad name is shown as the
/// server words it.
#[test]
fn the_page_lays_out_a_spread() {
    use hexforge_rules::core::spread::{draw_spread, spread};
    let Some(chromium) = CHROMIUM.or_skip() else { return };
    let downloads = TempDir::new("spread-dl");
    let server = Server::start(&downloads.0);
    let base = format!("http://{}", server.addr);
    let dom = dump_dom(&chromium, &format!("{base}/?spread=three&seed=42"));
    let result = element(&dom, "spread-result");
    assert!(result.contains("data-state=\"valid\"") && result.contains("seed 42"), "{result}");
    for (i, p) in draw_spread(spread("three").unwrap(), 42).positions.iter().enumerate() {
        let at = result.find(&format!("data-position=\"{}\"", p.position)).unwrap_or_else(|| panic!("{result}"));
        let block = &result[at..];
        let block = &block[..block.find("</li>").unwrap()];
        assert!(block.contains(&format!("{} · {}", i + 1, p.position)), "{block}");
        for c in p.cards {
            assert!(
                block.contains(&format!("/cards/changing-lines/{}.png", c.number())),
                "card {} in {block}",
                c.number()
            );
        }
        assert!(block.contains(&format!("class=\"spread-cast\">{} ", p.cast.primary.number())), "primary in {block}");
    }
    let dom = dump_dom(&chromium, &format!("{base}/?spread=celtic"));
    let result = element(&dom, "spread-result");
    assert!(result.contains("data-state=\"error\"") && result.contains("celtic"), "{result}");
}

#[test]
fn the_page_verifies_a_photo_and_marks_the_wrong_number() {
    let Some(chromium) = CHROMIUM.or_skip() else { return };
    let downloads = TempDir::new("downloads-photo");
    // Card 12 with 7 printed beside line 2 of its dark reading instead of 6.
    let misprint =
        photo_corpus::Misprint { orientation: hexforge_rules::core::card::Orientation::Dark, line: 2, printed: 7 };
    let card = photo_corpus::changing_lines_card(12, Some(misprint));
    std::fs::write(downloads.0.join("card-12.png"), photo_corpus::png(&card)).unwrap();
    let server = Server::start(&downloads.0);
    let dom = dump_dom(&chromium, &format!("http://{}/?photo=/downloads/card-12.png", server.addr));
    let result = element(&dom, "verify-photo-result");
    assert!(result.contains("data-state=\"invalid\""), "{result}");
    assert!(result.contains("11 of 12 numbers are right, 1 wrong"), "{result}");
    assert!(result.contains("data-status=\"mismatch\" data-line=\"2\""), "{result}");
    assert!(result.contains("<del>7</del> <ins>6</ins>"), "{result}");
    assert!(result.contains("data-hexagram=\"12\" data-orientation=\"dark\""), "{result}");
}
