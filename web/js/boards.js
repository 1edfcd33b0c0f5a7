// Drawing a table as one seat sees it, for the play page (the actions and events in words
// are the rules module's, `words` and `log` of its state). Drawing is not a rule: every fact shown comes from the rules module's view (`view(seat)`) and its
// list of legal actions; a game without a drawing of its own gets the generic one, so a
// game joins the page as soon as its engine is in the registry. The games with printed
// boards and tiles are drawn from the print artwork by drawn.js.
import { el } from './dom.js';
import { dragons, facts, label, liubo, say, svg, tileFace, tileWords, yijingPai } from './drawn.js';
import { POKER, SOLITAIRE } from './cards_table.js';

/** A hexagram's symbol (the Unicode block is in King Wen order, card n at U+4DC0 + n − 1). */
export function glyph(n) {
  return n >= 1 && n <= 64 ? String.fromCodePoint(0x4dc0 + n - 1) : '?';
}

/** A card in words and symbol: `䷀ 1`. */
export function cardText(n) {
  return glyph(n) + ' ' + n;
}

/** A drawn card: its symbol large, its number, and notes in words (never colour alone). */
export function cardBox(ctx, n, ...notes) {
  return laidBox(ctx, n, n, ...notes);
}

/** Sharp enough on the table at twice its pixels, small enough for a hand of cards. */
const FACE_DPI = 72;

/** The printed face of Changing Lines card `n` as it lies (`light`: turned, as a player
 *  turns it to read its light side): the deck's own art, rendered by the server (`/cards/`,
 *  the same code as the print files), loaded when in view. The card stays named in words
 *  beside it (its symbol, number and name), which is all a table shows when the picture
 *  cannot load (offline, a card not seen before). */
export function face(n, orientation) {
  const q = new URLSearchParams({ dpi: String(FACE_DPI) });
  if (orientation === 'light') q.set('orientation', 'light');
  const img = el('img', { class: 'card-face', src: '/cards/changing-lines/' + n + '.png?' + q, alt: '', loading: 'lazy', decoding: 'async',
    'data-face': n, 'data-orientation': orientation || 'dark' });
  img.addEventListener('error', () => img.closest('.card, .card-option')?.classList.add('no-face'));
  return img;
}

/** A card as it lies, its printed face drawn: card `n` `orientation` side up (dark in a
 *  hand), showing hexagram `shows` called `name` (both as the view says: a card turned light
 *  side up shows another hexagram than its number's), said in the rules module's words
 *  (`card lies dark`, `card lies light`). */
export function printedBox(ctx, n, orientation, shows, name, ...notes) {
  const says = notes.filter(Boolean);
  return el('span', { class: 'card printed', role: 'img', 'data-card': n, 'data-shows': shows, 'data-orientation': orientation,
    'aria-label': [say(ctx, 'card lies ' + orientation, n, shows + (name ? ' ' + name : '')), ...says].join(', ') },
  face(n, orientation),
  el('span', { class: 'card-title', 'aria-hidden': 'true' }, el('span', { class: 'card-symbol', text: glyph(shows) }), ' ', el('span', { class: 'card-n', text: String(shows) })),
  name ? el('span', { class: 'card-name', 'aria-hidden': 'true', text: name }) : null,
  says.length ? el('span', { class: 'card-note', 'aria-hidden': 'true', text: says.join(' · ') }) : null);
}

/** A card as it lies: card `n` drawn with the hexagram it shows (`shows`, as the view says:
 *  a card turned light side up shows another hexagram than its number's). */
export function laidBox(ctx, n, shows, ...notes) {
  const says = notes.filter(Boolean);
  return el('span', { class: 'card', role: 'img', 'data-card': n, 'data-shows': shows, 'aria-label': [say(ctx, 'card', n), ...says].join(', ') },
    el('span', { class: 'card-symbol', 'aria-hidden': 'true', text: glyph(shows) }),
    el('span', { class: 'card-n', 'aria-hidden': 'true', text: String(n) }),
    says.length ? el('span', { class: 'card-note', 'aria-hidden': 'true', text: says.join(' · ') }) : null);
}

export function row(label, cards, extraClass, attrs) {
  return el('div', { class: 'row ' + (extraClass || ''), ...(attrs || {}) }, el('h3', { class: 'row-label', text: label }),
    el('div', { class: 'cards' }, cards.length ? cards : el('span', { class: 'muted', text: 'none' })));
}


const words = (key) => key.replace(/_/g, ' ');
/** The first letter made capital (a name that begins a label). */
const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const cardish = /^(cards?|hand|top|start|target|zone|deal|shows|left_end|right_end|sequence|available|hexagram)$/;

