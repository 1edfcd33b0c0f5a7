// The play page, /play/GAME: a game of the registry played in the browser by people and
// bots, with the rules and the bots run by the rules module (rules.js), so that nothing is
// asked of the server once the page has loaded. The setup is in the address:
//   /play/tao?seats=4&bots=greedy,search,random   (seat 0 a person, seats 1–3 bots)
//   /play/pathways?seats=3&bots=person,greedy&deck=4d&seed=12
//   /play/zhi-pai?bots=search&pace=0               (pace: milliseconds between bot moves)
// `bots` fills the last seats; `person` (or `human`) names a person's seat; the seats it
// leaves are people. Any option of the game (`deck`, `hand`, `scenario`…) is passed on.
// A random seed is chosen once and written into the address, which then names the whole
// setup (the same address deals the same game). The game in progress is kept in this
// browser under its address (saved.js) after every action and replayed when the address is
// opened again (a reload, Back, a new tab); leaving it asks first.
// After the game: the result, the record to download and a replay link
// (`/play/GAME#record=…`, the record in the fragment, never sent to the server).
import { $, el } from './dom.js';
import { call } from './rules.js';
import { inUse, loadRules, register } from './offline.js';
import { levels, seatText } from './levels.js';
import { drawTable, hands, markTargets, picks } from './boards.js';
import { resultLine, standingsTable } from './ending.js';
import { hidePicker } from './pick.js';
import * as saved from './saved.js';

const q = new URLSearchParams(location.search);
const state = {
  game: decodeURIComponent(location.pathname.replace(/^\/play\/?/, '').replace(/\/$/, '')) || 'tao',
  info: null,
  /** Per seat: 'person' or a bot's name. */
  seats: [],
  table: null,
  seed: '0',
  /** The person whose hand is shown (several people share a device: covered between them). */
  shown: null,
  pace: q.has('pace') ? Math.max(0, Number(q.get('pace')) || 0) : 350,
  replay: null,
  timer: null,
  /** The view last drawn (the test compares the drawing with it). */
  view: null,
  /** Milliseconds each bot kind took to choose, for the README's figures (the test reads them). */
  timings: {},
  /** The index of each action taken, in order: the game as saved. */
  actions: [],
  /** Each action taken: the seat that took it and the action as offered (for taking one back). */
  trail: [],
  /** Where the game is saved (its address), and whether it has ended. */
  key: null,
  over: false,
  /** Each seat's name in the game's words (the rules module's: `seat 2`, `White`, `Dilong`). */
  names: [],
};
// The room page opens on this game (a room: friends at one table over the network).
$('play-room-link')?.setAttribute('href', '/room/new?game=' + encodeURIComponent(state.game));
window.hexforgePlay = state;

function problem(text) {
  const box = $('play-problem');
  box.hidden = false;
  box.textContent = text;
}

const people = () => state.seats.map((k, i) => (k === 'person' ? i : -1)).filter((i) => i >= 0);
const kind = (k) => (k === 'person' ? 'person' : k === 'recorded' || !k ? null : k + ' bot');
const named = (seat) => state.names[seat] || 'seat ' + seat;
const who = (seat) => named(seat) + (kind(state.seats[seat]) ? ' (' + kind(state.seats[seat]) + ')' : '');

/** A bot's seed for the action at hand: the game's seed and the actions taken so far. */
function botSeed(taken) {
  const mask = (1n << 64n) - 1n;
  return String((BigInt(state.seed) * 6364136223846793005n + BigInt(taken) * 1442695040888963407n + 1n) & mask);
}

// ------------------------------------------------------------ setting up

function randomSeed() {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  return String((BigInt(words[0] & 0x1fffff) << 32n) + BigInt(words[1]));
}

