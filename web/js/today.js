// Today's puzzles: the daily Pathways ladder and Zhi Pai deal, played by clicking cards.
// The server holds the answers: every move is sent to POST /api/puzzles/{id}/check, a
// refused move is taken back with the rule it breaks, and the optimum is only what the
// puzzle states. At the end: a spoiler-free result to copy, a streak kept in this
// browser's local storage, and how everyone else did (GET /api/puzzles/{id}/stats).
import { api, hexagram } from './api.js';
import { $, el, hexLabel } from './dom.js';

/** Penalty by Common Zone size at the end (SPEC §3), 6 cards → 0. */
const PENALTY = [0, 1, 2, 4, 8, 16];
const penalty = (passes) => PENALTY[Math.min(passes, PENALTY.length - 1)];

const state = { puzzle: null, moves: [], done: false, active: [], latest: Promise.resolve() };

function todayUtc() {
  return new Date().toISOString().slice(0, 10);
}

function glyph(n) {
  const h = hexagram(n);
  return h ? h.symbol : '?';
}

/** Loads a puzzle by id, or the daily one of `game` on `date`. */
async function open(game, date, id) {
  const answer = await api(id ? '/api/puzzles/' + encodeURIComponent(id) : '/api/puzzles/daily?game=' + game + '&date=' + date);
  const box = $('today-result');
  if (!answer.ok) {
    box.dataset.state = 'broken';
    box.textContent = answer.data.error;
    return;
  }
  state.puzzle = answer.data;
  state.moves = [];
  state.done = false;
  state.active = [];
  $('today-game').value = state.puzzle.game;
  if (state.puzzle.id.match(/\d{4}-\d\d-\d\d$/)) $('today-date').value = state.puzzle.id.slice(-10);
  box.dataset.state = '';
  box.replaceChildren();
  draw();
}

/** The question, the play so far and the cards that may be clicked. */
function draw() {
  const p = state.puzzle;
  const head = $('today-question');
  const board = $('today-board');
  const zhipai = p.game === 'zhipai';
  $('today-sides').hidden = !zhipai;
  $('today-line').hidden = !zhipai;
  $('today-pass').hidden = !zhipai;
  if (!zhipai) {
    head.textContent = p.id + ': from ' + hexLabel(p.from) + ' to ' + hexLabel(p.to) + ', dark side up, without ' +
      p.removed.length + ' cards. Best: ' + p.optimum + ' cards.';
    const laid = [p.from].concat(state.moves);
    $('today-play').textContent = laid.map(glyph).join(' → ') + (state.done ? '' : ' → …');
    board.replaceChildren(...Array.from({ length: 64 }, (_, i) => i + 1).map((n) => {
      const out = p.removed.includes(n);
      const used = laid.includes(n);
      return el('button', { type: 'button', class: 'pick' + (out || used ? ' used' : ''), 'data-card': n, disabled: out || used || state.done,
        title: hexLabel(n), onclick: () => move(n) },
      el('span', { class: 'pick-symbol', 'aria-hidden': 'true', text: glyph(n) }), el('span', { text: String(n) }));
    }));
    return;
  }
  const placed = state.moves.filter((m) => m !== 'pass').length;
  const passes = state.moves.length - placed;
  const zone = p.deal.slice(0, 6 + state.moves.length).filter((n) => !state.moves.includes(n + ':left') && !state.moves.includes(n + ':right'));
  head.textContent = p.id + ': start ' + hexLabel(p.start) + ' on the left, its complement on the right. Best score: ' + p.optimum + '.';
  const laid = (side) => state.moves.filter((m) => m.endsWith(':' + side)).map((m) => Number(m.split(':')[0]));
  const left = [p.start].concat(laid('left'));
  const right = laid('right').reverse().concat([hexagram(p.start) ? hexagram(p.start).complement : 0]);
  $('today-line').textContent = 'On the table: ' + left.map((n) => glyph(n) + ' ' + n).join(' · ') + (state.done ? ' · ' : '  …  ') +
    right.map((n) => glyph(n) + ' ' + n).join(' · ');
  $('today-play').textContent = 'Turn ' + (state.moves.length + 1) + ' · Common Zone ' + zone.length + ' cards · score so far ' +
    (2 + placed + penalty(passes)) + ' (' + (2 + placed) + ' cards + ' + penalty(passes) + ') · trigram cards active: ' +
    (state.active.length ? state.active.join(', ') : 'none');
  board.replaceChildren(...zone.map((n) => el('button', { type: 'button', class: 'pick', 'data-card': n, disabled: state.done, title: hexLabel(n),
    onclick: () => move(n + ':' + document.querySelector('input[name="today-side"]:checked').value) },
  el('span', { class: 'pick-symbol', 'aria-hidden': 'true', text: glyph(n) }), el('span', { text: String(n) }))));
}

/** Tries a move (see `play`); `state.latest` resolves with its verdict. */
function move(m) {
  state.latest = play(m);
  return state.latest;
}

