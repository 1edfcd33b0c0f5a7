// Today's puzzles: the daily Pathways ladder, Zhi Pai deal and solitaire deal, played by
// clicking cards (the solitaire table is drawn by today-solitaire.js).
// The server holds the answers and the rules: every move is sent to
// POST /api/puzzles/{id}/check, a refused move is taken back with the rule it breaks, the
// server says when the position is a dead end, and the rules shown beside the board are
// the puzzle's own (its `rules`). At the end: a result to copy (no card numbers), how it
// compares with everyone's (the check's `compared`, the answer itself counted), and the
// streak. What this browser played is kept in its local storage: a solved puzzle stays
// solved after a reload, and the archive calendar shows each past day's result.
import { api, hexagram } from './api.js';
import { $, el, hexLabel } from './dom.js';
import { call, load } from './rules.js';
import { drawSolitaire, moveButtonOf, startTable } from './today-solitaire.js';

/** The first day with puzzles (the service's calendar starts there). */
const FIRST_DAY = '2000-01-01';
const PLAYED_KEY = 'hexforge-played';

const state = {
  puzzle: null,
  /** Today's puzzle on its way (when the address links no other). */
  todayOpened: null,
  /** Ladder: card numbers after the start; deal: `17:left` or `pass`; solitaire: `dark`, `2:light` or `turn`; in order. */
  moves: [],
  /** Solitaire: the table as the latest verdict showed it. */
  table: null,
  /** Solved: every input is ignored from then on. */
  done: false,
  /** A check is on its way: input is ignored until its verdict. */
  busy: false,
  deadEnd: false,
  active: [],
  /** The latest move's verdict, awaited by `autorun`. */
  latest: Promise.resolve(),
  /** Ticket of the latest `open`: an older load that answers later is dropped. */
  opened: 0,
};

// ------------------------------------------------------------ days and local storage

/** The player's own calendar day, YYYY-MM-DD (the service allows a day ahead of UTC). */
function localDay(date = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return date.getFullYear() + '-' + pad(date.getMonth() + 1) + '-' + pad(date.getDate());
}

/** `day` moved by `n` days (calendar arithmetic at noon UTC, away from any DST edge). */
function addDays(day, n) {
  return new Date(Date.parse(day + 'T12:00:00Z') + n * 86400000).toISOString().slice(0, 10);
}

function dayOf(id) {
  const m = /-(\d{4}-\d\d-\d\d)$/.exec(id);
  return m ? m[1] : null;
}

/** Every puzzle solved in this browser: id → { moves, reached, distance, share, compared, onDay, … }. */
function played() {
  try {
    const all = JSON.parse(localStorage.getItem(PLAYED_KEY) || '{}');
    return all && typeof all === 'object' ? all : {};
  } catch (err) {
    return {};
  }
}

/** Keeps a solved puzzle, merged by best: a result no better than the one kept (solved in
 *  another tab, say) never replaces it; solving on the puzzle's own day is kept either way. */
function keep(id, record) {
  const all = played();
  const before = all[id];
  const better = before && before.state === 'solved' && typeof before.distance === 'number' && before.distance < record.distance;
  all[id] = better ? before : record;
  if (before && before.onDay) all[id] = { ...all[id], onDay: true };
  try { localStorage.setItem(PLAYED_KEY, JSON.stringify(all)); } catch (err) { /* storage off: nothing kept */ }
}

/**
 * Days in a row on which `game`'s puzzle was solved on its own day, ending today (or
 * yesterday, while today's is still to play). Puzzles played later, from the archive,
 * neither count nor break it.
 */
function streak(game, today = localDay()) {
  const all = played();
  const onDay = (day) => Boolean(all[game + '-' + day] && all[game + '-' + day].onDay);
  let day = onDay(today) ? today : addDays(today, -1);
  let n = 0;
  while (onDay(day)) {
    n += 1;
    day = addDays(day, -1);
  }
  return n;
}

// ------------------------------------------------------------ loading a puzzle

function glyph(n) {
  const h = hexagram(n);
  return h ? h.symbol : '?';
}

