// The play page, /play/GAME: a game of the registry played in the browser by people and
// bots, with the rules and the bots run by the rules module (rules.js), so that nothing is
// asked of the server once the page has loaded. The setup is in the address:
//   /play/tao?seats=4&bots=greedy,search,random   (seat 0 a person, seats 1–3 bots)
//   /play/pathways?seats=3&bots=person,greedy&deck=4d&seed=12
//   /play/zhi-pai?bots=search&pace=0               (pace: milliseconds between bot moves)
// `bots` fills the last seats; `person` (or `human`) names a person's seat; the seats it
// leaves are people. Any option of the game (`deck`, `hand`, `scenario`…) is passed on.
// After the game: the result, the record to download and a replay link
// (`/play/GAME#record=…`, the record in the fragment, never sent to the server).
import { $, el } from './dom.js';
import { call, load } from './rules.js';
import { drawTable, label, picks, seatLine } from './boards.js';

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
};
window.hexforgePlay = state;

function problem(text) {
  const box = $('play-problem');
  box.hidden = false;
  box.textContent = text;
}

const people = () => state.seats.map((k, i) => (k === 'person' ? i : -1)).filter((i) => i >= 0);
const who = (seat) => 'seat ' + seat + ' (' + (state.seats[seat] === 'person' ? 'person' : state.seats[seat] + ' bot') + ')';

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
  state.seed = /^\d+$/.test(q.get('seed') || '') ? q.get('seed') : randomSeed();
}

function start() {
  const bad = state.seats.find((s) => s !== 'person' && !['random', 'greedy', 'search'].includes(s));
  if (bad) return problem('Unknown bot “' + bad + '”: the bots are random, greedy and search.');
  try {
    state.table = call({ op: 'new', game: state.game, players: state.seats.length, options: state.options, seed: state.seed }).table;
  } catch (err) {
    return problem('This game cannot be set up: ' + err.message + (err.rule ? ' (' + err.rule + ')' : ''));
  }
  state.shown = people().length === 1 ? people()[0] : null;
  $('play-setup-line').textContent = state.seats.map((k, i) => 'seat ' + i + ': ' + (k === 'person' ? 'person' : k + ' bot')).join(' · ') +
    Object.entries(state.options).map(([k, v]) => ' · ' + k + ' ' + v).join('') + ' · seed ' + state.seed;
  $('play-table').hidden = false;
  step();
}

// ------------------------------------------------------------ playing

function current(seat) {
  return call({ op: 'state', table: state.table, seat });
}

/** The seat whose view is drawn: the person shown, or (bots only) the seat to move. */
function viewSeat(toMove) {
  if (state.shown !== null) return state.shown;
  return people().length ? null : (toMove === null ? 0 : toMove);
}

function step() {
  clearTimeout(state.timer);
  const peek = current();
  if (peek.outcome) return finish(peek);
  const mover = peek.to_move;
  const person = state.seats[mover] === 'person';
  if (person && people().length > 1 && state.shown !== mover) return cover(mover);
  const seat = viewSeat(mover);
  if (seat === null) {
    cover(null);
  } else {
    uncover();
    render(current(seat), person);
  }
  if (!person) state.timer = setTimeout(botMove, state.pace);
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
  call({ op: 'act', table: state.table, index });
  $('play-log').append(el('li', { text: who(s.to_move) + ': ' + label(state.game, action, s.view, true) }));
  if (state.seats[s.to_move] === 'person' && people().length > 1) state.shown = null;
  step();
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
  $('play-status').textContent = s.outcome ? resultText(s.outcome)
    : yours ? '▶ Your turn, seat ' + mover + ': ' + s.actions.length + (s.actions.length === 1 ? ' move' : ' moves') + ' allowed.'
      : '… ' + who(mover) + ' to move.';
  $('play-seats-list').replaceChildren(...state.seats.map((kind, i) => el('li', {
    class: 'seat' + (i === mover ? ' to-move' : '') + (i === s.seat ? ' viewer' : ''), 'data-seat': i,
    'aria-current': i === mover ? 'step' : null,
  }, el('span', { class: 'seat-name', text: (i === mover ? '▶ ' : '') + 'Seat ' + i + (i === s.seat ? ' (you)' : '') }),
  el('span', { class: 'seat-kind', text: kind === 'person' ? 'person' : kind + ' bot' }),
  el('span', { class: 'seat-line', text: seatLine(state.game, s.view, i) }))));
  $('play-board').replaceChildren(drawTable(state.game, s.view));
  state.view = s.view;
  $('play-moves-title').hidden = !yours;
  $('play-moves').replaceChildren(...(yours ? s.actions.map((a, i) => el('button', {
    type: 'button', class: 'move', 'data-move': JSON.stringify(a), 'data-index': i,
    onclick: () => act(s, i),
  }, label(state.game, a, s.view))) : []));
  // Clicking the drawing: one move ending where it was clicked is made; several, the first
  // of their buttons takes the focus.
  $('play-board').onclick = yours ? (e) => {
    const hits = s.actions.map((a, i) => (picks(state.game, e.target, a) ? i : -1)).filter((i) => i >= 0);
    if (hits.length === 1) act(s, hits[0]);
    else if (hits.length) document.querySelector('#play-moves [data-index="' + hits[0] + '"]').focus();
  } : null;
  document.body.dataset.taken = String(s.taken);
}