function setupFromAddress() {
  const info = state.info;
  const [lo, hi] = info.players;
  let players = q.has('seats') ? Number(q.get('seats')) : info.default_players;
  if (!Number.isInteger(players) || players < lo || players > hi) {
    problem(info.name + ' is played by ' + (lo === hi ? lo : lo + ' to ' + hi) + ' players; seats=' + q.get('seats') + ' is not one of them.');
    players = info.default_players;
  }
  const bots = (q.get('bots') || (q.has('bots') ? '' : 'greedy')).split(',').map((b) => b.trim().toLowerCase()).filter(Boolean)
    .map((b) => (b === 'human' ? 'person' : b));
  const given = bots.slice(-players);
  const seats = Array(players - given.length).fill('person').concat(given);
  if (!q.has('bots') && players > 1) for (let i = 1; i < players; i++) seats[i] = 'greedy';
  state.seats = seats;
  const options = {};
  for (const o of info.options) if (q.has(o.name)) options[o.name] = q.get(o.name);
  state.options = options;
  state.auto = q.get('auto') === '1';
  state.seed = /^\d+$/.test(q.get('seed') || '') ? q.get('seed') : randomSeed();
  // The address names the whole setup and the seed, so that it deals the same game again.
  const here = address();
  state.key = saved.keyOf(here);
  history.replaceState(null, '', here + (q.has('pace') ? '&pace=' + state.pace : ''));
}

/** The game's address: its seats (each a person or a bot), its options and its seed. */
function address() {
  const p = new URLSearchParams();
  p.set('seats', String(state.seats.length));
  p.set('bots', state.seats.join(','));
  for (const k of Object.keys(state.options).sort()) p.set(k, state.options[k]);
  if (state.auto) p.set('auto', '1');
  p.set('seed', state.seed);
  return '/play/' + encodeURIComponent(state.game) + '?' + p.toString();
}

/** The game as kept in this browser (only a game some person plays). */
function keep() {
  if (!state.key || !people().length) return;
  const s = current();
  saved.save(state.key, {
    game: state.game, address: address(), seats: state.seats, seed: state.seed, actions: state.actions,
    over: state.over, next: s.outcome ? null : who(s.to_move), module: inUse(),
  });
}

/** The saved game of this address replayed, action by action; false when it cannot be. */
function resume() {
  const kept = saved.load(state.key);
  if (!kept || !kept.actions.length) return true;
  try {
    for (const index of kept.actions) {
      const s = current();
      if (s.outcome || !Number.isInteger(index) || index < 0 || index >= s.actions.length) {
        throw new Error('action ' + (s.taken + 1) + ' is not one the rules offer');
      }
      const done = call({ op: 'act', table: state.table, index });
      state.actions.push(index);
      state.trail.push({ seat: s.to_move, action: s.actions[index] });
      logMove(s.to_move, done.said, false);
    }
    return true;
  } catch (err) {
    problem('The game saved at this address could not be resumed (' + err.message + '); it starts again.');
    saved.discard(state.key);
    return false;
  }
}

function start() {
  const bots = levels().map((b) => b.name);
  const bad = state.seats.find((s) => s !== 'person' && !bots.includes(s));
  if (bad) return problem('Unknown bot “' + bad + '”: the bots are ' + bots.join(', ') + '.');
  try {
    state.table = call({ op: 'new', game: state.game, players: state.seats.length, options: state.options, seed: state.seed }).table;
  } catch (err) {
    return problem('This game cannot be set up: ' + err.message + (err.rule ? ' (' + err.rule + ')' : ''));
  }
  state.names = current().seat_names || [];
  if (!resume()) {
    call({ op: 'drop', table: state.table });
    state.table = call({ op: 'new', game: state.game, players: state.seats.length, options: state.options, seed: state.seed }).table;
    state.actions = [];
    state.trail = [];
    $('play-log').replaceChildren();
  }
  state.shown = people().length === 1 ? people()[0] : null;
  $('play-setup-line').textContent = state.seats.map((k, i) => 'seat ' + i + ': ' + (k === 'person' ? 'person' : k + ' bot')).join(' · ') +
    Object.entries(state.options).map(([k, v]) => ' · ' + k + ' ' + v).join('') + ' · seed ' + state.seed +
    (state.actions.length ? ' · resumed after ' + state.actions.length + ' actions, as saved in this browser' : '');
  $('play-table').hidden = false;
  step();
}