function feedback(stateName, text) {
  const box = $('today-feedback');
  box.dataset.state = stateName;
  box.textContent = text;
}

/** Ends a sentence with a full stop unless it has one. */
function sentence(text) {
  return /[.!?…]$/.test(text) ? text : text + '.';
}

/** Opens the puzzle `id`: the latest call wins, whatever order the answers come in. */
async function open(id) {
  const ticket = ++state.opened;
  const day = dayOf(id);
  if (day && day > localDay()) {
    // The service serves a day ahead of UTC, for the time zones whose day has turned;
    // here it has not, so the puzzle waits for its day like everyone's.
    state.puzzle = null;
    $('today-board').replaceChildren();
    $('today-path').replaceChildren();
    $('today-question').textContent = '';
    $('today-result').replaceChildren();
    feedback('error', id + ' is not out yet here: its day, ' + day + ', has not begun in your time zone.');
    return false;
  }
  state.puzzle = null;
  state.busy = true;
  feedback('', 'Loading ' + id + '…');
  const [answer] = await Promise.all([api('/api/puzzles/' + encodeURIComponent(id)), load().catch(() => {})]);
  if (ticket !== state.opened) return false;
  state.busy = false;
  $('today-result').replaceChildren();
  delete $('today-result').dataset.state;
  if (!answer.ok) {
    $('today-board').replaceChildren();
    $('today-path').replaceChildren();
    $('today-question').textContent = '';
    feedback('error', sentence(answer.data.error));
    return false;
  }
  const p = answer.data;
  state.puzzle = p;
  state.moves = [];
  state.done = false;
  state.deadEnd = false;
  state.active = [];
  state.table = p.game === 'solitaire' ? startTable(p) : null;
  $('today-game').value = p.game;
  if (day) $('today-date').value = day;
  $('today-rules-list').replaceChildren(...(p.rules || []).map((r) => el('li', { text: r })));
  const record = played()[p.id];
  if (record && record.state === 'solved' && Array.isArray(record.moves)) {
    // Solved before in this browser: the finished game, its result and share text again.
    state.moves = record.moves.slice();
    state.done = true;
    state.active = record.active || [];
    if (record.table) state.table = record.table;
    feedback('solved', 'Solved ' + (record.solvedOn ? 'on ' + record.solvedOn : 'before') + ' in this browser; the result is below.');
    draw();
    showEnd(record);
  } else {
    feedback('', { zhipai: 'Pick a side, then a card of the Common Zone, or pass.', solitaire: 'Lay the start card: pick the side it lies up.' }[p.game] ||
      'Click the card to lay on the start.');
    draw();
  }
  drawArchive();
  return true;
}

// ------------------------------------------------------------ drawing

/** The question, the pile or line so far, the controls and the cards that may be clicked. */
function draw() {
  const p = state.puzzle;
  const zhipai = p.game === 'zhipai';
  $('today-sides').hidden = !zhipai;
  $('today-line').hidden = !zhipai;
  $('today-pass').hidden = !zhipai;
  const idle = state.done || state.busy;
  $('today-pass').disabled = idle || !zhipai || !canPass();
  $('today-undo').disabled = idle || state.moves.length === 0;
  $('today-restart').disabled = idle || state.moves.length === 0;
  for (const r of document.querySelectorAll('input[name="today-side"]')) r.disabled = state.done;
  if (p.game === 'solitaire') {
    const parts = { question: $('today-question'), key: $('today-key'), path: $('today-path'), play: $('today-play'), board: $('today-board') };
    drawSolitaire(p, state.table, state.moves, state.done, state.busy, move, parts);
  } else if (zhipai) drawDeal(p); else drawLadder(p);
}

