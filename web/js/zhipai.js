// The Zhi Pai checker: check placements, or ask for the optimal ones.
import { api, hexagram, store } from './api.js';
import { $, appendToken, buildPicker, checked, el, hexLabel, markLegal, radios } from './dom.js';
import { parseList, parseNumber, parsePlacements } from './parse.js';
import { ask, showAnswer, showReport } from './verdict.js';
import { cardRow, stepper, trigramRow } from './table.js';
import { call, load } from './rules.js';

/**
 * The line's two ends and the trigram cards after each of `laid` (`{ card, trigram }`, the
 * trigram spent or null), from the rules module: the page holds no rule of its own.
 * `null` until the module has loaded, or for a start that is not a card.
 */
function line(start, laid = []) {
  try {
    const active = Array.from(document.querySelectorAll('#zp-active input:checked')).map((i) => i.value);
    return call({ op: 'zhipai-line', start, active, placements: laid.map((m) => ({ card: m.card, trigram: m.trigram || null })) });
  } catch (err) {
    return null;
  }
}

function query() {
  const q = { start: parseNumber($('zp-start').value.trim(), 'start') };
  const available = $('zp-available').value.trim();
  if (available) q.available = parseList(available);
  q.active = Array.from(document.querySelectorAll('#zp-active input:checked')).map((i) => i.value);
  return q;
}

function updateLine() {
  const start = Number($('zp-start').value);
  const h = hexagram(start);
  const ends = h ? line(start) : null;
  $('zp-target').textContent = ends ? hexLabel(ends.right) : '—';
  let placements = [];
  try {
    placements = parsePlacements($('zp-placements').value);
  } catch (err) {
    $('zp-line').textContent = err.message;
    return;
  }
  if (!h) {
    $('zp-line').textContent = 'the start must be 1 to ' + store.hexagrams.length;
    return;
  }
  const left = [start].concat(placements.filter((p) => p.side === 'left').map((p) => p.card));
  const right = placements.filter((p) => p.side === 'right').map((p) => p.card).reverse().concat(ends ? [ends.right] : []);
  $('zp-line').textContent = left.join(' · ') + '  …  ' + right.join(' · ');
}

/** A link in a few words, for a card's caption: one line, swap, or the trigram spent. */
function shortCondition(link) {
  if (link.condition === 3) return (link.trigram || 'trigram') + ' trigram';
  return link.condition === 2 ? 'swap' : 'one line';
}

/** The optimal answer for the current question, asked once per question. */
const optimumCache = new Map();
async function optimum(body) {
  const key = JSON.stringify(body);
  if (!optimumCache.has(key)) {
    const answer = await api('/api/zhipai/shortest', body);
    optimumCache.set(key, answer.ok ? answer.data : null);
  }
  return optimumCache.get(key);
}

/** The line on the table in table order; `open` leaves a gap between the two ends. */
function tableOrder(start, target, placed, open) {
  const left = [{ n: start, deck: 'zhi-pai', status: 'fixed', caption: 'start' }];
  const right = [];
  for (const card of placed) (card.side === 'left' ? left : right).push(card);
  return left.concat(open ? ['gap'] : [], right.reverse(), [{ n: target, deck: 'zhi-pai', status: 'fixed', caption: 'target' }]);
}

/** The player's line, each card marked legal, refused (with the rule) or not judged. */
function drawYours(start, placements, r) {
  const target = (line(start) || {}).right;
  const placed = placements.map((p, i) => {
    const m = r.moves[i];
    const status = !m ? 'unjudged' : m.ok ? 'ok' : 'bad';
    const caption = p.side + (m && m.ok ? ' · ' + shortCondition(m) : '');
    return { n: p.card, deck: 'zhi-pai', side: p.side, status, move: i + 1, caption, rule: status === 'bad' ? r.errors.join(' ') : null };
  });
  const { active, spent } = trigramsAfter(start, r.moves.filter((m) => m.ok));
  return el('div', { class: 'drawn' }, cardRow(tableOrder(start, target, placed, r.state !== 'solved'), 'Your line'), trigramRow(active, spent));
}

/** The optimal answer stepped move by move, or why there is none. */
function drawOptimum(start, a) {
  if (!a || !a.placements) return el('p', { class: 'muted', text: a && a.reason ? 'Optimum undecided: ' + a.reason + '.' : 'No optimal answer to show.' });
  const target = (line(start) || {}).right;
  const frames = [];
  const notes = [];
  for (let k = 0; k <= a.placements.length; k++) {
    const laid = a.placements.slice(0, k);
    const placed = laid.map((p, i) => ({ n: p.card, deck: 'zhi-pai', side: p.side, status: 'ok', move: i + 1, caption: p.side + ' · ' + shortCondition(p) }));
    const { active, spent } = trigramsAfter(start, laid);
    const done = k === a.placements.length;
    frames.push(() => el('div', { class: 'drawn' }, cardRow(tableOrder(start, target, placed, !done), 'Optimal line after ' + k + ' moves'), trigramRow(active, spent)));
    const p = a.placements[k - 1];
    notes.push(k === 0 ? 'The two ends before any card is laid.'
      : 'Move ' + k + ': card ' + p.card + ' ' + p.side + ', by ' + describeCondition(p) + '.' + (done ? ' The ends link by ' + describeCondition(a.finish) + '.' : ''));
  }
  return stepper('Optimum: ' + a.length + ' cards', frames, notes);
}