// ------------------------------------------------------------ playing

function current(seat) {
  return call({ op: 'state', table: state.table, seat });
}

/** The keys of a view that only name who is looking (a view's seat, Dragons' own dragon). */
const VIEWER = new Set(['seat', 'you']);

/** Whether two seats see different tables (a hand, a hidden tile): only then is the device
 *  covered when the turn passes between two people. Asked of the views, not known here. */
function hides(a, b) {
  const seen = (seat) => JSON.stringify(current(seat).view, (k, v) => (VIEWER.has(k) ? undefined : v));
  return a !== b && seen(a) !== seen(b);
}

function step() {
  clearTimeout(state.timer);
  const peek = current();
  if (peek.outcome) return finish(peek);
  const mover = peek.to_move;
  const person = state.seats[mover] === 'person';
  const all = people();
  // The turn passes to another person: covered only when they would see something the
  // person before them must not (never for the same seat, never for a bot's turn).
  if (person && state.shown !== mover) {
    const before = state.shown === null ? all.find((p) => p !== mover) : state.shown;
    if (before === undefined || !hides(before, mover)) state.shown = mover;
    else return cover(mover);
  }
  let seat = state.shown;
  if (seat === null) {
    if (!all.length) seat = mover;
    else if (all.length === 1 || !hides(all[0], all[1])) seat = all[0];
  }
  if (seat === null) {
    cover(null);
  } else {
    uncover();
    render(current(seat), person);
  }
  if (!person) state.timer = setTimeout(botMove, state.pace);
  // A lone move (a forced "Draw a card") is played for the person who asked for it.
  else if (state.auto && peek.actions.length === 1) state.timer = setTimeout(() => { const s = current(); if (!s.outcome && s.actions.length === 1) act(s, 0); }, state.pace);
}

function botMove() {
  const s = current();
  if (s.outcome) return step();
  const bot = state.seats[s.to_move];
  const t0 = performance.now();
  let index;
  try {
    index = call({ op: 'choose', table: state.table, bot, seed: botSeed(s.taken) });
  } catch (err) {
    // A refusal, or the module stopped (a bug in an engine): said, never silent.
    return problem('The ' + bot + ' bot of seat ' + s.to_move + ' could not move: ' + err.message + '.');
  }
  const ms = performance.now() - t0;
  (state.timings[bot] = state.timings[bot] || []).push(ms);
  act(s, index);
}

function act(s, index) {
  const action = s.actions[index];
  const done = call({ op: 'act', table: state.table, index });
  state.actions.push(index);
  state.trail.push({ seat: s.to_move, action });
  $('play-undo-why').textContent = '';
  logMove(s.to_move, done.said, true);
  keep();
  step();
}

// ------------------------------------------------------------ taking a move back

/** JSON with each object's keys in order, to compare an action with its record entry. */
const canon = (v) => JSON.stringify(v, (k, x) => (x && typeof x === 'object' && !Array.isArray(x)
  ? Object.fromEntries(Object.keys(x).sort().map((key) => [key, x[key]])) : x));

/** A table of this game after its first `n` actions (the same seed: the same deal and draws). */
function tableAfter(n) {
  const t = call({ op: 'new', game: state.game, players: state.seats.length, options: state.options, seed: state.seed }).table;
  for (const index of state.actions.slice(0, n)) call({ op: 'act', table: t, index });
  return t;
}

/**
 * Whether the person (the one person against bots) may take back their last move: `{ keep }`,
 * the actions kept, or `{ why }`. Refused when chance decided something since (an action's
 * record entry holds more than the choice offered: a card drawn, sticks thrown, a card
 * revealed) or when the person saw something new of their own (what only their view shows,
 * such as their hand, changed after their move). Both asked of the module, not known here.
 */