function drawLadder(p) {
  const laid = [p.from].concat(state.moves);
  $('today-question').textContent = p.id + ': from ' + hexLabel(p.from) + ' to ' + hexLabel(p.to) + ', dark side up, ' +
    p.removed.length + ' cards removed. The best pile has ' + p.optimum + ' cards, the start counted as card 1.';
  $('today-key').textContent = 'On the board: S the start, G the goal, a number a card on your pile (its place), ✕ a removed card.';
  const path = laid.map((n, i) => el('li', { class: i === 0 ? 'start' : '', 'data-card': n },
    el('span', { class: 'path-n', text: String(i + 1) }), ' ', el('span', { 'aria-hidden': 'true', text: glyph(n) }), ' ' + n +
    (i === 0 ? ' start' : '') + (n === p.to ? ' goal' : '')));
  if (!state.done) {
    path.push(el('li', { class: 'goal pending', 'data-card': p.to },
      el('span', { class: 'path-n', text: '…' }), ' ', el('span', { 'aria-hidden': 'true', text: glyph(p.to) }), ' ' + p.to + ' goal'));
  }
  $('today-path').replaceChildren(...path);
  $('today-play').textContent = state.done ? 'Finished: ' + laid.length + ' cards.'
    : 'Move ' + (laid.length + 1) + ' next: a card one line from ' + laid[laid.length - 1] + '.';
  $('today-board').replaceChildren(...Array.from({ length: 64 }, (_, i) => i + 1).map((n) => {
    const out = p.removed.includes(n);
    const at = laid.indexOf(n);
    const kind = out ? 'removed' : n === p.from ? 'start' : at >= 0 ? 'played' : n === p.to ? 'goal' : 'free';
    const goal = n === p.to;
    const tag = { removed: '✕ out', start: 'S start', played: '#' + (at + 1) + (goal ? ' goal' : ''), goal: 'G goal', free: '' }[kind];
    const says = { removed: 'removed from the deck', start: 'the start, card 1', played: 'on your pile as card ' + (at + 1) + (goal ? ', the goal' : ''), goal: 'the goal', free: '' }[kind];
    return el('button', {
      type: 'button', class: 'pick ' + kind, 'data-card': n, 'data-kind': kind,
      'aria-disabled': state.done || out || at >= 0 ? 'true' : null,
      'aria-label': 'Card ' + hexLabel(n) + (says ? ', ' + says : ''),
      title: hexLabel(n) + (says ? ' — ' + says : ''),
      onclick: () => move(n),
    }, el('span', { class: 'pick-symbol', 'aria-hidden': 'true', text: glyph(n) }), el('span', { text: String(n) }),
    tag ? el('span', { class: 'pick-tag', text: tag }) : null);
  }));
}

/**
 * The deal after the turns played, as the rules module judges it: the Common Zone's cards
 * and whether a pass is allowed (the page holds no rule of its own).
 */
function dealNow(p) {
  try {
    return call({ op: 'deal-turn', start: p.start, deal: p.deal, turns: state.moves });
  } catch (err) {
    return { zone: [], can_pass: false };
  }
}

function zone(p) {
  return dealNow(p).zone;
}

function canPass() {
  const p = state.puzzle;
  return Boolean(p && p.game === 'zhipai' && dealNow(p).can_pass);
}

