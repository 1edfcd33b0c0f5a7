// Drawing a table as one seat sees it, for the play page (the actions and events in words
// are the rules module's, `words` and `log` of its state). Drawing is not a rule: every fact shown comes from the rules module's view (`view(seat)`) and its
// list of legal actions; a game without a drawing of its own gets the generic one, so a
// game joins the page as soon as its engine is in the registry. The games with printed
// boards and tiles are drawn from the print artwork by drawn.js.
import { el } from './dom.js';
import { dragons, liubo, svg, yijingPai } from './drawn.js';

/** A hexagram's symbol (the Unicode block is in King Wen order, card n at U+4DC0 + n − 1). */
export function glyph(n) {
  return n >= 1 && n <= 64 ? String.fromCodePoint(0x4dc0 + n - 1) : '?';
}

/** A card in words and symbol: `䷀ 1`. */
export function cardText(n) {
  return glyph(n) + ' ' + n;
}

/** A drawn card: its symbol large, its number, and notes in words (never colour alone). */
export function cardBox(n, ...notes) {
  return laidBox(n, n, ...notes);
}

/** A card as it lies: card `n` drawn with the hexagram it shows (`shows`, as the view says:
 *  a card turned light side up shows another hexagram than its number's). */
export function laidBox(n, shows, ...notes) {
  const says = notes.filter(Boolean);
  return el('span', { class: 'card', role: 'img', 'data-card': n, 'data-shows': shows, 'aria-label': 'card ' + n + (says.length ? ', ' + says.join(', ') : '') },
    el('span', { class: 'card-symbol', 'aria-hidden': 'true', text: glyph(shows) }),
    el('span', { class: 'card-n', 'aria-hidden': 'true', text: String(n) }),
    says.length ? el('span', { class: 'card-note', 'aria-hidden': 'true', text: says.join(' · ') }) : null);
}

function row(label, cards, extraClass, attrs) {
  return el('div', { class: 'row ' + (extraClass || ''), ...(attrs || {}) }, el('h3', { class: 'row-label', text: label }),
    el('div', { class: 'cards' }, cards.length ? cards : el('span', { class: 'muted', text: 'none' })));
}

function facts(pairs) {
  return el('dl', { class: 'facts' }, pairs.filter(([, v]) => v !== null && v !== undefined && v !== false)
    .map(([k, v]) => el('div', {}, el('dt', { text: k }), el('dd', { text: String(v) }))));
}

const words = (key) => key.replace(/_/g, ' ');
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
export function seatRing(view) {
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
      svg('text', { x: x.toFixed(1), y: (y + 10).toFixed(1), 'text-anchor': 'middle', class: 'ring-cards' }, view.hand_sizes[i] + (view.hand_sizes[i] === 1 ? ' card' : ' cards')));
  });
  const said = 'Play goes ' + view.direction + '; seat ' + view.to_move + ' to move';
  return svg('svg', { viewBox: '0 0 200 180', class: 'seat-ring', role: 'img', 'aria-label': said, 'data-direction': view.direction },
    svg('defs', {}, svg('marker', { id: 'ring-arrow', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' },
      svg('path', { d: 'M0 0L10 5L0 10z' }))),
    ...arcs, ...seats,
    svg('text', { x: 100, y: 94, 'text-anchor': 'middle', class: 'ring-direction' }, (clockwise ? '↻ ' : '↺ ') + view.direction));
}

const TAO = {
  seat(view, seat) {
    return view.hand_sizes ? view.hand_sizes[seat] + (view.hand_sizes[seat] === 1 ? ' card' : ' cards') : '';
  },
  draw(view) {
    const top = view.top;
    return el('div', { class: 'tao' },
      seatRing(view),
      row('Top of the play pile', top ? [laidBox(top.card, top.shows, top.orientation + ' side up', 'shows ' + top.shows + (top.name ? ' ' + top.name : ''))] : [], 'top'),
      facts([
        ['Direction', (view.direction === 'clockwise' ? '↻ ' : '↺ ') + view.direction],
        ['Draw pile', view.draw_pile + ' cards'],
        ['Play pile', view.play_pile + ' cards'],
        ['To draw first', view.owed ? view.owed + (view.owed === 1 ? ' card' : ' cards') : null],
        ['Extra card', view.extra_words || null],
      ]),
      // A spectator's view has no hand (the public view: every seat's cards in counts).
      view.hand ? row('Your hand (seat ' + view.seat + ')', view.hand.map((n) => cardBox(n))) : null);
  },
  /** Every seat's hand, from each seat's view once the game is over. */
  hands(views) {
    return el('div', { class: 'tao-hands' }, views.map((v) => row('Seat ' + v.seat + ': ' + v.hand.length + (v.hand.length === 1 ? ' card' : ' cards'),
      v.hand.map((n) => cardBox(n)), 'hand', { 'data-hand-seat': v.seat })));
  },
};