/**
 * The trigram cards after `laid` (each `{ card, trigram }`, the trigram spent or null), as
 * the rules module gives them (the picture only: the server judges). `spent` lists the
 * cards spent and not active again.
 */
function trigramsAfter(start, laid) {
  const drawn = line(start, laid);
  return drawn ? drawn.steps[drawn.steps.length - 1] : { active: [], spent: [] };
}

/** The latest check, so that a quicker older answer never overwrites a newer one. */
let latest = Promise.resolve();
let asked = 0;

function check() {
  const ticket = ++asked;
  const box = $('zhipai-result');
  latest = ask(box, '/api/zhipai/check', () => {
    const body = query();
    body.placements = parsePlacements($('zp-placements').value);
    const zone = $('zp-common').value.trim();
    if (zone) body.common_zone = parseNumber(zone, 'Common Zone size');
    return body;
  }, async (r) => {
    const best = await optimum(query());
    await load().catch(() => {});
    if (ticket !== asked) return;
    const start = Number($('zp-start').value);
    const placements = parsePlacements($('zp-placements').value);
    showReport(box, r, {
      done: (length) => 'Solved with ' + length + (length === 1 ? ' card.' : ' cards.'),
      unreachable: 'no finished sequence exists from this start',
      extra: (report) => (report.solo_score !== undefined ? el('p', { text: 'Solo score: ' + report.solo_score + '.' }) : null),
      drawn: drawYours(start, placements, r),
      optimum: drawOptimum(start, best),
    });
    markPicker(start, placements);
    markLegal($('zp-picker'), r.legal_next, (m) => m.side + ': ' + shortCondition(m));
  });
  return latest;
}

/** Greys the picker's cards already on the table (the two ends and those laid). */
function markPicker(start, placements) {
  const h = hexagram(start);
  const ends = h ? line(start) : null;
  const used = new Set(placements.map((p) => p.card).concat(ends ? [ends.left, ends.right] : []));
  for (const b of document.querySelectorAll('#zp-picker .pick')) b.classList.toggle('used', used.has(Number(b.dataset.card)));
}

/** How a placement links, in words: the API's description of its condition. */
function describeCondition(p) {
  const known = store.meta.zhipai.conditions.find((c) => c.condition === p.condition);
  return known ? known.description.replace('{trigram}', p.trigram || '') : 'condition ' + p.condition;
}

function solve() {
  return ask($('zhipai-result'), '/api/zhipai/shortest', query, async (a) => (await load().catch(() => {}), showAnswer($('zhipai-result'), a, {
    none: 'the ends can never be linked with these cards.',
    details: a.sequence === null ? [] : [drawOptimum(Number($('zp-start').value), a)],
    input: $('zp-placements'),
    text: a.placements ? a.placements.map((p) => p.card + ':' + p.side).join(', ') : '',
  })));
}

/** Lays card `n` on the side chosen, as a click on the picker does, and checks at once. */
function lay(n) {
  appendToken($('zp-placements'), n + ':' + checked('zp-pick'));
  return check();
}

export function init() {
  const active = $('zp-active');
  for (const t of store.meta.trigrams) active.append(el('label', { class: 'check' }, el('input', { type: 'checkbox', value: t.name }), ' ' + t.name));
  radios($('zp-pick-options'), 'zp-pick', store.meta.zhipai.sides, (s) => s.name + ' (' + s.description + ')');
  $('zp-available').placeholder = 'all ' + Math.max(store.hexagrams.length - 2, 0) + ' others';
  buildPicker($('zp-picker'), lay);
  $('zhipai-form').addEventListener('submit', (e) => { e.preventDefault(); check(); });
  $('zp-solve').addEventListener('click', solve);
  $('zp-start').addEventListener('input', updateLine);
  $('zp-placements').addEventListener('input', updateLine);
  updateLine();
  load().then(updateLine, () => {});
}

/**
 * `?zhipai=12&placements=6:left,22:right&available=…&common_zone=…&active=water`: checks
 * the placements (the check also gives the optimum); `&solve=1` without placements asks
 * for the optimal ones.
 */
export async function autorun(q) {
  if (!q.has('zhipai')) return;
  await load().catch(() => {});
  const set = (id, key) => { if (q.has(key)) $(id).value = q.get(key); };
  $('zp-start').value = q.get('zhipai');
  set('zp-placements', 'placements');
  set('zp-available', 'available');
  set('zp-common', 'common_zone');
  for (const t of (q.get('active') || '').split(',')) {
    const box = document.querySelector('#zp-active input[value="' + CSS.escape(t.trim().toLowerCase()) + '"]');
    if (box) box.checked = true;
  }
  updateLine();
  $('zhipai').scrollIntoView();
  if (q.has('click')) return playByClicking(q.get('click'));
  await (q.has('solve') && !q.get('placements') ? solve() : check());
}

/**
 * `&click=6:left,22:right`: lays the cards by clicking the side's radio button and the
 * card's picker button, as a player would, and notes each verdict's state in the result
 * box's `data-trail` (the end-to-end test reads it).
 */
async function playByClicking(text) {
  const trail = [];
  for (const { card, side } of parsePlacements(text)) {
    document.querySelector('input[name="zp-pick"][value="' + CSS.escape(side) + '"]').click();
    const button = document.querySelector('#zp-picker .pick[data-card="' + card + '"]');
    if (!button) break;
    button.click();
    await latest;
    trail.push($('zhipai-result').dataset.state);
  }
  $('zhipai-result').dataset.trail = trail.join(' ');
}