function drawDeal(p) {
  const passes = state.moves.filter((m) => m === 'pass').length;
  const placed = state.moves.length - passes;
  $('today-question').textContent = p.id + ': start ' + hexLabel(p.start) + ' on the left, its complement on the right. Best score: ' + p.optimum + '.';
  $('today-key').textContent = '';
  const laid = (side) => state.moves.filter((m) => m.endsWith(':' + side)).map((m) => Number(m.split(':')[0]));
  const left = [p.start].concat(laid('left'));
  let target = 0;
  try { target = call({ op: 'zhipai-line', start: p.start, placements: [] }).right; } catch (err) { /* module not loaded */ }
  const right = laid('right').reverse().concat([target]);
  $('today-path').replaceChildren(...state.moves.map((m, i) => el('li', { 'aria-label': 'Turn ' + (i + 1) + ': ' + (m === 'pass' ? 'pass' : m.replace(':', ' ')) },
    el('span', { class: 'path-n', text: String(i + 1) }), ' ', m === 'pass' ? 'pass' : glyph(Number(m.split(':')[0])) + ' ' + m.replace(':', ' '))));
  $('today-line').textContent = 'On the table: ' + left.map((n) => glyph(n) + ' ' + n).join(' · ') + (state.done ? ' · ' : '  …  ') +
    right.map((n) => glyph(n) + ' ' + n).join(' · ');
  const shown = zone(p);
  $('today-play').textContent = (state.done ? 'Finished after turn ' + state.moves.length : 'Turn ' + (state.moves.length + 1)) +
    ' · Common Zone ' + shown.length + ' cards · ' + (2 + placed) + ' cards on the table, ' + passes + (passes === 1 ? ' pass' : ' passes') +
    ' · trigram cards active: ' + (state.active.length ? state.active.join(', ') : 'none') +
    (canPass() || state.done ? '' : ' · every card is revealed: no more passes');
  $('today-board').replaceChildren(...shown.map((n) => el('button', {
    type: 'button', class: 'pick free', 'data-card': n, 'aria-disabled': state.done ? 'true' : null, title: hexLabel(n),
    'aria-label': 'Lay card ' + hexLabel(n),
    onclick: () => move(n + ':' + document.querySelector('input[name="today-side"]:checked').value),
  }, el('span', { class: 'pick-symbol', 'aria-hidden': 'true', text: glyph(n) }), el('span', { text: String(n) }))));
}

// ------------------------------------------------------------ playing

/** Tries a move (see `play`); `state.latest` resolves with its verdict. */
function move(m) {
  state.latest = play(m);
  return state.latest;
}

function requestBody(p, moves) {
  if (p.game === 'solitaire') return { moves };
  return p.game === 'zhipai' ? { turns: moves } : { sequence: [p.from].concat(moves).map((n) => ({ card: n, orientation: 'dark' })) };
}

/**
 * A move kept if the server finds it legal, taken back with the rule it breaks if not.
 * Ignored while a check is on its way (a double click sends one move) and once solved
 * (one answer is sent once).
 */
async function play(m) {
  const p = state.puzzle;
  if (!p || state.done || state.busy) return;
  if (m === 'pass' && !canPass()) return;
  const ticket = state.opened;
  state.busy = true;
  draw();
  const moves = state.moves.concat([m]);
  const answer = await api('/api/puzzles/' + encodeURIComponent(p.id) + '/check?compare=true', requestBody(p, moves));
  if (ticket !== state.opened) return;
  state.busy = false;
  if (!answer.ok) {
    feedback('error', sentence(answer.data.error));
    return draw();
  }
  const r = answer.data;
  if (r.state === 'broken') {
    feedback('broken', 'Refused: ' + r.errors.map(sentence).join(' ') + ' (' + r.rule + ')');
    markRefused(m);
    return;
  }
  state.moves = moves;
  if (r.active) state.active = r.active;
  if (r.table) state.table = r.table;
  state.deadEnd = r.dead_end === true;
  if (r.state === 'solved') {
    state.done = true;
    feedback('solved', 'Solved! Your result is below.');
    draw();
    finish(r);
    return;
  }
  feedback(state.deadEnd ? 'dead-end' : 'unfinished', state.deadEnd ? deadEndText(p) : 'Legal so far: keep going.');
  draw();
}

function deadEndText(p) {
  if (p.game === 'solitaire') return 'Dead end: the stock is spent and no pile card fits the centre card. Undo a move or restart.';
  return p.game === 'zhipai'
    ? 'Dead end: no card of the Common Zone links and every card is revealed. Undo a turn or restart.'
    : 'Dead end: the goal cannot be reached from ' + state.moves[state.moves.length - 1] + ' with the cards left. Undo a move or restart.';
}

/** The refused card, shaken and outlined for a moment where the finger is. */
function markRefused(m) {
  draw();
  const card = String(m).split(':')[0];
  const button = state.puzzle.game === 'solitaire' ? moveButtonOf($('today-board'), m)
    : document.querySelector('#today-board .pick[data-card="' + CSS.escape(card) + '"]');
  if (button) button.classList.add('refused');
}