const PATHWAYS = {
  seat(view, seat) {
    const pile = view.piles[seat];
    return pile.length + (pile.length === 1 ? ' card' : ' cards') + (view.crashed[seat] ? ' · ✕ crashed' : '');
  },
  draw(view) {
    return el('div', { class: 'pathways' },
      facts([
        ['Cards left to lay', view.available.length],
        ['Orientation', view.mode],
        ['Final turn', view.final_turn ? 'yes: the last player standing makes a final play' : null],
        ['Ranking', view.ranking ? describe(view.ranking) : null],
      ]),
      view.piles.map((pile, seat) => row('Seat ' + seat + (view.crashed[seat] ? ' — ✕ crashed' : '') + (seat === view.to_move ? ' — ▶ to move' : ''),
        pile.map((l, i) => laidBox(l.card, l.hexagram, l.orientation, l.hexagram !== l.card ? 'shows ' + l.hexagram : null, i === pile.length - 1 ? 'top' : null)),
        'pile' + (view.crashed[seat] ? ' crashed' : ''), { 'data-pile': seat })),
      el('details', { class: 'available' }, el('summary', { text: 'Cards not yet laid (' + view.available.length + ')' }),
        el('p', { class: 'muted', text: view.available.map(cardText).join(', ') })));
  },
};

const ZHI_PAI = {
  seat(view, seat) {
    const t = view.tables[seat];
    return (t.sequence.length) + ' cards in line' + (t.finished ? ' · ✓ finished' : '');
  },
  draw(view) {
    return el('div', { class: 'zhipai' },
      row('Common Zone', view.zone.map((n) => cardBox(n)), 'zone'),
      facts([['Draw pile', view.pile + ' cards'], ['Last turn', view.last_turn ? 'yes' : null]]),
      view.tables.map((t, seat) => el('div', { class: 'row zp-line' },
        el('h3', { class: 'row-label', text: 'Seat ' + seat + (seat === view.seat ? ' (you)' : '') + (t.finished ? ' — ✓ finished' : '') + (seat === view.to_move ? ' — ▶ to move' : '') }),
        el('div', { class: 'cards' }, t.sequence.map((n, i) => cardBox(n,
          i === 0 ? 'start' : i === t.sequence.length - 1 ? 'target' : null,
          n === t.left_end && i > 0 ? 'left end' : null, n === t.right_end && i < t.sequence.length - 1 ? 'right end' : null))),
        el('p', { class: 'trigrams', text: 'Trigram cards active: ' + (t.active.length ? t.active.join(', ') : 'none') }))));
  },
};

const LIUBO = {
  seat(view, seat) {
    const side = view.sides[seat];
    return side.stones.length + ' on the board · ' + side.home + ' to enter' + (side.owl ? ' · owl at ' + side.owl : '');
  },
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
  seat(view, seat) {
    const d = view.dragons.find((x) => x.seat === seat);
    return d ? d.dragon + ' dragon · life ' + d.life + ' · fire ' + d.fire + ' · ' + d.segments + ' segments' : '';
  },
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

/** A tile's letter as words: in a hand (`1`, `0`, `t`) and as laid (`T`/`t` a taiji standing for yang/yin). */
const HELD = { 1: 'yang', 0: 'yin', t: 'taiji' };
const YIJING_PAI = {
  seat(view, seat) {
    return view.hand_sizes[seat] + ' tiles in hand · ' + view.laid[seat].length + ' hexagrams laid';
  },
  draw: yijingPai,
  /** Every seat's hand and hidden hexagram, from each seat's view once the game is over. */
  hands(views) {
    const tiles = (text) => [...(text || '')].map((c) => HELD[c] || c).join(', ') || 'none';
    return el('ul', { class: 'drawn-list' }, views.map((v) => el('li', { 'data-hand-seat': v.seat },
      'Seat ' + v.seat + ': hand ' + tiles(v.hand) + (v.hidden ? ' · hidden hexagram (line 1 first) ' + tiles(v.hidden) : ''))));
  },
};

const GENERIC = {
  seat: () => '',
  draw(view) {
    const skip = new Set(['seat', 'to_move', 'outcome']);
    return el('div', { class: 'generic' }, facts(Object.entries(view).filter(([k]) => !skip.has(k)).map(([k, v]) => [words(k), describe(v, k)])));
  },
};

const GAMES = { tao: TAO, pathways: PATHWAYS, 'zhi-pai': ZHI_PAI, liubo: LIUBO, dragons: DRAGONS, 'yijing-pai': YIJING_PAI };

function of(game) {
  return GAMES[game] || GENERIC;
}

/** Every seat's hand once the game is over, from the seats' views (null: the game hides none). */
export function hands(game, views) {
  const g = of(game);
  return g.hands ? g.hands(views) : null;
}

/** A seat's public line (cards held, pile length…). */
export function seatLine(game, view, seat) {
  try {
    return of(game).seat(view, seat) || '';
  } catch (err) {
    return '';
  }
}

/** Whether a click on `target` in the drawing names `action` (a station clicked for the
 *  moves that end on it); the move buttons stay the way to move. */
export function picks(game, target, action) {
  const g = of(game);
  return g.picks ? g.picks(target, action) : false;
}

/** Marks on `board` (a drawing of `game`) the places where the legal `actions` end, so that
 *  the eye finds them (a click there makes the move, see `picks`). */
export function markTargets(game, board, actions) {
  const g = of(game);
  if (!g.target) return 0;
  let marked = 0;
  for (const a of actions) {
    const sel = g.target(a);
    if (!sel) continue;
    for (const node of board.querySelectorAll(sel)) {
      node.classList.add('legal-target');
      marked++;
    }
  }
  return marked;
}

/** The table as `view` shows it: the game's drawing, or the facts in words when the page
 *  carries no drawings for it. */
export function drawTable(game, view) {
  return of(game).draw(view) || GENERIC.draw(view);
}
