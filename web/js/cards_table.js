// I-Ching Poker's and I-Ching Solitaire's tables drawn with the deck's printed faces, for
// the play page (boards.js lists them). Drawing is not a rule: every card, the way it lies,
// the hexagram it shows and its name come from the rules module's view (`view(seat)`), and
// the places a legal action uses are found from the action as the module offers it; every
// word shown is the module's (its terms, and the labels of `table_words`: `Pile 1 (4)`).
import { el } from './dom.js';
import { face, printedBox, row } from './boards.js';
import { facts, label, say, svg } from './drawn.js';

/** A card lying face down: the deck's printed back (`note` says what it is, in words). */
function back(note) {
  const img = el('img', { class: 'card-face', src: '/cards/changing-lines/back.png?dpi=72', alt: '', loading: 'lazy', decoding: 'async', 'data-face': 'back' });
  img.addEventListener('error', () => img.closest('.card')?.classList.add('no-face'));
  return el('span', { class: 'card printed back', role: 'img', 'aria-label': note }, img,
    el('span', { class: 'card-note', 'aria-hidden': 'true', text: note }));
}

/** A pile of chips: a stack of discs (one for each ten, at most eight) and the count in
 *  words (`said`: the rules module's, `Pot: 12 chips`). */
function chips(n, said, attrs) {
  const discs = Math.min(8, Math.ceil(n / 10));
  const height = 12 + discs * 4;
  const stack = svg('svg', { class: 'chip-stack', viewBox: '0 0 24 ' + height, width: 24, height, 'aria-hidden': 'true' },
    ...Array.from({ length: discs }, (_, i) => svg('ellipse', { class: 'chip-disc', cx: 12, cy: height - 6 - i * 4, rx: 10, ry: 4.5 })));
  return el('span', { class: 'chips', ...(attrs || {}) }, stack, el('span', { class: 'chip-count', text: said }));
}

/** An action's single key and value (`{show: "dark"}` → ['show', 'dark'], `"call"` → ['call', true]). */
function kindOf(action) {
  if (typeof action === 'string') return [action, true];
  const [k] = Object.keys(action || {});
  return k ? [k, action[k]] : [null, null];
}

// ------------------------------------------------------------ I-Ching Poker (Stud)

export const POKER = {
  draw(view, ctx) {
    const turning = (ctx.actions || []).map((a, i) => [kindOf(a), ctx.words[i] || '']).filter(([[k]]) => k === 'show');
    const last = view.last;
    return el('div', { class: 'poker' },
      facts(ctx.facts),
      el('div', { class: 'pot', 'data-pot': '', role: 'img', 'aria-label': ctx.parts.pot || '' }, chips(view.pot, say(ctx, 'pot'))),
      el('div', { class: 'stud-seats' }, view.seats.map((s, seat) => {
        const own = seat === view.seat && view.down.length;
        const cards = [
          ...(own ? view.down.map((c) => printedBox(ctx, c.card, 'dark', c.shows, c.name, say(ctx, 'back yours')))
            : Array.from({ length: s.down }, () => back(say(ctx, 'back')))),
          ...s.up.map((c) => printedBox(ctx, c.card, c.orientation, c.shows, c.name, say(ctx, 'card side ' + c.orientation, c.card))),
          ...(s.turning && seat !== view.seat ? [back(say(ctx, 'back turning'))] : []),
        ];
        const title = say(ctx, 'seat ' + seat) + (seat === view.seat ? ' (you)' : '') + (seat === view.to_move ? ' — ▶ to move' : '');
        const r = row(title, cards, 'stud-seat' + (s.in_hand ? '' : ' folded'), { 'data-stud-seat': seat });
        r.append(el('div', { class: 'stud-chips' }, chips(s.chips, say(ctx, 'stack ' + seat)), s.put_in ? chips(s.put_in, say(ctx, 'put in ' + seat)) : null));
        return r;
      })),
      view.turning.length ? row(label(ctx, 'turn'), view.turning.map((c) => {
        const said = (turning.find(([[, o]]) => o === c.orientation) || [null, ''])[1];
        return el('button', { type: 'button', class: 'card-option', 'data-turn': c.orientation, title: said, 'aria-label': said },
          printedBox(ctx, c.card, c.orientation, c.shows, c.name, say(ctx, 'side up ' + c.orientation)));
      }), 'options') : null,
      view.best ? el('p', { class: 'stud-best', text: say(ctx, 'best', view.best.class) }) : null,
      last ? el('div', { class: 'stud-last' }, el('h3', { class: 'row-label', text: say(ctx, 'last') }),
        view.seats.map((_, seat) => {
          const shown = view.showdown[seat];
          if (!shown) return last.won[seat] ? el('p', { class: 'muted', text: say(ctx, 'shown ' + seat) }) : null;
          return row(say(ctx, 'shown ' + seat), shown.cards.map((c) => printedBox(ctx, c.card, c.orientation, c.shows, c.name)),
            'stud-shown', { 'data-shown-seat': seat });
        })) : null);
  },
  /** The way to turn the new card, or the pot for a bet, a call or a raise. */
  target(action) {
    const [k, v] = kindOf(action);
    if (k === 'show') return '[data-turn="' + v + '"]';
    return ['call', 'bet', 'raise'].includes(k) ? '[data-pot]' : null;
  },
  picks(target, action) {
    const [k, v] = kindOf(action);
    const turn = target.closest && target.closest('[data-turn]');
    if (turn) return k === 'show' && turn.dataset.turn === v;
    return Boolean(target.closest && target.closest('[data-pot]') && ['call', 'bet', 'raise'].includes(k));
  },
};