/** Takes back the last move, or every move (`all`), and asks the server where that leaves the game. */
async function undo(all) {
  const p = state.puzzle;
  if (!p || state.done || state.busy || state.moves.length === 0) return;
  const moves = all ? [] : state.moves.slice(0, -1);
  const ticket = state.opened;
  state.busy = true;
  draw();
  const answer = await api('/api/puzzles/' + encodeURIComponent(p.id) + '/check', requestBody(p, moves));
  if (ticket !== state.opened) return;
  state.busy = false;
  state.moves = moves;
  state.active = answer.ok && answer.data.active ? answer.data.active : [];
  if (p.game === 'solitaire') state.table = answer.ok && answer.data.table ? answer.data.table : startTable(p);
  state.deadEnd = answer.ok && answer.data.dead_end === true;
  feedback(state.deadEnd ? 'dead-end' : 'unfinished',
    state.deadEnd ? deadEndText(p) : all ? 'Restarted: the pile is back to the start.' : 'Took back the last move.');
  draw();
}

// ------------------------------------------------------------ the end

/** A solved answer: kept in this browser, then shown with its share text and comparison. */
function finish(r) {
  const p = state.puzzle;
  const zhipai = p.game === 'zhipai';
  const solitaire = p.game === 'solitaire';
  const day = dayOf(p.id);
  const today = localDay();
  const passes = zhipai ? r.passes : 0;
  const cards = r.length;
  const reached = zhipai ? cards + ' cards, ' + passes + (passes === 1 ? ' pass' : ' passes') + ', score ' + r.score : cards + ' cards';
  const verdict = r.distance === 0 ? 'optimal' : '+' + r.distance + ' from the best';
  // One square per card of the finished line or pile (the starting cards included), a dot per pass.
  const marks = zhipai ? '■■' + state.moves.map((m) => (m === 'pass' ? '·' : '■')).join('') : '■'.repeat(cards);
  const ends = zhipai ? glyph(p.start) : glyph(p.from) + '→' + glyph(p.to);
  const record = {
    state: 'solved',
    game: p.game,
    moves: state.moves.slice(),
    active: state.active,
    table: state.table,
    cards,
    passes,
    score: zhipai ? r.score : solitaire ? r.turned : null,
    distance: r.distance,
    optimum: p.optimum,
    // A solitaire deal's result and share text are the server's (the rules crate's words).
    reached: solitaire ? r.turned + (r.turned === 1 ? ' stock card turned' : ' stock cards turned') : reached,
    share: solitaire ? r.share : 'hexforge ' + p.id + ' ' + ends + ' ' + marks + ' ' + reached + ' (' + verdict + ')',
    compared: r.compared || null,
    solvedOn: today,
    onDay: day === today,
  };
  keep(p.id, record);
  showEnd(record);
  drawArchive();
  showDifficulty(p);
}

/** The end screen of a solved puzzle, from its record (just made, or kept from before). */
function showEnd(record) {
  const p = state.puzzle;
  const zhipai = p.game === 'zhipai';
  const kind = p.game === 'solitaire' ? ' stock card' : zhipai ? ' point' : ' card';
  const unit = (n) => n + kind + (n === 1 ? '' : 's');
  const best = zhipai ? 'score ' + record.optimum : p.game === 'solitaire' ? unit(record.optimum) + ' turned' : record.optimum + ' cards';
  const box = $('today-result');
  box.dataset.state = 'solved';
  const share = el('input', { type: 'text', id: 'today-share', readonly: true, value: record.share, 'aria-label': 'Result to share (no card numbers)' });
  const copied = el('span', { class: 'muted', role: 'status' });
  const copy = el('button', { type: 'button', id: 'today-copy', class: 'secondary', onclick: () => copyText(share, copied) }, 'Copy');
  box.replaceChildren(
    el('p', { class: 'verdict', text: 'Solved, ' + record.reached + ': ' + (record.distance === 0 ? 'that is the best.' : unit(record.distance) + ' from the best (' + best + ').') }),
    el('p', { id: 'today-compare', text: compareText(record, best, unit) }),
    streakLine(p, record),
    el('div', { class: 'share' }, el('label', { class: 'wide' }, 'Share (no card numbers)', share), copy, copied));
}

