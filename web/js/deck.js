// The deck browser: every card of a deck, and the two readings of the one selected.
import { hexagram, store } from './api.js';
import { $, cardImage, el, fillSelect } from './dom.js';

let selected = null;

function deckTitle(slug) {
  const deck = store.meta.card_decks.find((d) => d.slug === slug);
  return deck ? deck.title : slug;
}

function cardAlt(deck, n, turned) {
  const h = hexagram(n);
  if (!h) return 'Card ' + n;
  if (deck === 'zhi-pai') {
    const c = hexagram(h.complement);
    return deckTitle(deck) + ' card ' + n + ': ' + h.names.en + ', complement ' + c.number + ' ' + c.names.en;
  }
  const shown = turned ? hexagram(h.inverse) : h;
  return deckTitle(deck) + ' card ' + n + (turned ? ', turned: light reading ' : ': dark reading ') +
    shown.number + ' ' + shown.names.zh + ' ' + shown.names.pinyin + ', ' + shown.names.en;
}

function renderDeck() {
  const deck = $('deck-choice').value;
  const turned = $('deck-turned').checked;
  const filter = $('deck-filter').value.trim().toLowerCase();
  const grid = $('deck-grid');
  grid.replaceChildren();
  for (const h of store.hexagrams) {
    const text = [h.number, h.names.en, h.names.fr, h.names.pinyin, h.names.zh].join(' ').toLowerCase();
    if (filter && !(String(h.number) === filter || text.includes(filter))) continue;
    const button = el('button', {
      type: 'button',
      class: 'card-button',
      'aria-pressed': selected === h.number ? 'true' : 'false',
      onclick: () => selectCard(h.number),
    },
    cardImage(deck, h.number, turned ? 'light' : 'dark', 100, cardAlt(deck, h.number, turned), true),
    el('span', { class: 'card-caption' }, el('strong', { text: String(h.number) }), ' ', h.names.en));
    grid.append(el('li', {}, button));
  }
  if (!grid.children.length) grid.append(el('li', { class: 'muted', text: 'No card matches “' + filter + '”.' }));
}

function readingTable(h, caption) {
  const rows = [];
  for (let line = h.lines.length; line >= 1; line--) {
    const yang = h.lines[line - 1] === '1';
    rows.push(el('tr', {},
      el('th', { scope: 'row', text: 'Line ' + line }),
      el('td', { class: 'stroke', 'aria-label': yang ? 'yang (solid)' : 'yin (broken)', text: yang ? '━━━━━' : '━━ ━━' }),
      el('td', { text: '→ ' + h.neighbours[line - 1] })));
  }
  return el('table', { class: 'reading' },
    el('caption', {}, caption),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'Line' }), el('th', { scope: 'col', text: 'Aspect' }), el('th', { scope: 'col', text: 'Neighbour' }))),
    el('tbody', {}, rows));
}

function readingSummary(h) {
  const kinds = h.kinds.length ? ' · ' + h.kinds.join(', ') : '';
  return el('p', { class: 'summary' },
    el('span', { class: 'big-symbol', 'aria-hidden': 'true', text: h.symbol }), ' ',
    el('strong', { text: h.number + ' ' + h.names.zh }), ' ', h.names.pinyin, ' — ', h.names.en,
    el('br'), h.upper + ' over ' + h.lower + kinds);
}

/** Shows card `n` in the detail; `open` false redraws it without opening the phone's sheet. */
function selectCard(n, open = true) {
  selected = n;
  for (const b of document.querySelectorAll('#deck-grid .card-button')) {
    b.setAttribute('aria-pressed', b.querySelector('strong').textContent === String(n) ? 'true' : 'false');
  }
  const deck = $('deck-choice').value;
  const title = deckTitle(deck) + ' card ' + n;
  const h = hexagram(n);
  const detail = $('card-detail');
  detail.replaceChildren(el('button', { type: 'button', class: 'secondary sheet-close', onclick: closeDetail }, 'Close'));
  // On a phone the detail is a bottom sheet, shown only while a card is open.
  detail.classList.toggle('open', open);
  if (deck === 'zhi-pai') {
    const c = hexagram(h.complement);
    detail.append(
      el('h3', { text: title }),
      el('div', { class: 'pair' },
        el('figure', {}, cardImage(deck, n, 'dark', 150, cardAlt(deck, n, false), false), el('figcaption', { text: 'As printed' })),
        el('figure', {}, cardImage(deck, n, 'light', 150, cardAlt(deck, n, false) + ', turned', false), el('figcaption', { text: 'Turned' }))),
      el('h4', { text: 'Hexagram' }), readingSummary(h), readingTable(h, 'Hexagram ' + h.number),
      el('h4', { text: 'Complement' }), readingSummary(c), readingTable(c, 'Complement ' + c.number));
  } else {
    const light = hexagram(h.inverse);
    detail.append(
      el('h3', { text: title }),
      el('div', { class: 'pair' },
        el('figure', {}, cardImage(deck, n, 'dark', 150, cardAlt(deck, n, false), false), el('figcaption', { text: 'Dark reading (upright)' })),
        el('figure', {}, cardImage(deck, n, 'light', 150, cardAlt(deck, n, true), false), el('figcaption', { text: 'Light reading (turned)' }))),
      el('h4', { text: 'Dark reading' }), readingSummary(h), readingTable(h, 'Dark reading: hexagram ' + h.number),
      el('h4', { text: 'Light reading' }), readingSummary(light), readingTable(light, 'Light reading: hexagram ' + light.number));
  }
  detail.append(el('p', {},
    el('a', { href: '/cards/' + deck + '/' + n + '.svg', text: 'SVG' }), ' · ',
    el('a', { href: '/cards/' + deck + '/' + n + '.png', text: 'PNG 300 dpi' }), ' · ',
    el('a', { href: '/api/hexagrams/' + n, text: 'JSON' })));
}

function closeDetail() {
  $('card-detail').classList.remove('open');
}

/** Builds the deck choice from the API's decks and wires the controls. */
export function init() {
  fillSelect($('deck-choice'), store.meta.card_decks, (d) => d.slug, (d) => d.title);
  for (const id of ['deck-choice', 'deck-turned']) $(id).addEventListener('change', () => {
    renderDeck();
    // A sheet the player closed stays closed: only its content follows the deck.
    if (selected) selectCard(selected, $('card-detail').classList.contains('open'));
  });
  $('deck-filter').addEventListener('input', renderDeck);
  renderDeck();
}

/** `?deck=zhi-pai&card=12`. */
export function autorun(q) {
  if (q.has('deck') && store.meta.card_decks.some((d) => d.slug === q.get('deck'))) {
    $('deck-choice').value = q.get('deck');
    renderDeck();
  }
  const card = Number(q.get('card'));
  if (Number.isInteger(card) && hexagram(card)) selectCard(card);
}