function takeBack() {
  const me = people()[0];
  let j = state.trail.length - 1;
  while (j >= 0 && state.trail[j].seat !== me) j--;
  if (j < 0) return { why: 'you have not moved yet' };
  const now = current(me);
  const entries = JSON.parse(now.record).actions || [];
  for (let k = j; k < state.trail.length; k++) {
    const { seat, ...entry } = entries[k] || {};
    const offered = state.trail[k].action;
    if (seat !== state.trail[k].seat || canon(entry) !== canon(typeof offered === 'string' ? { [offered]: true } : offered)) {
      return { why: 'chance has decided something since (' + who(state.trail[k].seat) + ': ' + now.log[k] + ')' };
    }
  }
  // What only the person's view shows (its keys whose values another seat's view lacks).
  const other = state.seats.findIndex((k, i) => i !== me);
  if (other >= 0) {
    const theirs = current(other).view;
    const t = tableAfter(j + 1);
    const then = call({ op: 'state', table: t, seat: me }).view;
    call({ op: 'drop', table: t });
    const keys = Object.keys(now.view).filter((k) => !VIEWER.has(k) && canon(now.view[k]) !== canon(theirs[k]));
    if (keys.some((k) => canon(then[k]) !== canon(now.view[k]))) return { why: 'you have seen something hidden since (your ' + keys.join(', ').replace(/_/g, ' ') + ')' };
  }
  return { keep: j };
}

/** Takes back the person's last move and the bots' moves after it, or says why not. */
function undo() {
  const verdict = takeBack();
  if (verdict.why) {
    $('play-undo-why').textContent = 'Your last move cannot be taken back: ' + verdict.why + '.';
    return;
  }
  clearTimeout(state.timer);
  call({ op: 'drop', table: state.table });
  state.table = tableAfter(verdict.keep);
  state.actions = state.actions.slice(0, verdict.keep);
  state.trail = state.trail.slice(0, verdict.keep);
  const log = $('play-log');
  while (log.children.length > verdict.keep) log.lastElementChild.remove();
  $('play-undo-why').textContent = 'Your last move was taken back.';
  keep();
  step();
}

/** One line of "Moves so far" in the rules module's words, scrolled into the list's view
 *  (the newest is always seen) and marked as the last; `announce`: said by screen readers. */
function logMove(seat, text, announce) {
  const log = $('play-log');
  const line = who(seat) + ': ' + text;
  for (const old of log.querySelectorAll('.last')) old.classList.remove('last');
  log.append(el('li', { class: 'last', 'data-seat': seat, text: line }));
  log.scrollTop = log.scrollHeight;
  if (announce) $('play-said').textContent = line;
  state.lastSeat = seat;
}

function cover(seat) {
  $('play-table').hidden = true;
  $('play-cover').hidden = false;
  const button = $('play-uncover');
  if (seat === null) {
    $('play-cover-text').textContent = 'The bots are playing; the hands stay covered until the next person’s turn.';
    button.hidden = true;
  } else {
    $('play-cover-text').textContent = 'Pass the device to seat ' + seat + '. Hands are hidden until they are ready.';
    button.hidden = false;
    button.textContent = 'I am seat ' + seat + ': show my hand';
    button.onclick = () => { state.shown = seat; step(); };
    button.focus();
  }
}

function uncover() {
  $('play-cover').hidden = true;
  $('play-table').hidden = false;
}

