// Divination spreads: lay out a spread (GET /api/cast?spread=…&seed=…) and show each
// position's three cards and the cast they give. The spreads, their positions and every
// cast come from the server (GET /api/meta, the rules crate); the page only shows them.
import { api, hexagram, store } from './api.js';
import { $, cardImage, el, fillSelect } from './dom.js';
import { showResult } from './verdict.js';

function named(n) {
  const h = hexagram(n);
  return h ? n + ' ' + h.symbol + ' ' + h.names.zh + ' ' + h.names.en : String(n);
}

function castText(p) {
  if (p.relating === null) return named(p.primary) + '; no line changes';
  return named(p.primary) + ', lines ' + p.changing.join(', ') + ' changing, to ' + named(p.relating);
}

/** Lays out spread `name` (the one chosen, or one named in the address, which the server judges). */
async function lay(name) {
  const box = $('spread-result');
  const q = new URLSearchParams({ spread: name });
  const seed = $('sp-seed').value.trim();
  if (seed) q.set('seed', seed);
  const answer = await api('/api/cast?' + q);
  if (!answer.ok) return showResult(box, 'error', answer.data.error);
  const r = answer.data;
  $('sp-seed').value = String(r.seed);
  const spread = store.meta.spreads.find((s) => s.name === r.spread);
  const places = spread ? spread.positions : [];
  const items = r.positions.map((p, i) => {
    const place = places[i] || { asks: '', column: i, row: 0 };
    return el('li', { class: 'spread-position', 'data-position': p.position },
      el('h3', { text: (i + 1) + ' · ' + p.position }),
      el('p', { class: 'muted', text: place.asks }),
      el('div', { class: 'spread-cards' }, p.cards.map((c) => cardImage('changing-lines', c, 'dark', 60, 'Card ' + c + ', dark side up', false))),
      el('p', { class: 'spread-cast', text: castText(p) }));
  });
  showResult(box, 'valid', 'Spread ' + r.spread + ', seed ' + r.seed + ' (the same seed lays the same spread).',
    el('ol', { class: 'spread' }, items));
}

export function init() {
  fillSelect($('sp-spread'), store.meta.spreads || [], (s) => s.name, (s) => s.name + ': ' + s.about);
  $('spread-form').addEventListener('submit', (e) => { e.preventDefault(); lay($('sp-spread').value); });
}

/** `?spread=three&seed=42`. */
export async function autorun(q) {
  if (!q.has('spread')) return;
  $('sp-spread').value = q.get('spread');
  $('sp-seed').value = q.get('seed') || '';
  $('spread').scrollIntoView();
  await lay(q.get('spread'));
}