function resultText(outcome) {
  if (outcome.winner !== undefined) return 'Seat ' + outcome.winner + ' won' + (state.seats.length ? ' (' + (state.seats[outcome.winner] === 'person' ? 'a person' : 'the ' + state.seats[outcome.winner] + ' bot') + ')' : '') + '.';
  if (outcome.stalled) return 'The game ended without a winner.';
  return 'The game ended: ' + JSON.stringify(outcome) + '.';
}

function finish(s) {
  const last = current(people().length ? (state.shown ?? people()[0]) : 0);
  uncover();
  render(last, false);
  $('play-end').hidden = false;
  $('play-result').textContent = resultText(s.outcome) + ' ' + s.taken + ' actions.';
  const text = s.record + '\n';
  const link = $('play-download');
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/jsonl' }));
  link.download = state.game + '-' + state.seed + '.jsonl';
  $('play-replay-link').href = '/play/' + state.game + '#record=' + encodeURIComponent(s.record);
  const again = new URLSearchParams(q);
  again.delete('seed');
  $('play-again').href = '/play/' + state.game + '?' + again.toString();
  document.body.dataset.result = s.outcome.winner !== undefined ? 'won' : 'stalled';
  document.body.dataset.record = s.record;
}

// ------------------------------------------------------------ replaying a record

function openReplay(record) {
  let parsed;
  try {
    parsed = JSON.parse(record);
  } catch (err) {
    return problem('This is not a game record (JSON Lines): ' + err.message);
  }
  if (parsed.game && parsed.game !== state.game) {
    location.replace('/play/' + encodeURIComponent(parsed.game) + '#record=' + encodeURIComponent(record));
    return;
  }
  state.replay = { record, total: (parsed.actions || []).length, at: 0, players: parsed.players || 2 };
  state.seats = Array(state.replay.players).fill('recorded');
  if (Array.isArray(parsed.bots)) state.seats = parsed.bots.slice();
  $('play-setup-line').textContent = 'Replay of a recorded game: ' + state.replay.total + ' actions' + (parsed.seed !== undefined ? ', seed ' + parsed.seed : '') + '.';
  $('play-replay-seat').replaceChildren(...Array.from({ length: state.replay.players }, (_, i) => el('option', { value: i, text: 'seat ' + i })));
  $('play-replay-seat').onchange = showReplay;
  $('play-replay').hidden = false;
  $('play-table').hidden = false;
  for (const b of document.querySelectorAll('#play-replay button')) b.onclick = () => replayStep(b.dataset.step);
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
    return problem('The record cannot be replayed: ' + err.message);
  }
  const s = current(Number($('play-replay-seat').value || 0));
  render(s, false);
  $('play-replay-at').textContent = 'After ' + r.at + ' of ' + r.total + ' actions';
  if (s.outcome) $('play-status').textContent = resultText(s.outcome);
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
      el('select', { name: 'seat' + i, 'data-seat': i }, ['person', 'random', 'greedy', 'search'].map((k) => el('option', {
        value: k, text: k, selected: (state.seats[i] || (i === 0 ? 'person' : 'greedy')) === k,
      }))))));
  };
  seats.onchange = kinds;
  kinds();
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
    if ($('play-seed').value.trim()) next.set('seed', $('play-seed').value.trim());
    location.href = '/play/' + state.game + '?' + next.toString();
  };
  $('play-open').onchange = async () => {
    const file = $('play-open').files[0];
    if (!file) return;
    const line = (await file.text()).split('\n').find((l) => l.trim());
    location.hash = 'record=' + encodeURIComponent(line || '');
  };
}

async function main() {
  try {
    await load();
  } catch (err) {
    return problem('The rules module did not load: ' + err.message);
  }
  const games = call({ op: 'games' });
  state.info = games.find((g) => g.name === state.game);
  if (!state.info) {
    fillNav(games);
    return problem('No game “' + state.game + '” here: the games are ' + games.map((g) => g.name).join(', ') + '.');
  }
  $('play-title').textContent = 'Play ' + state.game;
  document.title = 'Play ' + state.game + ' — hexforge';
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
  // Milliseconds from the start of navigation to a table ready to play (the README's figure).
  document.body.dataset.interactiveMs = String(Math.round(performance.now()));
  document.body.dataset.ready = 'true';
}

function fillNav(games) {
  $('play-games').replaceChildren(...games.map((g) => el('li', {}, el('a', { href: '/play/' + g.name, text: g.name }))));
}

main();
