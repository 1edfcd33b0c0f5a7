// The table drawn as the cards themselves: a Zhi Pai line or a Pathways pile as card
// pictures (served by GET /cards/…), each marked legal, refused or not yet judged, the
// Zhi Pai trigram cards as active, inactive or spent, and the optimal answer stepped
// through move by move beside the player's own.
import { hexLabel, el } from './dom.js';
import { store } from './api.js';

/** Small enough for a row of cards, sharp enough to read the numbers. */
const TABLE_DPI = 96;

function picture(deck, face, orientation, alt) {
  const q = new URLSearchParams({ dpi: String(TABLE_DPI) });
  if (orientation === 'light') q.set('orientation', 'light');
  const size = store.meta.card_size_mm;
  return el('img', { src: '/cards/' + deck + '/' + face + '.png?' + q, alt, decoding: 'async', width: size.width * 2, height: size.height * 2 });
}

/**
 * One card on the table. `card`: `{ n, deck, orientation, status, move, caption, rule }`
 * where status is 'fixed' (a starting card), 'ok', 'bad' (a rule refused it) or
 * 'unjudged' (laid after the refused one).
 */
function tableCard(card) {
  const label = hexLabel(card.n) + (card.orientation === 'light' ? ', turned' : '');
  return el('li', {
    class: 'table-card ' + card.status,
    'data-card': card.n,
    'data-move': card.move,
    title: card.rule || label,
  },
  picture(card.deck, card.n, card.orientation, label),
  el('span', { class: 'table-caption' }, card.move ? el('small', { text: '#' + card.move + ' ' }) : null, card.caption || ''),
  card.rule ? el('span', { class: 'table-rule', text: '✗ refused' }) : null);
}

/** A row of cards, in table order, with a gap where the Zhi Pai line is still open. */
export function cardRow(cards, label) {
  return el('ol', { class: 'card-row', 'aria-label': label }, cards.map((c) => (c === 'gap' ? el('li', { class: 'row-gap', 'aria-hidden': 'true', text: '…' }) : tableCard(c))));
}

/** The eight trigram cards: active, inactive or spent (`spent` holds trigram names). */
export function trigramRow(active, spent) {
  return el('ol', { class: 'trigram-row', 'aria-label': 'Trigram cards' }, store.meta.trigrams.map((t) => {
    const state = spent.includes(t.name) ? 'spent' : active.includes(t.name) ? 'active' : 'inactive';
    const face = 'trigram-1-' + t.name + '-' + (state === 'active' ? 'active' : 'inactive');
    return el('li', { class: 'trigram-card ' + state, 'data-trigram': t.name, 'data-state': state },
      picture('zhi-pai', face, 'dark', t.name + ' trigram card, ' + state),
      el('span', { class: 'table-caption', text: t.name + ' · ' + state }));
  }));
}

/**
 * The optimal answer, one frame per move: `frames[k]` draws the table after move
 * `first + k` and `notes[k]` says what that move did; `first` is 1 when the first frame
 * already shows a move (a Pathways pile's start card is move 1, as the checks count it).
 * Prev/Next step through; the last frame shows first.
 */
export function stepper(title, frames, notes, first = 0) {
  const last = frames.length - 1;
  let at = last;
  const view = el('div', { class: 'step-view' });
  const note = el('p', { class: 'step-note', 'aria-live': 'polite' });
  const counter = el('span', { class: 'step-count' });
  const prev = el('button', { type: 'button', class: 'secondary', 'data-step': 'prev', onclick: () => show(at - 1) }, '◀ Prev');
  const next = el('button', { type: 'button', class: 'secondary', 'data-step': 'next', onclick: () => show(at + 1) }, 'Next ▶');
  function show(k) {
    at = Math.max(0, Math.min(last, k));
    view.replaceChildren(frames[at]());
    note.textContent = notes[at];
    counter.textContent = 'move ' + (first + at) + ' of ' + (first + last);
    prev.disabled = at === 0;
    next.disabled = at === last;
  }
  show(last);
  return el('section', { class: 'optimum', 'aria-label': title }, el('h4', { text: title }), el('div', { class: 'step-controls' }, prev, counter, next), view, note);
}

/** The player's answer and the optimum side by side (stacked on a phone). */
export function compare(yours, optimum) {
  return el('div', { class: 'compare' }, el('section', { class: 'yours', 'aria-label': 'Your answer' }, el('h4', { text: 'Your answer' }), yours), optimum);
}
