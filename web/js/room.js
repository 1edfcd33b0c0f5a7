// The room page, /room/ROOM#key=KEY: a game played with friends over the network, the
// server as referee (docs/service.md, Rooms). Without a key it offers to create a room
// and shows the invite links; with one (a seat's or the spectators') it shows what that
// key may see, drawn as the play page draws a table (boards.js), and the seat's moves.
// The key stays in the fragment (never sent in the address) and in this browser
// (localStorage, per room), and goes to the API as the header x-room-key. The page waits
// for news with a long poll from the last event number it saw, so a reload or a dropped
// connection resumes where the room is.
import { $, el } from './dom.js';
import { drawTable, seatLine } from './boards.js';

const room = decodeURIComponent(location.pathname.replace(/^\/room\/?/, '').replace(/\/$/, ''));
const fragment = new URLSearchParams(location.hash.slice(1));
const stored = 'hexforge-room-' + room;
if (fragment.get('key')) localStorage.setItem(stored, fragment.get('key'));
const key = fragment.get('key') || localStorage.getItem(stored);
const state = { room, seq: null, last: null, busy: false };
window.hexforgeRoom = state;

function problem(text) {
  const box = $('room-problem');
  box.hidden = !text;
  box.textContent = text || '';
}

async function call(method, path, body) {
  const headers = { 'content-type': 'application/json' };
  if (key) headers['x-room-key'] = key;
  const response = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const answer = await response.json().catch(() => ({ error: 'the server answered ' + response.status }));
  if (!response.ok) throw Object.assign(new Error(answer.error), { rule: answer.rule, status: response.status });
  return answer;
}

function who(s, seat) {
  const sitter = s.seats[seat];
  const name = sitter.bot ? sitter.bot + ' bot' : sitter.stand_in ? 'away: the strong bot plays for now' : 'person';
  return 'seat ' + seat + (seat === s.you ? ' (you)' : '') + ' · ' + name;
}

/** The action at `index` in words, as the rules crate says it (the play page's words). */
function words(s, index) {
  return s.words[index] ?? JSON.stringify(s.actions[index]);
}

function draw(s) {
  state.seq = s.seq;
  state.last = s;
  $('room-table').hidden = false;
  $('room-title').textContent = s.game + ' — room ' + s.room + (s.you === null ? ' (watching)' : '');
  const ended = s.outcome && (s.outcome.won !== undefined ? 'seat ' + s.outcome.won + ' won' : JSON.stringify(s.outcome));
  const status = s.outcome ? 'The game is over: ' + ended + '.'
    : s.to_move === s.you ? 'Your move.' : 'Seat ' + s.to_move + ' to move.';
  $('room-status').textContent = status;
  $('room-status').dataset.seq = String(s.seq);
  $('room-seats-list').replaceChildren(...s.seats.map((_, seat) => el('li', {
    class: seat === s.to_move ? 'to-move' : '', text: who(s, seat) + ' ' + seatLine(s.game, s.view, seat, s),
  })));
  let board;
  try {
    // The whole message: the view, and the table's facts and names in the rules crate's words.
    board = drawTable(s.game, s);
  } catch (err) {
    board = el('pre', { text: JSON.stringify(s.view, null, 1) });
  }
  $('room-view').replaceChildren(board);
  $('room-moves').replaceChildren(...s.actions.map((action, index) => el('button', {
    type: 'button', 'data-action': index, onclick: () => move(index),
  }, words(s, index))));
  $('room-rematch').hidden = !s.outcome || s.you === null;
  // An undo: asked by a seat, answered by every other person (docs/service.md, Rooms).
  const asked = s.undo;
  $('room-undo').hidden = Boolean(s.outcome) || s.you === null || Boolean(asked);
  const answering = asked && s.you !== null && s.you !== asked.asked_by && !asked.agreed.includes(s.you);
  $('room-undo-asked').hidden = !asked;
  if (asked) {
    $('room-undo-text').textContent = 'Seat ' + asked.asked_by + ' asks to take back their last move' + (answering ? '.' : '; waiting for the answers.');
  }
  $('room-undo-yes').hidden = !answering;
  $('room-undo-no').hidden = !answering;
  const record = $('room-record');
  record.hidden = !s.record;
  if (s.record) record.onclick = download;
}

async function download(event) {
  event.preventDefault();
  const line = await fetch(state.last.record, { headers: { 'x-room-key': key } }).then((r) => r.text());
  const link = el('a', { href: URL.createObjectURL(new Blob([line + '\n'], { type: 'application/json' })), download: state.room + '.jsonl' });
  link.click();
}

async function move(index) {
  if (state.busy) return;
  state.busy = true;
  try {
    draw(await call('POST', '/api/rooms/' + room + '/moves', { seq: state.seq, action: index }));
    problem('');
  } catch (err) {
    problem(err.message);
  } finally {
    state.busy = false;
  }
}

async function follow() {
  for (;;) {
    try {
      const since = state.seq === null ? '' : '?since=' + state.seq + '&wait=8';
      const s = await call('GET', '/api/rooms/' + room + since);
      // A poll that found nothing new leaves the table (and the buttons) as they are.
      if (!state.busy && (state.seq === null || s.seq > state.seq)) draw(s);
      problem('');
    } catch (err) {
      problem(err.message + (err.status === 403 || err.status === 404 ? '' : ' — trying again'));
      if (err.status === 403 || err.status === 404) return;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

async function create(event) {
  event.preventDefault();
  const seats = $('room-seats').value.split(',').map((s) => s.trim()).filter(Boolean);
  try {
    const made = await call('POST', '/api/rooms', { game: $('room-game').value, seats });
    $('room-links').hidden = false;
    const link = (text, path) => el('li', {}, text + ': ', el('a', { href: path, text: location.origin + path }));
    $('room-link-list').replaceChildren(...made.seats.map((s) => link('seat ' + s.seat, s.link)), link('spectators', made.spectators.link));
    problem('');
  } catch (err) {
    problem(err.message);
  }
}

async function undo(body) {
  try {
    draw(await call('POST', '/api/rooms/' + room + '/undo', Object.assign({ seq: state.seq }, body)));
    problem('');
  } catch (err) {
    problem(err.message);
  }
}
$('room-undo').addEventListener('click', () => undo({}));
$('room-undo-yes').addEventListener('click', () => undo({ yes: true }));
$('room-undo-no').addEventListener('click', () => undo({ yes: false }));

$('room-rematch').addEventListener('click', async () => {
  try {
    draw(await call('POST', '/api/rooms/' + room + '/rematch', { seq: state.seq }));
  } catch (err) {
    problem(err.message);
  }
});

if (key && room) {
  // Live over a socket (live.js), which falls back to the long poll (follow) when the
  // browser cannot hold one.
  import('./live.js').then(({ live }) => live(room, key, {
    seq: () => state.seq, busy: () => state.busy, show: draw, problem, poll: follow,
  }), follow);
} else {
  $('room-form').hidden = false;
  $('room-form').addEventListener('submit', create);
  for (const game of ['tao', 'zhi-pai', 'yijing-pai', 'liubo', 'dragons', 'pathways']) {
    $('room-game').append(el('option', { value: game, text: game }));
  }
  // The play page's link names its game (/room/new?game=tao).
  const asked = new URLSearchParams(location.search).get('game');
  if (asked && [...$('room-game').options].some((o) => o.value === asked)) $('room-game').value = asked;
}
