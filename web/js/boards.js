// Drawing a table as one seat sees it, and naming an action, for the play page. Drawing is
// not a rule: every fact shown comes from the rules module's view (`view(seat)`) and its
// list of legal actions; a game without a drawing of its own gets the generic one, so a
// game joins the page as soon as its engine is in the registry. The games with printed
// boards and tiles are drawn from the print artwork by drawn.js.
import { el } from './dom.js';
import { dragons, liubo, yijingPai } from './drawn.js';

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

/** A card about to be laid: its number, with its own hexagram only when laid dark side up
 *  (laid light side up it shows another, which the action does not name). */
const asLaid = (card) => (card.orientation === 'dark' ? cardText(card.card) : String(card.card));

const TAO = {
  label(action) {
    if (action === 'draw') return 'Draw a card';
    if (action === 'pass') return 'Pass';
    if (action.play) return 'Play ' + asLaid(action.play) + ', ' + action.play.orientation + ' side up';
    return null;
  },
  seat(view, seat) {
    return view.hand_sizes ? view.hand_sizes[seat] + (view.hand_sizes[seat] === 1 ? ' card' : ' cards') : '';
  },
  draw(view) {
    const top = view.top;
    return el('div', { class: 'tao' },
      row('Top of the play pile', top ? [laidBox(top.card, top.shows, top.orientation + ' side up', 'shows ' + top.shows)] : [], 'top'),
      facts([
        ['Direction', (view.direction === 'clockwise' ? '↻ ' : '↺ ') + view.direction],
        ['Draw pile', view.draw_pile + ' cards'],
        ['Play pile', view.play_pile + ' cards'],
        ['To draw first', view.owed ? view.owed + (view.owed === 1 ? ' card' : ' cards') : null],
        ['Extra play', view.extra ? describe(view.extra) : null],
      ]),
      row('Your hand (seat ' + view.seat + ')', view.hand.map((n) => cardBox(n))));
  },
  /** Every seat's hand, from each seat's view once the game is over. */
  hands(views) {
    return el('div', { class: 'tao-hands' }, views.map((v) => row('Seat ' + v.seat + ': ' + v.hand.length + (v.hand.length === 1 ? ' card' : ' cards'),
      v.hand.map((n) => cardBox(n)), 'hand', { 'data-hand-seat': v.seat })));
  },
};

const PATHWAYS = {
  label(action) {
    if (action.lay) return 'Lay ' + asLaid(action.lay) + ', ' + action.lay.orientation + ' side up';
    return null;
  },
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
  label(action) {
    if (action.lay) return 'Lay ' + cardText(action.lay.card) + ' on the ' + action.lay.side;
    if (action.pass) return 'Pass (a card is revealed)';
    return null;
  },
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
  label(action) {
    if (action === 'throw') return 'Throw the sticks';
    const m = action.move;
    if (!m) return null;
    const piece = m.owl ? 'the owl' : 'a stone';
    return 'Play ' + m.value + ': ' + (m.from ? piece + ' from ' + m.from : 'enter a stone') + ' to ' + m.to + (m.promote ? ', becomes an owl' : '');
  },
  seat(view, seat) {
    const side = view.sides[seat];
    return (seat === 0 ? 'White' : 'Black') + ' · ' + side.stones.length + ' on the board · ' + side.home + ' to enter' + (side.owl ? ' · owl at ' + side.owl : '');
  },
  draw: liubo,
  /** A click on a station (or a piece on it) names the moves that end there. */
  picks(target, action) {
    const station = target.closest && target.closest('[data-station]');
    return Boolean(station && action.move && action.move.to === Number(station.dataset.station));
  },
};

/** The dragons' names as the rulebook gives them (the view names them by their element). */
const DRAGON_NAMES = { sky: 'Tianlong', earth: 'Dilong' };
const STONE_WORDS = { w: 'white', b: 'black' };