function compareText(record, best, unit) {
  const yours = record.distance === 0 ? 'yours is the best' : 'yours is ' + unit(record.distance) + ' from it';
  const c = record.compared;
  if (!c) return 'Best: ' + best + '; ' + yours + '. This server keeps no results, so there is no one to compare with.';
  const pct = Math.round(c.share_as_good * 100);
  const others = c.solved === 1 ? 'You are the first to solve it.'
    : c.as_good + ' of the ' + c.solved + ' players who solved it (' + pct + ' %) did as well, you included; ' + c.optimal + ' found the best.';
  return 'Best: ' + best + '; ' + yours + '. ' + others;
}

function streakLine(p, record) {
  const day = dayOf(p.id);
  if (!day) return el('p', { class: 'muted', text: 'A numbered puzzle: streaks count the daily puzzles.' });
  if (!record.onDay) {
    return el('p', { class: 'muted', text: 'Played ' + (record.solvedOn && record.solvedOn > day ? 'after its day' : 'away from its day') + ': a streak counts only puzzles solved on their own day, and this one leaves it as it was.' });
  }
  const n = streak(p.game);
  const name = { zhipai: 'Zhi Pai', solitaire: 'Solitaire' }[p.game] || 'Pathways';
  return el('p', { id: 'today-streak', text: name + ' streak: ' + n + (n === 1 ? ' day' : ' days') + ' in a row solved on the day.' });
}

async function copyText(input, status) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(input.value);
    ok = true;
  } catch (err) {
    input.select();
    try { ok = document.execCommand('copy'); } catch (err2) { ok = false; }
  }
  status.textContent = ok ? ' Copied.' : ' Select the text and copy it.';
}

/** The difficulty measured from everyone's results beside the generator's, when the server keeps results. */
async function showDifficulty(p) {
  const answer = await api('/api/puzzles/' + encodeURIComponent(p.id) + '/stats');
  if (!answer.ok || state.puzzle !== p) return;
  const s = answer.data;
  const measured = s.measured_difficulty === null
    ? 'not measured yet (fewer than 10 solved answers)'
    : Math.round(100 * s.measured_difficulty) + ' % of players miss the best';
  $('today-result').append(el('p', { class: 'muted', text: 'Difficulty: ' + measured + '; the generator rates it ' + s.estimated_difficulty.rating + '.' }));
}

// ------------------------------------------------------------ the archive

let shownMonth = null;

/** A month of days, each with this browser's result of both puzzles; a past day opens its puzzle. */
function drawArchive() {
  const box = $('archive-calendar');
  if (!box) return;
  const today = localDay();
  if (!shownMonth) shownMonth = ($('today-date').value || today).slice(0, 7);
  const all = played();
  const [y, m] = shownMonth.split('-').map(Number);
  const first = shownMonth + '-01';
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7; // Monday first
  const mark = (game, day) => {
    const r = all[game + '-' + day];
    if (!r || r.state !== 'solved') return { sign: '·', words: 'not solved' };
    return r.distance === 0 ? { sign: '★', words: 'solved at the best' } : { sign: '✓', words: 'solved, +' + r.distance };
  };
  const cells = [];
  for (let i = 0; i < lead; i++) cells.push(el('li', { class: 'blank', 'aria-hidden': 'true' }));
  for (let d = 1; d <= days; d++) {
    const day = first.slice(0, 8) + String(d).padStart(2, '0');
    const pw = mark('pathways', day);
    const zp = mark('zhipai', day);
    const so = mark('solitaire', day);
    const later = day > today || day < FIRST_DAY;
    cells.push(el('li', {}, el('button', {
      type: 'button', class: 'day' + (day === today ? ' today' : ''), 'data-day': day, disabled: later,
      'aria-current': state.puzzle && dayOf(state.puzzle.id) === day ? 'date' : null,
      'aria-label': day + ': Pathways ' + pw.words + ', Zhi Pai ' + zp.words + ', Solitaire ' + so.words + (later ? ', not out yet' : ''),
      onclick: () => { $('today-date').value = day; open($('today-game').value + '-' + day); $('today').scrollIntoView(); },
    }, el('span', { class: 'day-n', text: String(d) }), el('span', { class: 'day-marks', 'aria-hidden': 'true', text: 'P' + pw.sign + ' Z' + zp.sign + ' S' + so.sign }))));
  }
  const step = (n) => () => {
    const t = new Date(Date.UTC(y, m - 1 + n, 1));
    shownMonth = t.toISOString().slice(0, 7);
    drawArchive();
  };
  const title = new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  box.replaceChildren(
    el('div', { class: 'archive-head' },
      el('button', { type: 'button', class: 'secondary', 'data-step': 'prev', disabled: first <= FIRST_DAY, onclick: step(-1) }, '◀'),
      el('h3', { id: 'archive-month', text: title }),
      el('button', { type: 'button', class: 'secondary', 'data-step': 'next', disabled: first >= today.slice(0, 7) + '-01', onclick: step(1) }, '▶')),
    el('p', { class: 'muted', text: 'P Pathways, Z Zhi Pai, S Solitaire: ★ solved at the best, ✓ solved, · not solved here. Streaks: Pathways ' +
      streak('pathways', today) + ', Zhi Pai ' + streak('zhipai', today) + ', Solitaire ' + streak('solitaire', today) + ' (days in a row solved on the day).' }),
    el('ol', { class: 'calendar', 'aria-label': title }, ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].map((w) => el('li', { class: 'weekday', 'aria-hidden': 'true', text: w })), cells));
}