/** The table as `s.seat` sees it; the moves as buttons when a person is to move. */
function render(s, interactive) {
  const mover = s.to_move;
  const yours = interactive && mover === s.seat;
  state.names = s.seat_names || state.names;
  $('play-status').textContent = s.outcome ? resultLine(s, who)
    : yours ? '▶ Your turn, ' + named(mover) + ': ' + s.actions.length + (s.actions.length === 1 ? ' move' : ' moves') + ' allowed.'
      : '… ' + who(mover) + ' to move.';
  $('play-seats-list').replaceChildren(...state.seats.map((kind, i) => el('li', {
    class: 'seat' + (i === mover ? ' to-move' : '') + (i === s.seat ? ' viewer' : '') + (i === state.lastSeat ? ' moved-last' : ''), 'data-seat': i,
    'aria-current': i === mover ? 'step' : null,
  }, el('span', { class: 'seat-name', text: (i === mover ? '▶ ' : '') + named(i) + (i === s.seat ? ' (you)' : '') }),
  el('span', { class: 'seat-kind', text: kind === 'person' ? 'person' : kind + ' bot' }),
  el('span', { class: 'seat-line', text: (s.seat_words || [])[i] || '' }))));
  $('play-board').replaceChildren(drawTable(state.game, s, yours));
  if (yours) markTargets(state.game, $('play-board'), s);
  state.view = s.view; state.drawn = s; // the state drawn (the tests read its words)
  $('play-moves-title').hidden = !yours;
  const undoable = yours && !state.replay && people().length === 1 && people().length < state.seats.length && state.trail.some((t) => t.seat === mover);
  $('play-undo').hidden = !undoable;
  $('play-undo').onclick = undoable ? undo : null;
  const buttons = yours ? s.actions.map((a, i) => el('button', {
    type: 'button', class: 'move', 'data-move': JSON.stringify(a), 'data-index': i,
    // A move played from the keyboard (a click without a pointer) leaves the focus on
    // the moves, so that the next one is a Tab or an Enter away.
    onclick: (e) => { state.keys = e.detail === 0; act(s, i); },
  }, s.words[i])) : [];
  // Many choices of a hidden hexagram: picked by clicking the hand's tiles, the buttons kept
  // folded away (the same actions, the same words).
  const picker = yours ? hidePicker(s, (i) => act(s, i)) : null;
  $('play-moves').replaceChildren(...(picker ? [picker, el('details', { class: 'all-moves' },
    el('summary', { text: 'Or choose among all ' + buttons.length + ' ways as buttons' }), el('div', { class: 'moves' }, buttons))] : buttons));
  if (yours && state.keys && !$('play-moves').contains(document.activeElement)) $('play-moves').querySelector('button')?.focus();
  // Clicking the drawing: one move ending where it was clicked is made; several, the first
  // of their buttons takes the focus.
  $('play-board').onclick = yours ? (e) => {
    const hits = s.actions.map((a, i) => (picks(state.game, e.target, a, s) ? i : -1)).filter((i) => i >= 0);
    if (hits.length === 1) act(s, hits[0]);
    else if (hits.length) document.querySelector('#play-moves [data-index="' + hits[0] + '"]').focus();
  } : null;
  document.body.dataset.taken = String(s.taken);
  $('play-log-next').textContent = s.outcome ? '' : 'Next: ' + who(mover) + (yours ? ', you' : '') + '.';
}

/** How the game ended (the winner, a shared first place), and every seat's place below. */
function showResult(s) {
  $('play-status').textContent = resultLine(s, who);
  const table = standingsTable(s, who);
  $('play-standings').replaceChildren(...(table ? [table] : []));
}

/** Every seat's hand, shown once the game is over (each seat's own view of the ended table). */
function revealHands() {
  const box = $('play-hands');
  const views = Array.from({ length: state.seats.length }, (_, seat) => current(seat).view);
  const drawn = hands(state.game, views, current(0));
  box.hidden = !drawn;
  box.replaceChildren(...(drawn ? [el('h2', { text: 'Every hand at the end' }), drawn] : []));
}

/** The record with who sat where (`bots`: "person" or the bot's name, seat by seat), written
 *  after the seed as the command line writes it; a record that already names them is kept. */
