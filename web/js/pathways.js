// The Pathways checker: check a sequence, or ask for the optimal one.
import { api, store } from './api.js';
import { $, appendToken, buildPicker, checked, el, fillSelect, hexLabel, markLegal, radios } from './dom.js';
import { parseList, parseNumber, parseSequence } from './parse.js';
import { ask, showAnswer, showReport, showResult } from './verdict.js';
import { cardRow, stepper } from './table.js';

function query() {
  const q = {
    from: parseNumber($('pw-from').value.trim(), 'start'),
    to: parseNumber($('pw-to').value.trim(), 'target'),
    orientation: $('pw-mode').value,
  };
  if ($('pw-deck').value === 'custom') q.cards = parseList($('pw-cards').value);
  else q.deck = $('pw-deck').value;
  return q;
}

/** The pile as laid, each card marked legal, refused (with the rule) or not judged. */
function drawPile(sequence, r) {
  return cardRow(sequence.map((l, i) => {
    const m = r.moves[i];
    const status = !m ? 'unjudged' : m.ok ? 'ok' : 'bad';
    const lines = m && m.ok && m.lines_changed.length ? ' · line ' + m.lines_changed.join(', ') : '';
    return { n: l.card, deck: 'changing-lines', orientation: l.orientation, status, move: i + 1, caption: (m ? 'shows ' + m.hexagram : '') + lines, rule: status === 'bad' ? r.errors.join(' ') : null };
  }), 'Your pile');
}

/** The optimal pile stepped card by card, or why there is none. */
function drawOptimum(a) {
  if (!a || !a.sequence) return el('p', { class: 'muted', text: 'No optimal answer to show.' });
  const frames = [];
  const notes = [];
  for (let k = 1; k <= a.sequence.length; k++) {
    const laid = a.sequence.slice(0, k);
    frames.push(() => cardRow(laid.map((l, i) => ({ n: l.card, deck: 'changing-lines', orientation: l.orientation, status: 'ok', move: i + 1, caption: 'shows ' + l.hexagram })), 'Optimal pile after ' + k + ' cards'));
    const l = a.sequence[k - 1];
    notes.push('Move ' + k + (k === 1 ? ' (the start)' : '') + ': card ' + l.card + (l.orientation === 'light' ? ' turned' : '') + ', showing ' + hexLabel(l.hexagram) + '.');
  }
  return stepper('Optimum: ' + a.length + ' cards', frames, notes, 1);
}

function check() {
  const box = $('pathways-result');
  return ask(box, '/api/pathways/check', () => {
    const body = query();
    body.sequence = parseSequence($('pw-sequence').value, body.orientation);
    return body;
  }, async (r) => {
    const best = await api('/api/pathways/shortest', query());
    const sequence = parseSequence($('pw-sequence').value, $('pw-mode').value);
    showReport(box, r, {
      done: (length) => 'Solved with ' + length + (length === 1 ? ' card.' : ' cards.'),
      unreachable: 'no sequence reaches the target with this deck',
      drawn: drawPile(sequence, r),
      optimum: drawOptimum(best.ok ? best.data : null),
    });
    markLegal($('pw-picker'), r.legal_next, (m) => m.orientation + (m.line ? ': line ' + m.line : ': start'));
  });
}

function solve() {
  return ask($('pathways-result'), '/api/pathways/shortest', query, (a) => showAnswer($('pathways-result'), a, {
    none: 'the target cannot be reached with this deck and orientation.',
    details: a.sequence ? [drawOptimum(a)] : [],
    input: $('pw-sequence'),
    text: a.sequence ? a.sequence.map((l) => l.card + ':' + l.orientation).join(', ') : '',
  }));
}

function deckLabel(d) {
  const all = d.cards.length === store.hexagrams.length ? 'all ' : '';
  return d.name + ' — ' + all + d.cards.length + ' cards';
}

export function init() {
  const { decks, modes } = store.meta.pathways;
  fillSelect($('pw-deck'), decks, (d) => d.name, deckLabel, $('pw-deck').querySelector('option[value="custom"]'));
  fillSelect($('pw-mode'), modes, (m) => m.name, (m) => m.name + ' — ' + m.description);
  radios($('pw-pick-options'), 'pw-pick', store.meta.orientations, (o) => o.name + ' side up');
  buildPicker($('pw-picker'), (n) => { appendToken($('pw-sequence'), n + ':' + checked('pw-pick')); return check(); });
  $('pw-deck').addEventListener('change', () => { $('pw-cards-label').hidden = $('pw-deck').value !== 'custom'; });
  $('pathways-form').addEventListener('submit', (e) => { e.preventDefault(); check(); });
  $('pw-solve').addEventListener('click', solve);
}

/** True when `select` offers `value` (setting an absent value would leave it empty). */
function offers(select, value) {
  return Array.from(select.options).some((o) => o.value === value);
}

/**
 * `?pathways=1&to=2&deck=6d&orientation=dark&sequence=1:dark,43:dark`: checks the
 * sequence (the check also gives the optimum); `&solve=1` without a sequence asks for
 * the optimal one.
 */
export async function autorun(q) {
  if (!q.has('pathways')) return;
  const set = (id, key) => { if (q.has(key)) $(id).value = q.get(key); };
  $('pw-from').value = q.get('pathways');
  set('pw-to', 'to');
  set('pw-sequence', 'sequence');
  $('pathways').scrollIntoView();
  const box = $('pathways-result');
  const { decks, modes } = store.meta.pathways;
  if (q.has('orientation') && !offers($('pw-mode'), q.get('orientation'))) {
    return showResult(box, 'error', 'Unknown orientation “' + q.get('orientation') + '” in the address; expected ' + modes.map((m) => m.name).join(', ') + '.');
  }
  set('pw-mode', 'orientation');
  if (q.has('cards')) {
    $('pw-deck').value = 'custom';
    $('pw-cards-label').hidden = false;
    set('pw-cards', 'cards');
  } else if (q.has('deck')) {
    if (!offers($('pw-deck'), q.get('deck'))) {
      return showResult(box, 'error', 'Unknown deck “' + q.get('deck') + '” in the address; expected ' + decks.map((d) => d.name).join(', ') + ' or cards=….');
    }
    set('pw-deck', 'deck');
  }
  await (q.has('solve') && !q.get('sequence') ? solve() : check());
}