/** One step of a head's path: a square, or `portal entered>portal left>square`. */
function headStep(step) {
  const [a, b, c] = String(step).split('>');
  return c ? 'through the portal on ' + a + ' and out of ' + b + ' to ' + c : 'to ' + a;
}

const DRAGONS = {
  /** A sowing names its space and the stones in the order dropped; a move, the dragon the
   *  view says is moving, the head's squares and what follows (absorb or expel). */
  label(action, view) {
    if (action.sow) {
      return 'Sow the stones of ' + action.sow + ': ' + [...action.stones].map((c) => STONE_WORDS[c] || c).join(', then ');
    }
    if (!Array.isArray(action.move)) return null;
    const who = view && view.moving ? (DRAGON_NAMES[view.moving] || view.moving) : 'the dragon';
    const then = action.then ? ', then ' + action.then + (view && view.element ? ' ' + view.element : '') : '';
    if (!action.move.length) return who + ' stays where it is' + then;
    return 'Move ' + who + '’s head ' + action.move.map(headStep).join(', then ') + then;
  },
  seat(view, seat) {
    const d = view.dragons.find((x) => x.seat === seat);
    return d ? d.dragon + ' dragon · life ' + d.life + ' · fire ' + d.fire + ' · ' + d.segments + ' segments' : '';
  },
  draw: dragons,
  /** A click on a square (or a piece on it) names the moves whose head ends there. */
  picks(target, action) {
    const cell = target.closest && target.closest('[data-cell]');
    const steps = action && Array.isArray(action.move) ? action.move : null;
    return Boolean(cell && steps && steps.length && String(steps[steps.length - 1]).split('>').pop() === cell.dataset.cell);
  },
};

/** A tile's letter as words: in a hand (`1`, `0`, `t`) and as laid (`T`/`t` a taiji standing for yang/yin). */
const HELD = { 1: 'yang', 0: 'yin', t: 'taiji' };
const LAID_AS = { 1: 'yang', 0: 'yin', T: 'taiji as yang', t: 'taiji as yin' };
const WHERE = {
  outside: 'beyond the lines already laid',
  inside: 'nearer you than the lines already laid',
  split: 'one tile nearer you, one beyond',
};

const YIJING_PAI = {
  /** A hidden hexagram (its lines only on the seat's own button, never in the shared log), a
   *  lay (its tiles, its call, its place) or a pass, in words. */
  label(action, view, shared) {
    if (typeof action.hide === 'string') {
      if (shared) return 'Set aside a hidden hexagram, face down';
      return 'Set aside ' + [...action.hide].map((c) => HELD[c] || c).join(', ') + ' as your hidden hexagram (line 1 first)';
    }
    if (action.lay) {
      const { tiles, call, place } = action.lay;
      const laid = [...tiles].map((c) => LAID_AS[c] || c).join(', ');
      const column = view && view.columns && view.seat !== undefined ? view.columns[view.seat] : null;
      const where = column === '' && place === 'outside' ? 'to begin a hexagram' : WHERE[place] || place;
      return (call === 'pung' ? 'Pung: lay ' + laid : 'Lay ' + laid + ' as your ' + call) + ', ' + where;
    }
    if (action.pass) {
      const last = view && view.last;
      return 'Pass' + (last ? ': let seat ' + last.seat + '’s ' + [...last.tiles].map((c) => LAID_AS[c] || c).join(', ') + ' stand' : '');
    }
    return null;
  },
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
  label: () => null,
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

/** An action as a button's words; `view` (the table the action is taken at) names who and
 *  where; `shared`: for the log every seat reads, so what the action hides stays hidden. */
export function label(game, action, view, shared = false) {
  return of(game).label(action, view, shared) || (typeof action === 'string' ? words(action) : describe(action));
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

/** The table as `view` shows it: the game's drawing, or the facts in words when the page
 *  carries no drawings for it. */
export function drawTable(game, view) {
  return of(game).draw(view) || GENERIC.draw(view);
}