/** A move kept if the server finds it legal, taken back with the rule it breaks if not. */
async function play(m) {
  if (state.done) return;
  const p = state.puzzle;
  state.moves.push(m);
  const body = p.game === 'zhipai' ? { turns: state.moves } : { sequence: [p.from].concat(state.moves).map((n) => ({ card: n, orientation: 'dark' })) };
  const answer = await api('/api/puzzles/' + encodeURIComponent(p.id) + '/check', body);
  const box = $('today-result');
  if (!answer.ok) {
    state.moves.pop();
    box.dataset.state = 'broken';
    box.textContent = answer.data.error;
    return draw();
  }
  const r = answer.data;
  let stats = null;
  box.dataset.state = r.state;
  if (r.active && r.state !== 'broken') state.active = r.active;
  if (r.state === 'broken') {
    state.moves.pop();
    box.textContent = 'Refused: ' + r.errors.join(' ') + ' (' + r.rule + ')';
  } else if (r.state === 'solved') {
    state.done = true;
    stats = finish(r);
  } else {
    box.textContent = 'Legal so far: keep going.';
  }
  draw();
  await stats;
}

/** The end: the result, a spoiler-free text to share, the streak; then how everyone did. */
function finish(r) {
  const p = state.puzzle;
  const zhipai = p.game === 'zhipai';
  const reached = zhipai ? 'score ' + r.score : r.length + ' cards';
  const verdict = r.distance === 0 ? 'optimal' : '+' + r.distance + ' from the optimum';
  const ends = zhipai ? glyph(p.start) : glyph(p.from) + '→' + glyph(p.to);
  const marks = zhipai ? state.moves.map((m) => (m === 'pass' ? '·' : '■')).join('') : state.moves.map(() => '■').join('');
  const share = 'hexforge ' + p.id + ' ' + ends + ' ' + marks + ' ' + reached + ' (' + verdict + ')';
  const streak = keepStreak(p);
  const box = $('today-result');
  box.replaceChildren(
    el('p', { class: 'verdict', text: 'Solved, ' + reached + ': ' + (r.distance === 0 ? 'that is the optimum.' : r.distance + ' more than the optimum (' + p.optimum + ').') }),
    el('p', { text: 'Streak: ' + streak + (streak === 1 ? ' day.' : ' days.') }),
    el('label', { class: 'wide' }, 'Share (no card numbers)', el('input', { type: 'text', id: 'today-share', readonly: true, value: share })));
  return showStats(p, r);
}

/**
 * How everyone did, under the result: "41 % found the best; you did too." and the
 * difficulty measured from players beside the generator's rating. Nothing is shown when
 * the server keeps no results.
 */
async function showStats(p, r) {
  const answer = await api('/api/puzzles/' + encodeURIComponent(p.id) + '/stats');
  if (!answer.ok || state.puzzle !== p) return;
  const s = answer.data;
  const share = s.solved ? Math.round((100 * s.optimal) / s.solved) : 0;
  const you = r.distance === 0 ? 'you did too.' : 'you were ' + r.distance + ' off.';
  const best = s.solved ? share + ' % found the best; ' + you + ' (' + s.optimal + ' of ' + s.solved + ' solved answers, ' + s.attempts + ' checked)' : 'You are the first to solve it.';
  const measured = s.measured_difficulty === null
    ? 'not measured yet (fewer than 10 solved answers)'
    : Math.round(100 * s.measured_difficulty) + ' % of players miss the best';
  $('today-result').append(
    el('p', { id: 'today-stats', text: best }),
    el('p', { class: 'muted', text: 'Difficulty: ' + measured + '; the generator rates it ' + s.estimated_difficulty.rating + '.' }));
}

/** Days in a row with a daily puzzle solved, in this browser. */
function keepStreak(p) {
  const day = p.id.slice(-10);
  if (!/^\d{4}-\d\d-\d\d$/.test(day)) return 0;
  let s = { last: '', count: 0 };
  try { s = JSON.parse(localStorage.getItem('hexforge-streak') || '{"last":"","count":0}'); } catch (err) { /* a fresh streak */ }
  const yesterday = new Date(Date.parse(day + 'T00:00:00Z') - 86400000).toISOString().slice(0, 10);
  if (s.last !== day) s = { last: day, count: s.last === yesterday ? s.count + 1 : 1 };
  try { localStorage.setItem('hexforge-streak', JSON.stringify(s)); } catch (err) { /* storage off: nothing kept */ }
  return s.count;
}

export function init() {
  $('today-date').value = todayUtc();
  $('today-date').max = todayUtc();
  const reload = () => open($('today-game').value, $('today-date').value || todayUtc());
  $('today-game').addEventListener('change', reload);
  $('today-date').addEventListener('change', reload);
  $('today-pass').addEventListener('click', () => move('pass'));
  reload();
}

/**
 * `?puzzle=ID` opens that puzzle; `&play=59:left,pass,4:left` (a deal) or `&play=38,64`
 * (a ladder) then plays it by clicking the side and the cards, as a player would, and
 * notes each verdict's state in the result box's `data-trail` (the end-to-end test reads it).
 */
export async function autorun(q) {
  if (!q.has('puzzle')) return;
  await open(null, null, q.get('puzzle'));
  $('today').scrollIntoView();
  if (!q.has('play')) return;
  const trail = [];
  for (const m of q.get('play').split(',').map((s) => s.trim()).filter(Boolean)) {
    if (m === 'pass') {
      $('today-pass').click();
    } else {
      const [card, side] = m.split(':');
      if (side) document.querySelector('input[name="today-side"][value="' + CSS.escape(side) + '"]').click();
      const button = document.querySelector('#today-board .pick[data-card="' + CSS.escape(card) + '"]');
      if (!button) break;
      button.click();
    }
    await state.latest;
    trail.push($('today-result').dataset.state);
  }
  $('today-result').dataset.trail = trail.join(' ');
}
