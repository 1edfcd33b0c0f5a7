// The solitaire deal on the page of today's puzzles: the table as the server's last verdict
// showed it (its `table`: the piles, the centre card, a card turned up, the stock face down),
// and a button for each move a player may try: a reading for the card turned up, a reading
// for each pile's top card, and turning the stock. The page holds no rule: every move is
// sent to the server, which replays the whole answer through the game's engine.
import { hexagram } from './api.js';
import { el, hexLabel } from './dom.js';

function glyph(n) {
  const h = hexagram(n);
  return h ? h.symbol : '?';
}

/** The table before the first move, from the deal itself. */
export function startTable(p) {
  return { piles: p.piles.map((pile) => pile.slice()), centre: null, turned_up: p.start, stock: p.stock.length, turned: 0 };
}

/** What card `n` shows lying `orientation` side up. */
function shows(p, n, orientation) {
  return orientation === 'light' ? p.light_side[n - 1] : n;
}

/** The readings worth a button: one for a Mirror, which shows the same both ways. */
function readings(p, n) {
  return shows(p, n, 'light') === n ? ['dark'] : ['dark', 'light'];
}

function moveButton(p, move, n, orientation, words, idle, onMove) {
  const s = shows(p, n, orientation);
  return el('button', {
    type: 'button', class: 'pick free', 'data-move': move, 'data-card': n, 'aria-disabled': idle ? 'true' : null,
    'aria-label': words + ': card ' + n + ' ' + orientation + ' side up, showing ' + hexLabel(s),
    title: 'card ' + n + ' ' + orientation + ' side up shows ' + hexLabel(s),
    onclick: () => onMove(move),
  }, el('span', { class: 'pick-symbol', 'aria-hidden': 'true', text: glyph(s) }), el('span', { text: String(s) }),
  el('span', { class: 'pick-tag', text: orientation }));
}

/** Words for a move as the path lists it. */
function said(m) {
  if (m === 'turn') return 'turn a stock card';
  if (m === 'dark' || m === 'light') return 'lay it ' + m + ' side up';
  const [pile, o] = m.split(':');
  return 'pile ' + pile + ', ' + o + ' side up';
}

/** Draws the deal into the page's parts (`parts`: question, key, path, play, board). */
export function drawSolitaire(p, table, moves, done, idle, onMove, parts) {
  parts.question.textContent = p.id + ': clear the four piles onto the centre card. The shortest win turns ' + p.optimum +
    (p.optimum === 1 ? ' stock card.' : ' stock cards.');
  parts.key.textContent = 'Each pile lies bottom card first; its last card is the one you can play. A button shows the hexagram a card shows in that reading.';
  parts.path.replaceChildren(...moves.map((m, i) => el('li', { 'aria-label': 'Move ' + (i + 1) + ': ' + said(m) },
    el('span', { class: 'path-n', text: String(i + 1) }), ' ' + said(m))));
  const laid = 48 - table.piles.reduce((n, pile) => n + pile.length, 0);
  parts.play.textContent = (done ? 'Cleared' : 'Move ' + (moves.length + 1)) + ' · ' + laid + ' of 48 pile cards laid · ' +
    table.turned + ' stock cards turned, ' + table.stock + ' left';
  const off = idle || done;
  const centre = table.centre
    ? el('p', { class: 'solitaire-centre', 'data-shows': table.centre.shows },
      'Centre: card ' + table.centre.card + ' ' + table.centre.orientation + ' side up, showing ',
      el('span', { 'aria-hidden': 'true', text: glyph(table.centre.shows) + ' ' }), hexLabel(table.centre.shows) + '.')
    : el('p', { class: 'solitaire-centre', text: 'Centre: empty; lay the start card first.' });
  const rows = [centre];
  if (table.turned_up !== null && table.turned_up !== undefined) {
    const n = table.turned_up;
    rows.push(el('div', { class: 'solitaire-row', role: 'group', 'aria-label': 'Card ' + n + ' turned up' },
      el('span', { class: 'row-label', text: 'Turned up: card ' + n }),
      ...readings(p, n).map((o) => moveButton(p, o, n, o, 'Lay the card turned up', off, onMove))));
  }
  table.piles.forEach((pile, i) => {
    const top = pile[pile.length - 1];
    const under = pile.slice(0, -1).map((n) => glyph(n) + ' ' + n).join(' · ');
    rows.push(el('div', { class: 'solitaire-row', role: 'group', 'aria-label': 'Pile ' + (i + 1) },
      el('span', { class: 'row-label', text: 'Pile ' + (i + 1) + (pile.length ? ' (' + pile.length + '), top card ' + top : ': cleared') }),
      el('span', { class: 'muted solitaire-under', text: under }),
      ...(top ? readings(p, top).map((o) => moveButton(p, (i + 1) + ':' + o, top, o, 'Play the top of pile ' + (i + 1), off, onMove)) : [])));
  });
  rows.push(el('button', {
    type: 'button', class: 'secondary', 'data-move': 'turn', disabled: off || table.stock === 0 ? true : null,
    onclick: () => onMove('turn'),
  }, 'Turn a stock card (' + table.stock + ' left)'));
  parts.board.replaceChildren(el('div', { class: 'solitaire-table' }, ...rows));
}

/** The button of a move, for the page's refusal mark and its scripted play. */
export function moveButtonOf(board, m) {
  return board.querySelector('[data-move="' + CSS.escape(m) + '"]');
}