// ------------------------------------------------------------ I-Ching Solitaire

/** The card an action of solitaire lays, as `[card, orientation, key]`, from the view. */
function laying(view, action) {
  const [k, v] = kindOf(action);
  if (k === 'read' && view.turned_up) return [view.turned_up, v, 'read-' + v];
  if (k === 'play' && v && view.piles[v.pile - 1]) {
    const pile = view.piles[v.pile - 1];
    return [pile[pile.length - 1], v.orientation, v.pile + '-' + v.orientation];
  }
  return null;
}

export const SOLITAIRE = {
  draw(view, ctx) {
    const options = (ctx.actions || []).map((a, i) => [laying(view, a), ctx.words[i] || '']).filter(([l]) => l);
    const c = view.centre;
    return el('div', { class: 'solitaire' },
      el('div', { class: 'sol-middle' },
        row(label(ctx, 'centre'), c ? [printedBox(ctx, c.card, c.orientation, c.shows, c.name, say(ctx, 'card side ' + c.orientation, c.card))] : [], 'top sol-centre'),
        el('div', { class: 'row sol-stock', 'data-stock': '' }, el('h3', { class: 'row-label', text: label(ctx, 'stock') }),
          el('div', { class: 'cards' }, view.stock ? back(say(ctx, 'stock')) : el('span', { class: 'muted', text: say(ctx, 'stock spent') }))),
        view.turned_up ? row(label(ctx, 'turned'), [printedBox(ctx, view.turned_up, 'dark', view.turned_up, null, say(ctx, 'turned note'))], 'sol-turned') : null),
      facts(ctx.facts),
      el('div', { class: 'sol-piles', role: 'group', 'aria-label': ctx.parts.piles || '' }, view.piles.map((pile, p) => el('div', { class: 'sol-pile', 'data-sol-pile': p + 1 },
        el('h3', { class: 'row-label', text: say(ctx, 'pile ' + (p + 1)) }),
        el('div', { class: 'sol-stack' }, pile.length ? pile.map((n, i) => {
          const card = printedBox(ctx, n, 'dark', n, null, i === pile.length - 1 ? say(ctx, 'card top') : null);
          if (i === pile.length - 1) card.dataset.pileTop = p + 1;
          return card;
        }) : el('span', { class: 'muted', text: say(ctx, 'pile cleared') }))))),
      options.length ? row(label(ctx, 'options'), options.map(([[card, orientation, key], said]) => el('button', {
        type: 'button', class: 'card-option', 'data-lay': key, title: said, 'aria-label': said,
      }, face(card, orientation), el('span', { class: 'card-note', 'aria-hidden': 'true', text: card + ' ' + say(ctx, 'side up ' + orientation) }))), 'options') : null);
  },
  /** The pile's top card and the card as it would lie for a play; the card turned up as it
   *  would lie; the stock to turn a card. */
  target(action, ctx) {
    const [k, v] = kindOf(action);
    if (k === 'turn') return '[data-stock]';
    if (k === 'read') return '[data-lay="read-' + v + '"]';
    if (k === 'play' && v) return '[data-pile-top="' + v.pile + '"], [data-lay="' + v.pile + '-' + v.orientation + '"]';
    return null;
  },
  picks(target, action) {
    const [k, v] = kindOf(action);
    const lay = target.closest && target.closest('[data-lay]');
    if (lay) return (k === 'read' && lay.dataset.lay === 'read-' + v) || (k === 'play' && lay.dataset.lay === v.pile + '-' + v.orientation);
    const top = target.closest && target.closest('[data-pile-top]');
    if (top) return k === 'play' && Number(top.dataset.pileTop) === v.pile;
    return Boolean(target.closest && target.closest('[data-stock]') && k === 'turn');
  },
};
