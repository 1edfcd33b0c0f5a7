// The tables of the games with printed boards and tiles (Liubo, Dragons of the Ba-Gua,
// 易经牌), drawn with the print artwork the server embeds in the page (src/http/play_art.rs):
// each board is a <template data-board> rendered from the print template with the places a
// piece can stand marked (data-x, data-y: its centre in the board's millimetres), and each
// piece or tile face is a <symbol> rendered from its print template. This file only places
// the symbols where the view of the rules module says: no geometry, rule or count is
// written here, and every piece is also named in words (a title, a letter, a label), never
// by colour alone.
import { el } from './dom.js';

const NS = 'http://www.w3.org/2000/svg';

/** An SVG element. */
export function svg(tag, attrs, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  for (const c of children) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

/** The page's board `name`, a fresh copy, or null when the page carries no drawings. */
function board(name, label) {
  const t = document.querySelector('#play-art template[data-board="' + name + '"]');
  if (!t || !t.content.firstElementChild) return null;
  const b = document.importNode(t.content.firstElementChild, true);
  b.removeAttribute('width');
  b.removeAttribute('height');
  b.setAttribute('class', 'drawn-board');
  b.setAttribute('role', 'img');
  b.setAttribute('aria-label', label);
  b.dataset.drawn = name;
  const title = b.querySelector(':scope > title');
  if (title) title.remove();
  return b;
}

/** Whether the page has the symbol `id`. */
const has = (id) => document.getElementById(id) instanceof SVGSymbolElement;

/** The symbol's own size (its viewBox, in millimetres like the boards). */
function size(id) {
  const box = document.getElementById(id).viewBox.baseVal;
  return [box.width, box.height];
}

/** The centre written on a marked place (data-x, data-y). */
const at = (place) => [Number(place.dataset.x), Number(place.dataset.y)];

/** Piece `id` centred on (x, y) in `layer`, at its printed size or `side` mm, named `words`. */
function put(layer, id, [x, y], words, side, dx = 0) {
  const [w, h] = side ? [side, side] : size(id);
  const use = svg('use', { href: '#' + id, x: x - w / 2 + dx, y: y - h / 2, width: w, height: h, 'data-piece': id },
    svg('title', {}, words));
  layer.append(use);
  return use;
}

/** A short label in words on the board (a letter or a count), legible on any piece. */
function badge(layer, [x, y], text, cls) {
  layer.append(svg('text', { x, y, class: 'drawn-badge ' + (cls || ''), 'text-anchor': 'middle' }, text));
}

/** A piece as a small picture of its own, for rows outside the boards. */
export function mini(id, words, cls) {
  return svg('svg', { class: 'mini ' + (cls || ''), role: 'img', 'aria-label': words, viewBox: '0 0 ' + size(id).join(' ') },
    svg('title', {}, words), svg('use', { href: '#' + id, width: '100%', height: '100%' }));
}

/** The table's facts, each a label and its value: the rules module's `table_words.facts`
 *  (the generic drawing's: the view's fields). */
export function facts(pairs) {
  return el('dl', { class: 'facts' }, (pairs || []).filter(([, v]) => v !== null && v !== undefined && v !== false)
    .map(([k, v]) => el('div', {}, el('dt', { text: k }), el('dd', { text: String(v) }))));
}

/** The words of `key` as the rules module says them: the table's label of this state
 *  (`table_words.labels`: `pile 1`: `Pile 1 (4)`, counts with their nouns) or the game's term
 *  (`terms`), each `{}` filled in turn with `values` (a name, a number, a square from the
 *  view). A word the module does not give shows as `⟦key⟧` (the page tests look for it). */
export function say(ctx, key, ...values) {
  const text = (ctx.labels && ctx.labels[key]) ?? (ctx.terms && ctx.terms[key]);
  if (typeof text !== 'string') return '⟦' + key + '⟧';
  let i = 0;
  return text.replace(/\{\}/g, () => String(values[i++] ?? ''));
}

/** A tile letter in words, as the rules module says it (`held 1`: `yang line`; `laid T`:
 *  `taiji as yang`), from the state's `terms`. */
export const tileWords = (ctx, how, c) => (ctx.terms && ctx.terms[how + ' ' + c]) || c;
/** The name of a part of the table (`label top`: `Top of the play pile`), from the state's
 *  `terms`: the rules module names the parts a drawing labels. */
export const label = (ctx, key, ...values) => say(ctx, 'label ' + key, ...values);
/** A tile's printed face: the first word of its name (`yang`, `yin`, `taiji`). */
export const tileFace = (ctx, how, c) => tileWords(ctx, how, c).split(' ')[0];

// ------------------------------------------------------------ Liubo

/** Liubo's board with every stone and owl on its station, the stones to enter and the
 *  prisoners; each side named as the rules module names it, marked by the letter it gives (`letter 0`),
 *  its pieces of the colour the module gives it (`colour 0`: the printed pieces' name). */
export function liubo(view, ctx) {
  const sides = view.sides.map((_, seat) => [tileWords(ctx, 'colour', seat), say(ctx, 'letter ' + seat), ctx.names[seat]]);
  const b = board('liubo', ctx.parts.board || '');
  if (!b || !has('liubo-stone-white')) return null;
  const layer = b.querySelector('[data-layer="pieces"]');
  const byStation = new Map();
  view.sides.forEach((side, seat) => {
    const [colour, letter, name] = sides[seat];
    const add = (n, id, mark, what) => {
      if (!byStation.has(n)) byStation.set(n, []);
      byStation.get(n).push({ id, mark, what });
    };
    for (const n of side.stones) add(n, 'liubo-stone-' + colour, letter, say(ctx, 'stone on', name, n));
    if (side.owl) add(side.owl, 'liubo-owl-' + colour, letter + '★', say(ctx, 'owl on', name, side.owl));
  });
  for (const [n, pieces] of byStation) {
    const place = b.querySelector('[data-station="' + n + '"]');
    if (!place) continue;
    const centre = at(place);
    const r = Number(place.dataset.r);
    pieces.forEach((p, k) => {
      const shift = (k - (pieces.length - 1) / 2) * r * 0.5;
      put(layer, p.id, centre, p.what, null, shift).dataset.station = n;
    });
    // Each piece's letter a mark of its own (a thin space between them).
    badge(layer, [centre[0] + r * 0.95, centre[1] - r * 0.75], pieces.map((p) => p.mark).join('\u2009'));
  }
  const reserve = view.sides.map((side, seat) => {
    const [colour, , name] = sides[seat];
    return el('div', { class: 'drawn-row', 'data-side': colour },
      el('h3', { class: 'row-label', text: say(ctx, 'side ' + seat) + (view.to_move === seat ? ' — ▶ to move' : '') }),
      el('div', { class: 'tokens', 'data-home': side.home },
        el('span', { class: 'muted', text: say(ctx, 'home ' + seat) + ': ' }),
        Array.from({ length: side.home }, () => mini('liubo-stone-' + colour, say(ctx, 'stone to enter', name), 'token'))),
      side.prisoners ? el('div', { class: 'tokens', 'data-prisoners': side.prisoners },
        el('span', { class: 'muted', text: say(ctx, 'prisoners ' + seat) + ': ' }),
        Array.from({ length: side.prisoners }, () => mini('liubo-stone-' + colour, say(ctx, 'stone prisoner', name), 'token'))) : null);
  });
  return el('div', { class: 'liubo drawn' },
    el('div', { class: 'drawn-boards' }, b),
    el('p', { class: 'muted', text: say(ctx, 'legend') }),
    facts(ctx.facts),
    reserve);
}

// ------------------------------------------------------------ Dragons of the Ba-Gua

/** The four ways as the rules module names them (`way 0` to `way 3`: north, east, south,
 *  west), in the order the printed segment tiles name their two edges. */
const waysOf = (ctx) => [0, 1, 2, 3].map((i) => tileWords(ctx, 'way', i));

/** Which way `to` lies from `from` on the drawn board (up is the first way, as printed;
 *  then clockwise). */
function way(ways, from, to) {
  const [ax, ay] = from;
  const [bx, by] = to;
  if (Math.abs(bx - ax) > Math.abs(by - ay)) return bx > ax ? ways[1] : ways[3];
  return by < ay ? ways[0] : ways[2];
}

function segmentId(ways, dragon, a, b) {
  const [x, y] = [a, b].sort((p, q) => ways.indexOf(p) - ways.indexOf(q));
  return 'dragons-' + dragon + '-segment-' + x + '-' + y;
}

/** Both boards of Dragons of the Ba-Gua with the dragons, rock and portals, the wheel's stones,
 *  each dragon's life and fire and the flux coin, as the view gives them. */
export function dragons(view, ctx) {
  const human = board('human', ctx.parts.human || '');
  const bagua = board('bagua', ctx.parts.bagua || '');
  if (!human || !bagua || !has('dragons-rock')) return null;
  const ways = waysOf(ctx);
  const layer = human.querySelector('[data-layer="pieces"]');
  const cell = (name) => {
    const c = human.querySelector('[data-cell="' + name + '"]');
    return c ? at(c) : null;
  };
  // Two squares touch when their centres are a square apart (the squares' drawn width).
  const pitch = Number(human.querySelector('[data-cell]').getAttribute('width'));
  const touch = (a, b) => a && b && Math.hypot(a[0] - b[0], a[1] - b[1]) < pitch * 1.5;
  for (const p of view.portals) {
    const c = cell(p.cell);
    if (c) put(layer, 'dragons-portal-' + p.colour + '-' + (p.occupied_by ? 'occupied' : 'free'), c,
      say(ctx, 'portal', p.colour, p.cell)).dataset.cell = p.cell;
  }
  if (view.rock && cell(view.rock)) put(layer, 'dragons-rock', cell(view.rock), say(ctx, 'rock', view.rock)).dataset.cell = view.rock;
  for (const d of view.dragons) {
    const spots = d.cells.map(cell);
    spots.forEach((c, i) => {
      if (!c) return;
      const name = ctx.names[d.seat];
      if (i === 0) {
        // A defeated dragon's head shows its printed defeated face.
        const beaten = d.defeated && has('dragons-' + d.dragon + '-head-' + d.facing + '-defeated');
        const head = put(layer, 'dragons-' + d.dragon + '-head-' + d.facing + (beaten ? '-defeated' : ''), c,
          d.defeated ? say(ctx, 'head defeated', name, d.cells[0], d.facing) : say(ctx, 'head', name, d.cells[0], d.facing));
        head.dataset.cell = d.cells[0];
        if (d.defeated) head.dataset.defeated = d.dragon;
        badge(layer, [c[0], c[1] - 8], say(ctx, 'badge ' + d.seat), 'drawn-badge-small');
        return;
      }
      // A body that crosses a portal joins the portal's square, not the next cell of the list.
      const portal = d.portals.map(cell).find((p) => touch(c, p));
      const toward = (other) => (touch(c, other) || !portal ? way(ways, c, other) : way(ways, c, portal));
      const front = toward(spots[i - 1]);
      const back = i + 1 < spots.length && spots[i + 1] ? toward(spots[i + 1]) : ways[(ways.indexOf(front) + 2) % 4];
      put(layer, segmentId(ways, d.dragon, front, back), c, say(ctx, 'body', name, d.cells[i])).dataset.cell = d.cells[i];
    });
  }
  const slot = (root, name) => root.querySelector('[data-slot="' + name + '"]');
  const stones = (place, id, n, words) => {
    if (!place || !n) return;
    put(place, id, at(place), words, Number(place.dataset.size) || null);
    if (n > 1) badge(place, [at(place)[0] + 6, at(place)[1] + 7], '×' + n);
  };
  view.wheel.forEach((s, i) => {
    stones(slot(bagua, 'space-' + i + '-white'), 'dragons-bagua-white', s.white, say(ctx, 'white ' + i));
    stones(slot(bagua, 'space-' + i + '-black'), 'dragons-bagua-black', s.black, say(ctx, 'black ' + i));
  });
  stones(slot(bagua, 'centre-water'), 'dragons-water', view.centre_water, say(ctx, 'centre water'));
  stones(slot(bagua, 'centre-fire'), 'dragons-fire', view.centre_fire, say(ctx, 'centre fire'));
  for (const d of view.dragons) {
    const area = bagua.querySelector('[data-area="dragon"][data-dragon="' + d.dragon + '"]');
    if (!area) continue;
    for (let k = 1; k <= d.life; k++) stones(slot(area, 'life-' + k), 'dragons-water', 1, say(ctx, 'life', ctx.names[d.seat], k));
    for (let k = 1; k <= d.fire; k++) stones(slot(area, 'fire-' + k), 'dragons-fire', 1, say(ctx, 'fire', ctx.names[d.seat], k));
    // Each segment lost stands on its "lost segment" place (a view without `lost`: none drawn).
    for (let k = 1; k <= (d.lost || 0); k++) {
      const place = slot(area, 'lost-' + k);
      if (place && place.dataset.x) put(place, segmentId(ways, d.dragon, ways[0], ways[2]), at(place), say(ctx, 'lost', ctx.names[d.seat], k), Number(place.dataset.size) || null).dataset.lost = k;
    }
  }
  const coin = slot(bagua, 'flux-coin');
  if (coin) put(coin, 'dragons-coin-' + view.coin, at(coin), say(ctx, 'coin', view.coin), Number(coin.dataset.size) || null);
  return el('div', { class: 'dragons drawn' },
    facts(ctx.facts),
    el('div', { class: 'drawn-boards two' }, human, bagua),
    el('ul', { class: 'drawn-list' }, view.dragons.map((d) => el('li', { 'data-dragon': d.dragon },
      (view.to_move === d.seat ? '▶ ' : '') + say(ctx, 'dragon ' + d.seat) + (d.seat === view.seat ? ' (you)' : '')))));
}

// ------------------------------------------------------------ 易经牌

/** One tile: its face (or its back), named; `note` under a taiji says how it was laid. */
function tile(face, words, note, small) {
  return el('span', { class: 'tile' + (small ? ' small' : ''), 'data-tile': face },
    mini('yijing-pai-' + face, words, 'tile-face'), note ? el('span', { class: 'tile-note', text: note }) : null);
}


/** The 易经牌 table as the seat sees it: its own hand and hidden hexagram, every seat's
 *  hexagram in the making and laid hexagrams, the others' hands as backs, the wall and the last play. */
export function yijingPai(view, ctx) {
  if (!has('yijing-pai-yang')) return null;
  const handTiles = (text) => [...text].map((c) => tile(tileFace(ctx, 'held', c), tileWords(ctx, 'held', c)));
  // How a tile stands for a line (`taiji as yang`: `as yang`) said under it.
  const laidTiles = (text, small) => [...text].map((c) => {
    const [said, f] = [tileWords(ctx, 'laid', c), tileFace(ctx, 'laid', c)];
    return tile(f, said, said.startsWith(f + ' as ') ? said.slice(f.length + 1) : null, small);
  });
  /** A hexagram of laid tiles, line 1 at the bottom. */
  const column = (text, small, words) => el('span', { class: 'hexagram-tiles', role: 'group', 'aria-label': words }, laidTiles(text, small));
  const you = view.seat;
  const seats = view.columns.map((col, s) => el('div', { class: 'drawn-row yp-seat' + (s === you ? ' you' : ''), 'data-seat': s },
    el('h3', { class: 'row-label', text: ctx.names[s] + (s === you ? ' (you)' : '') + (view.to_move === s ? ' — ▶ to move' : '') +
      ' · ' + say(ctx, 'in hand ' + s) + (view.hidden_set[s] ? ' · ' + label(ctx, 'hidden set') : '') }),
    el('div', { class: 'yp-line' },
      s === you ? null : el('span', { class: 'tokens', 'data-hand': view.hand_sizes[s] },
        Array.from({ length: view.hand_sizes[s] }, () => tile('back', say(ctx, 'back', ctx.names[s]), null, true))),
      el('span', { class: 'yp-group' }, el('span', { class: 'muted', text: label(ctx, 'making') + ': ' }),
        col.length ? column(col, true, say(ctx, 'column', ctx.names[s])) : el('span', { class: 'muted', text: 'none' })),
      el('span', { class: 'yp-group' }, el('span', { class: 'muted', text: label(ctx, 'laid') + ': ' }),
        view.laid[s].length ? view.laid[s].map((h, k) => column(h, true, say(ctx, 'hexagram laid', ctx.names[s], k + 1))) : el('span', { class: 'muted', text: 'none' })))));
  return el('div', { class: 'yijing-pai drawn' },
    facts(ctx.facts),
    view.last ? el('div', { class: 'drawn-row yp-last' }, el('h3', { class: 'row-label', text: label(ctx, 'last') + ' ' + ctx.names[view.last.seat] }),
      el('div', { class: 'tokens' }, laidTiles(view.last.tiles))) : null,
    el('div', { class: 'yp-own' },
      el('div', { class: 'drawn-row yp-hand' }, el('h3', { class: 'row-label', text: label(ctx, 'hand', you) }),
        el('div', { class: 'tokens', 'data-own-hand': view.hand.length }, view.hand.length ? handTiles(view.hand) : el('span', { class: 'muted', text: 'empty' }))),
      view.hidden ? el('div', { class: 'drawn-row yp-hidden' }, el('h3', { class: 'row-label', text: label(ctx, 'hidden') }),
        el('span', { class: 'hexagram-tiles', role: 'group', 'aria-label': label(ctx, 'hidden') }, handTiles(view.hidden).map((t) => (t.classList.add('small'), t)))) : null),
    seats);
}