// ------------------------------------------------------------ start

export function init() {
  const today = localDay();
  $('today-date').value = today;
  $('today-date').max = today;
  const reload = () => open($('today-game').value + '-' + ($('today-date').value || today));
  $('today-game').addEventListener('change', reload);
  // Another tab solved a puzzle: the archive shows what this browser now keeps.
  window.addEventListener('storage', (e) => { if (e.key === PLAYED_KEY) drawArchive(); });
  $('today-date').addEventListener('change', () => { shownMonth = null; reload(); });
  $('today-pass').addEventListener('click', () => move('pass'));
  $('today-undo').addEventListener('click', () => { state.latest = undo(false); });
  $('today-restart').addEventListener('click', () => { state.latest = undo(true); });
  drawArchive();
  // A linked puzzle (`?puzzle=ID`, the puzzle book's QR codes) is opened by `autorun`
  // alone: today's is not loaded first, so it cannot answer after the linked one.
  if (!new URLSearchParams(location.search).has('puzzle')) state.todayOpened = reload();
}

/**
 * `?puzzle=ID` opens that puzzle; `&play=59:left,pass,4:left` (a deal), `&play=38,64`
 * (a ladder) or `&play=dark,2:light,turn` (a solitaire deal) then plays it by clicking the side and the cards, as a player would, and
 * notes each verdict's state in the feedback's `data-trail` (the end-to-end test reads it).
 */
export async function autorun(q) {
  // The page says it is ready (`data-ready`) once today's puzzle is on the board, not before.
  if (!q.has('puzzle')) {
    await state.todayOpened;
    return;
  }
  if (!await open(q.get('puzzle'))) return;
  $('today').scrollIntoView();
  if (!q.has('play')) return;
  const trail = [];
  for (const m of q.get('play').split(',').map((s) => s.trim()).filter(Boolean)) {
    if (m === 'pass') {
      $('today-pass').click();
    } else if (state.puzzle.game === 'solitaire') {
      const button = moveButtonOf($('today-board'), m);
      if (!button) break;
      button.click();
    } else {
      const [card, side] = m.split(':');
      if (side) document.querySelector('input[name="today-side"][value="' + CSS.escape(side) + '"]').click();
      const button = document.querySelector('#today-board .pick[data-card="' + CSS.escape(card) + '"]');
      if (!button) break;
      button.click();
    }
    await state.latest;
    trail.push($('today-feedback').dataset.state);
  }
  $('today-feedback').dataset.trail = trail.join(' ');
}