function withSeats(record) {
  if (/"bots":/.test(record)) return record;
  const named = JSON.stringify(state.seats);
  const at = /^\{([^{}[\]]*?"seed":\d+)/;
  return at.test(record) ? record.replace(at, '{$1,"bots":' + named) : record.replace(/^\{/, '{"bots":' + named + ',');
}

/** The seat that took the last action (the record's last entry). */
function lastSeatOf(s) {
  const actions = JSON.parse(s.record).actions || [];
  return actions.length ? actions[actions.length - 1].seat : 0;
}

function finish(s) {
  clearTimeout(state.timer);
  state.over = true;
  keep();
  const last = current(people().length ? (state.shown ?? people()[0]) : 0);
  uncover();
  render(last, false);
  revealHands();
  $('play-end').hidden = false;
  $('play-result').textContent = resultLine(s, who) + ' ' + s.taken + ' actions.';
  showResult(s);
  // Why it ended: the rule, in the rules module's words (else the last move's).
  $('play-ending').textContent = s.ending ? 'Why it ended: ' + s.ending + '.'
    : s.log.length ? 'The last move: ' + who(lastSeatOf(s)) + ': ' + s.log[s.log.length - 1] + '.' : '';
  const record = withSeats(s.record);
  const link = $('play-download');
  link.href = URL.createObjectURL(new Blob([record + '\n'], { type: 'application/jsonl' }));
  link.download = state.game + '-' + state.seed + '.jsonl';
  $('play-replay-link').href = '/play/' + state.game + '#record=' + encodeURIComponent(record);
  const again = new URLSearchParams(q);
  again.delete('seed');
  $('play-again').href = '/play/' + state.game + '?' + again.toString();
  document.body.dataset.result = s.outcome.winner !== undefined ? 'won' : 'stalled';
  document.body.dataset.record = record;
}

// ------------------------------------------------------------ replaying a record

function openReplay(record) {
  let parsed;
  try {
    parsed = JSON.parse(record);
  } catch (err) {
    return problem('This is not a game record (JSON Lines): ' + err.message + '. Start a new game below, or open a record downloaded after a game.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return problem('The address holds no game record (#record=' + String(record).slice(0, 40) + '): a record is one line of JSON, as downloaded after a game. Start a new game below.');
  }
  if (parsed.game && parsed.game !== state.game) {
    location.replace('/play/' + encodeURIComponent(parsed.game) + '#record=' + encodeURIComponent(record));
    return;
  }
  const players = Number.isInteger(parsed.players) && parsed.players > 0 && parsed.players <= 16 ? parsed.players : 2;
  state.replay = { record, total: Array.isArray(parsed.actions) ? parsed.actions.length : 0, at: 0, players };
  state.seats = Array(players).fill('recorded');
  if (Array.isArray(parsed.bots) && parsed.bots.length === players) state.seats = parsed.bots.map(String);
  $('play-setup-line').textContent = 'Replay of a recorded game: ' + state.replay.total + ' actions' + (parsed.seed !== undefined ? ', seed ' + parsed.seed : '') + '.';
  // The whole game once, for its move list in the rules module's words.
  try {
    const whole = call({ op: 'replay', game: state.game, record, upto: state.replay.total }).table;
    const end = call({ op: 'state', table: whole });
    state.names = end.seat_names;
    state.replay.log = end.log;
    state.replay.seats = (parsed.actions || []).map((a) => (a && Number.isInteger(a.seat) ? a.seat : 0));
    call({ op: 'drop', table: whole });
  } catch (err) {
    state.replay.log = [];
  }
  $('play-replay-seat').replaceChildren(...Array.from({ length: state.replay.players }, (_, i) => el('option', { value: i, text: named(i) })));
  $('play-replay-seat').onchange = showReplay;
  $('play-replay').hidden = false;
  $('play-table').hidden = false;
  for (const b of document.querySelectorAll('#play-replay button')) b.onclick = () => replayStep(b.dataset.step);
  $('play-log').replaceChildren(...state.replay.log.map((text, k) => el('li', { 'data-move': k + 1 },
    el('button', { type: 'button', class: 'jump', 'data-jump': k + 1, onclick: () => { state.replay.at = k + 1; showReplay(); } },
      (k + 1) + '. ' + who(state.replay.seats[k]) + ': ' + text))));
  // Arrow keys step through the game (Home and End: its two ends), unless typing in a field.
  document.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('input, select, textarea')) return;
    const how = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
    if (!how) return;
    e.preventDefault();
    replayStep(how);
  });
  showReplay();
}

function replayStep(how) {
  const r = state.replay;
  r.at = { first: 0, prev: Math.max(0, r.at - 1), next: Math.min(r.total, r.at + 1), last: r.total }[how];
  showReplay();
}

function showReplay() {
  const r = state.replay;
  if (state.table !== null) call({ op: 'drop', table: state.table });
  try {
    state.table = call({ op: 'replay', game: state.game, record: r.record, upto: r.at }).table;
  } catch (err) {
    state.table = null;
    $('play-table').hidden = true;
    return problem('The record cannot be replayed: ' + err.message + '.');
  }
  const s = current(Number($('play-replay-seat').value || 0));
  render(s, false);
  $('play-replay-at').textContent = 'After ' + r.at + ' of ' + r.total + ' actions';
  // The move list: the move just replayed marked, in view.
  for (const li of $('play-log').children) {
    const here = Number(li.dataset.move) === r.at;
    li.classList.toggle('last', here);
    const b = li.querySelector('button');
    if (b) b.setAttribute('aria-current', here ? 'step' : 'false');
    if (here) $('play-log').scrollTop = li.offsetTop - $('play-log').offsetTop - $('play-log').clientHeight / 2;
  }
  $('play-said').textContent = r.at ? r.at + '. ' + who(r.seats ? r.seats[r.at - 1] : 0) + ': ' + (r.log[r.at - 1] || '') : 'The start of the game.';
  if (s.outcome) {
    showResult(s);
    revealHands();
  } else {
    $('play-hands').hidden = true;
  }
}

// ------------------------------------------------------------ start

function fillSetup(games) {
  $('play-games').replaceChildren(...games.map((g) => el('li', {}, el('a', {
    href: '/play/' + g.name, 'aria-current': g.name === state.game ? 'page' : null, text: g.name,
  }))));
  const info = state.info;
  const seats = $('play-seats');
  for (let n = info.players[0]; n <= info.players[1]; n++) seats.append(el('option', { value: n, text: String(n) }));
  seats.value = String(state.seats.length || info.default_players);
  const kinds = () => {
    const n = Number(seats.value);
    $('play-seat-kinds').replaceChildren(...Array.from({ length: n }, (_, i) => el('label', {}, 'Seat ' + i + ' ',
      el('select', { name: 'seat' + i, 'data-seat': i }, ['person', ...levels().map((b) => b.name)].map((k) => el('option', {
        value: k, text: seatText(k), selected: (state.seats[i] || (i === 0 ? 'person' : 'greedy')) === k,
      }))))));
  };
  seats.onchange = kinds;
  kinds();
  $('play-auto').checked = !!state.auto;
  $('play-options').replaceChildren(...info.options.map((o) => el('label', { title: o.help }, o.name + ' ',
    o.values.length ? el('select', { name: o.name }, o.values.map((v) => el('option', { value: v, text: v, selected: state.options && state.options[o.name] === v })))
      : el('input', { name: o.name, value: (state.options && state.options[o.name]) || '', placeholder: o.help.slice(0, 40) }))));
  $('play-form').onsubmit = (e) => {
    e.preventDefault();
    const next = new URLSearchParams();
    const n = Number(seats.value);
    next.set('seats', String(n));
    next.set('bots', Array.from({ length: n }, (_, i) => document.querySelector('select[data-seat="' + i + '"]').value).join(','));
    for (const o of info.options) {
      const v = document.querySelector('#play-options [name="' + o.name + '"]').value.trim();
      if (v) next.set(o.name, v);
    }
    if ($('play-auto').checked) next.set('auto', '1');
    if ($('play-seed').value.trim()) next.set('seed', $('play-seed').value.trim());
    location.href = '/play/' + state.game + '?' + next.toString();
  };
  showSaved();
  $('play-open').onchange = async () => {
    const file = $('play-open').files[0];
    if (!file) return;
    const line = (await file.text()).split('\n').find((l) => l.trim());
    location.hash = 'record=' + encodeURIComponent(line || '');
  };
}

/** The games kept in this browser and not yet over, each to resume or discard. */
function showSaved() {
  const open = saved.list().filter((g) => !g.over && g.address);
  $('play-saved-box').hidden = !open.length;
  $('play-saved-count').textContent = open.length ? ' · ' + open.length + (open.length === 1 ? ' saved game' : ' saved games') : '';
  // A new game with others waiting: the setup screen opens on them.
  const here = state.key ? saved.load(state.key) : null;
  if (!state.replay && !location.hash.includes('record=') && !(here && here.actions.length) && open.some((g) => g.key !== state.key)) $('play-setup').open = true;
  $('play-saved').replaceChildren(...open.map((g) => el('li', { 'data-key': g.key },
    el('a', { href: g.address, 'aria-current': g.key === state.key ? 'page' : null, text: g.game + ': ' + g.seats.length + ' seats, seed ' + g.seed }),
    ' — ' + g.actions.length + ' actions' + (g.next ? ', next ' + g.next : '') + (g.saved ? ', saved ' + new Date(g.saved).toLocaleString() : '') + ' ',
    el('button', { type: 'button', class: 'secondary', 'data-discard': g.key, onclick: () => { saved.discard(g.key); showSaved(); } }, 'Discard'))));
}

/** A game some person plays, begun and not over: leaving it asks first (it stays saved). */
function inProgress() {
  return !state.replay && !state.over && state.table !== null && state.actions.length > 0 && people().length > 0;
}

async function main() {
  try {
    const note = await loadRules();
    if (note) problem(note);
  } catch (err) {
    return problem('The rules module did not load: ' + err.message);
  }
  const games = call({ op: 'games' });
  state.info = games.find((g) => g.name === state.game);
  if (!state.info) {
    fillNav(games);
    return problem('No game “' + state.game + '” here: the games are ' + games.map((g) => g.name).join(', ') + '.');
  }
  $('play-title').textContent = 'Play ' + state.info.names.en;
  document.title = 'Play ' + state.info.names.en + ' — hexforge';
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.has('record')) {
    fillSetup(games);
    openReplay(hash.get('record'));
  } else {
    setupFromAddress();
    fillSetup(games);
    start();
  }
  window.addEventListener('hashchange', () => location.reload());
  window.addEventListener('beforeunload', (e) => {
    if (!inProgress()) return;
    e.preventDefault();
    e.returnValue = '';
  });
  // Another tab played or discarded a game: the list follows.
  window.addEventListener('storage', (e) => {
    if (!e.key || e.key.startsWith(saved.keyOf(''))) showSaved();
  });
  // Milliseconds from the start of navigation to a table ready to play (the README's figure).
  document.body.dataset.interactiveMs = String(Math.round(performance.now()));
  document.body.dataset.ready = 'true';
  // The page's fonts, asked for only now: the first screen needs none (play.css).
  document.documentElement.classList.add('fonts');
  register();
}

function fillNav(games) {
  $('play-games').replaceChildren(...games.map((g) => el('li', {}, el('a', { href: '/play/' + g.name, text: g.name }))));
}

main().catch((err) => {
  problem('The page stopped: ' + err.message + '. Reload it, or start a new game.');
  document.documentElement.classList.add('fonts');
  document.body.dataset.ready = 'true';
});