/** Any JSON value in words; numbers under card-like keys as cards. */
export function describe(value, key = '') {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return cardish.test(key) ? cardText(value) : String(value);
  if (typeof value === 'string') return words(value);
  if (Array.isArray(value)) return value.length ? value.map((v) => describe(v, key)).join(', ') : 'none';
  return Object.entries(value).map(([k, v]) => (v === true ? words(k) : words(k) + ' ' + describe(v, k))).join(' · ');
}

// ------------------------------------------------------------ each game

/**
 * The seats round the table as the view has them (seat 0 at the top, numbered clockwise),
 * each with its cards held, the seat to move marked, and the direction of play drawn as
 * arrows round the ring: a pure function of the view, for any table that shows one.
 */
export function seatRing(view, ctx = {}) {
  const n = view.hand_sizes.length;
  const clockwise = view.direction !== 'counter-clockwise';
  const R = 62;
  const at = (i, r = R) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
    return [100 + r * Math.cos(a), 90 + r * Math.sin(a)];
  };
  const arcs = [];
  for (let i = 0; i < n; i++) {
    // An arc from seat i to the next seat the play goes to, its arrow at the end.
    const [from, to] = clockwise ? [i, i + 1] : [i + 1, i];
    const [x1, y1] = at(from + 0.22, R);
    const [x2, y2] = at(to - 0.22, R);
    arcs.push(svg('path', { d: `M${x1.toFixed(1)} ${y1.toFixed(1)} A${R} ${R} 0 0 ${clockwise ? 1 : 0} ${x2.toFixed(1)} ${y2.toFixed(1)}`,
      class: 'ring-arc', 'marker-end': 'url(#ring-arrow)' }));
  }
  const seats = Array.from({ length: n }, (_, i) => {
    const [x, y] = at(i);
    const moving = i === view.to_move;
    return svg('g', { class: 'ring-seat' + (moving ? ' to-move' : '') + (i === view.seat ? ' viewer' : ''), 'data-ring-seat': i },
      svg('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: 17 }),
      svg('text', { x: x.toFixed(1), y: (y - 2).toFixed(1), 'text-anchor': 'middle', class: 'ring-name' }, (moving ? '▶' : '') + i),
      svg('text', { x: x.toFixed(1), y: (y + 10).toFixed(1), 'text-anchor': 'middle', class: 'ring-cards' }, (ctx.seatWords || [])[i] || String(view.hand_sizes[i])));
  });
  // The seats round the table in the rules module's words (who holds what, who moves).
  const said = (ctx.parts || {}).seats || '';
  return svg('svg', { viewBox: '0 0 200 180', class: 'seat-ring', role: 'img', 'aria-label': said, 'data-direction': view.direction },
    svg('defs', {}, svg('marker', { id: 'ring-arrow', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' },
      svg('path', { d: 'M0 0L10 5L0 10z' }))),
    ...arcs, ...seats,
    svg('text', { x: 100, y: 94, 'text-anchor': 'middle', class: 'ring-direction' }, (clockwise ? '↻ ' : '↺ ') + view.direction));
}

/** The card of a Tao or Pathways action (`{play: {card, orientation}}`, `{lay: …}`), or null. */
const laidOf = (a) => (a && typeof a === 'object' && !Array.isArray(a) ? a.play || a.lay || null : null);
/** The key of a card as it would lie, to find it on the table. */
const laidKey = (l) => l.card + '-' + l.orientation;

const TAO = {
  draw(view, ctx) {
    const top = view.top;
    return el('div', { class: 'tao' },
      seatRing(view, ctx),
      row(label(ctx, 'top'), top ? [printedBox(ctx, top.card, top.orientation, top.shows, top.name, say(ctx, 'card side ' + top.orientation, top.card))] : [], 'top'),
      facts(ctx.facts),
      // A spectator's view has no hand (the public view: every seat's cards in counts).
      view.hand ? row(label(ctx, 'hand', view.seat), view.hand.map((n) => {
        const card = printedBox(ctx, n, 'dark', n, null);
        card.dataset.handCard = n;
        return card;
      }), 'hand') : null);
  },
  /** A card of the hand that a legal action lays, to mark it (a click there lays it). */
  target: (action) => (laidOf(action) ? '[data-hand-card="' + laidOf(action).card + '"]' : null),
  picks(target, action) {
    const card = target.closest && target.closest('[data-hand-card]');
    return Boolean(card && laidOf(action) && laidOf(action).card === Number(card.dataset.handCard));
  },
  /** Every seat's hand, from each seat's view once the game is over. */
  hands(views, ctx) {
    return el('div', { class: 'tao-hands' }, views.map((v) => row(ctx.names[v.seat] + ': ' + say(ctx, 'held ' + v.seat),
      v.hand.map((n) => printedBox(ctx, n, 'dark', n, null)), 'hand', { 'data-hand-seat': v.seat })));
  },
};

const PATHWAYS = {
  draw(view, ctx) {
    // The cards the seat to move may lay, each drawn as it would lie, said in the module's words.
    const options = (ctx.actions || []).map((a, i) => (laidOf(a) ? [laidOf(a), ctx.words[i] || ''] : null)).filter(Boolean);
    return el('div', { class: 'pathways' },
      facts(ctx.facts),
      view.piles.map((pile, seat) => row(ctx.names[seat] + (view.crashed[seat] ? ' — ✕ ' + label(ctx, 'crashed') : '') + (seat === view.to_move ? ' — ▶ to move' : ''),
        pile.map((l, i) => printedBox(ctx, l.card, l.orientation, l.hexagram, l.name, say(ctx, 'card side ' + l.orientation, l.card), i === pile.length - 1 ? say(ctx, 'card top') : null)),
        'pile' + (view.crashed[seat] ? ' crashed' : ''), { 'data-pile': seat })),
      options.length ? row(label(ctx, 'options'), options.map(([l, said]) => el('button', {
        type: 'button', class: 'card-option', 'data-lay': laidKey(l), title: said, 'aria-label': said,
      }, face(l.card, l.orientation), el('span', { class: 'card-note', 'aria-hidden': 'true', text: l.card + ' ' + say(ctx, 'side up ' + l.orientation) }))), 'options') : null,
      el('details', { class: 'available' }, el('summary', { text: say(ctx, 'available') }),
        el('p', { class: 'muted', text: view.available.map(cardText).join(', ') })));
  },
  /** A card the seat may lay, drawn as it would lie (a click there lays it). */
  target: (action) => (laidOf(action) ? '[data-lay="' + laidKey(laidOf(action)) + '"]' : null),
  picks(target, action) {
    const card = target.closest && target.closest('[data-lay]');
    return Boolean(card && laidOf(action) && card.dataset.lay === laidKey(laidOf(action)));
  },
};

const ZHI_PAI = {
  draw(view, ctx) {
    return el('div', { class: 'zhipai' },
      row(label(ctx, 'zone'), view.zone.map((n) => cardBox(ctx, n)), 'zone'),
      facts(ctx.facts),
      view.tables.map((t, seat) => el('div', { class: 'row zp-line' },
        el('h3', { class: 'row-label', text: ctx.names[seat] + (seat === view.seat ? ' (you)' : '') + (t.finished ? ' — ✓ ' + label(ctx, 'finished') : '') + (seat === view.to_move ? ' — ▶ to move' : '') }),
        el('div', { class: 'cards' }, t.sequence.map((n, i) => cardBox(ctx, n,
          i === 0 ? label(ctx, 'start') : i === t.sequence.length - 1 ? label(ctx, 'target') : null,
          n === t.left_end && i > 0 ? label(ctx, 'left end') : null, n === t.right_end && i < t.sequence.length - 1 ? label(ctx, 'right end') : null))),
        el('p', { class: 'trigrams', text: label(ctx, 'active') + ': ' + (t.active.length ? t.active.join(', ') : 'none') }))));
  },
};

const LIUBO = {
  draw: liubo,
  /** The printed station a move ends on, to mark it on the board. */
  target: (action) => (action.move ? '[data-station="' + action.move.to + '"][data-r]' : null),
  /** A click on a station (or a piece on it) names the moves that end there. */
  picks(target, action) {
    const station = target.closest && target.closest('[data-station]');
    return Boolean(station && action.move && action.move.to === Number(station.dataset.station));
  },
};

const DRAGONS = {
  draw: dragons,
  /** The printed square a move's head ends on, to mark it on the board. */
  target(action) {
    const steps = Array.isArray(action.move) ? action.move : null;
    return steps && steps.length ? 'rect[data-cell="' + String(steps[steps.length - 1]).split('>').pop() + '"]' : null;
  },
  /** A click on a square (or a piece on it) names the moves whose head ends there. */
  picks(target, action) {
    const cell = target.closest && target.closest('[data-cell]');
    const steps = action && Array.isArray(action.move) ? action.move : null;
    return Boolean(cell && steps && steps.length && String(steps[steps.length - 1]).split('>').pop() === cell.dataset.cell);
  },
};

const YIJING_PAI = {
  draw: yijingPai,
  /** The faces of the hand's tiles a group laid by `action` uses (a click on one of them
   *  offers the groups that lay it). */
  target(action, ctx) {
    const tiles = action && action.lay && typeof action.lay.tiles === 'string' ? action.lay.tiles : null;
    return tiles ? [...new Set([...tiles].map((c) => tileFace(ctx, 'laid', c)))].map((f) => '[data-own-hand] [data-tile="' + f + '"]').join(', ') : null;
  },
  picks(target, action, ctx) {
    const tile = target.closest && target.closest('[data-own-hand] [data-tile]');
    const tiles = action && action.lay && typeof action.lay.tiles === 'string' ? action.lay.tiles : null;
    return Boolean(tile && tiles && [...tiles].some((c) => tileFace(ctx, 'laid', c) === tile.dataset.tile));
  },
  /** Every seat's hand and hidden hexagram, from each seat's view once the game is over. */
  hands(views, ctx) {
    const tiles = (text) => [...(text || '')].map((c) => tileWords(ctx, 'held', c)).join(', ') || 'none';
    return el('ul', { class: 'drawn-list' }, views.map((v) => el('li', { 'data-hand-seat': v.seat },
      say(ctx, 'hand of', ctx.names[v.seat], tiles(v.hand)) + (v.hidden ? ' · ' + say(ctx, 'hidden of', tiles(v.hidden)) : ''))));
  },
};

const GENERIC = {
  draw(view) {
    const skip = new Set(['seat', 'to_move', 'outcome']);
    return el('div', { class: 'generic' }, facts(Object.entries(view).filter(([k]) => !skip.has(k)).map(([k, v]) => [words(k), describe(v, k)])));
  },
};

const GAMES = { tao: TAO, pathways: PATHWAYS, 'zhi-pai': ZHI_PAI, liubo: LIUBO, dragons: DRAGONS, 'yijing-pai': YIJING_PAI };

function of(game) {
  // Poker's and Solitaire's drawings use this module's cards (cards_table.js imports them):
  // looked up when asked for, so that either module may be loaded first.
  return GAMES[game] || { poker: POKER, solitaire: SOLITAIRE }[game] || GENERIC;
}

/** What a drawing may use besides the view: the seats' names and the game's letters in words
 *  (the rules module's), and for the seat to move its legal actions and their words. */
function context(s, yours) {
  const names = Array.from({ length: s.players || (s.seat_names || []).length || 16 }, (_, i) => cap((s.seat_names && s.seat_names[i]) || 'seat ' + i));
  const said = s.table_words || {};
  return { names, terms: s.terms || {}, ending: s.ending || null, actions: yours ? s.actions : [], words: yours ? s.words : [],
    facts: said.facts || [], parts: said.parts || {}, labels: Object.fromEntries(said.labels || []), seatWords: s.seat_words || [] };
}

/** A seat's public line (cards held, a pile's length…) in the rules module's words: the
 *  state's `seat_words` (a room's message carries them too); empty without them. */
export function seatLine(game, view, seat, s) {
  return (s && Array.isArray(s.seat_words) && s.seat_words[seat]) || '';
}

/** Every seat's hand once the game is over, from the seats' views (null: the game hides none). */
export function hands(game, views, s) {
  const g = of(game);
  return g.hands ? g.hands(views, context(s, false)) : null;
}

/** Whether a click on `target` in the drawing names `action` (a station clicked for the
 *  moves that end on it); the move buttons stay the way to move. */
export function picks(game, target, action, s) {
  const g = of(game);
  return g.picks ? g.picks(target, action, context(s, true)) : false;
}

/** Marks on `board` (a drawing of `game`) the places where the legal actions of `s` end (a
 *  card to lay, a tile, a square, a station), so that the eye finds them (a click there
 *  makes the move, see `picks`). */
export function markTargets(game, board, s) {
  const g = of(game);
  if (!g.target) return 0;
  const ctx = context(s, true);
  let marked = 0;
  for (const a of s.actions) {
    const sel = g.target(a, ctx);
    if (!sel) continue;
    for (const node of board.querySelectorAll(sel)) {
      node.classList.add('legal-target');
      marked++;
    }
  }
  return marked;
}

/** The table as `s.view` shows it (`yours`: the viewer is to move): the game's drawing, or
 *  the facts in words when the page carries no drawings for it. */
export function drawTable(game, s, yours) {
  // A view alone (the room page's call) is drawn with the seats' plain names.
  const state = s && s.view !== undefined && Array.isArray(s.actions) ? s : { view: s };
  return of(game).draw(state.view, context(state, yours)) || GENERIC.draw(state.view);
}
