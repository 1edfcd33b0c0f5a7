// The Zhi Pai checker: check placements, or ask for the optimal ones.
import { hexagram, store } from './api.js';
import { $, appendToken, buildPicker, checked, chips, el, hexLabel, radios } from './dom.js';
import { parseList, parseNumber, parsePlacements } from './parse.js';
import { ask, showAnswer, showReport } from './verdict.js';

function query() {
  const q = { start: parseNumber($('zp-start').value.trim(), 'start') };
  const available = $('zp-available').value.trim();
  if (available) q.available = parseList(available);
  q.active = Array.from(document.querySelectorAll('#zp-active input:checked')).map((i) => i.value);
  return q;
}

function updateLine() {
  const start = Number($('zp-start').value);
  const h = hexagram(start);
  $('zp-target').textContent = h ? hexLabel(h.complement) : '—';
  let placements = [];
  try {
    placements = parsePlacements($('zp-placements').value);
  } catch (err) {
    $('zp-line').textContent = err.message;
    return;
  }
  if (!h) {
    $('zp-line').textContent = 'the start must be 1 to ' + store.hexagrams.length;
    return;
  }
  const left = [start].concat(placements.filter((p) => p.side === 'left').map((p) => p.card));
  const right = placements.filter((p) => p.side === 'right').map((p) => p.card).reverse().concat([h.complement]);
  $('zp-line').textContent = left.join(' · ') + '  …  ' + right.join(' · ');
}

function check() {
  return ask($('zhipai-result'), '/api/zhipai/check', () => {
    const body = query();
    body.placements = parsePlacements($('zp-placements').value);
    const zone = $('zp-common').value.trim();
    if (zone) body.common_zone = parseNumber(zone, 'Common Zone size');
    return body;
  }, (r) => showReport($('zhipai-result'), r, {
    done: (length) => 'Valid: finished with ' + length + (length === 1 ? ' card.' : ' cards.'),
    unreachable: 'no finished sequence exists from this start',
    extra: (report) => (report.solo_score !== undefined ? el('p', { text: 'Solo score: ' + report.solo_score + '.' }) : null),
  }));
}

/** How a placement links, in words: the API's description of its condition. */
function describeCondition(p) {
  const known = store.meta.zhipai.conditions.find((c) => c.condition === p.condition);
  return known ? known.description.replace('{trigram}', p.trigram || '') : 'condition ' + p.condition;
}

function solve() {
  return ask($('zhipai-result'), '/api/zhipai/shortest', query, (a) => showAnswer($('zhipai-result'), a, {
    none: 'the ends can never be linked with these cards.',
    details: a.sequence === null ? [] : [
      el('p', {}, 'Line on the table: ', el('strong', { text: a.sequence.join(' · ') })),
      chips(a.placements.map((p) => el('span', {}, el('strong', { text: String(p.card) }), ' ' + p.side + ' ', el('small', { text: describeCondition(p) })))),
      el('p', { class: 'muted', text: 'The ends link by ' + describeCondition(a.finish) + '.' }),
    ],
    input: $('zp-placements'),
    text: a.placements ? a.placements.map((p) => p.card + ':' + p.side).join(', ') : '',
  }));
}

export function init() {
  const active = $('zp-active');
  for (const t of store.meta.trigrams) active.append(el('label', { class: 'check' }, el('input', { type: 'checkbox', value: t.name }), ' ' + t.name));
  radios($('zp-pick-options'), 'zp-pick', store.meta.zhipai.sides, (s) => s.name + ' (' + s.description + ')');
  $('zp-available').placeholder = 'all ' + Math.max(store.hexagrams.length - 2, 0) + ' others';
  buildPicker($('zp-picker'), (n) => appendToken($('zp-placements'), n + ':' + checked('zp-pick')));
  $('zhipai-form').addEventListener('submit', (e) => { e.preventDefault(); check(); });
  $('zp-solve').addEventListener('click', solve);
  $('zp-start').addEventListener('input', updateLine);
  $('zp-placements').addEventListener('input', updateLine);
  updateLine();
}

/**
 * `?zhipai=12&placements=6:left,22:right&available=…&common_zone=…&active=water`: checks
 * the placements (the check also gives the optimum); `&solve=1` without placements asks
 * for the optimal ones.
 */
export async function autorun(q) {
  if (!q.has('zhipai')) return;
  const set = (id, key) => { if (q.has(key)) $(id).value = q.get(key); };
  $('zp-start').value = q.get('zhipai');
  set('zp-placements', 'placements');
  set('zp-available', 'available');
  set('zp-common', 'common_zone');
  for (const t of (q.get('active') || '').split(',')) {
    const box = document.querySelector('#zp-active input[value="' + CSS.escape(t.trim().toLowerCase()) + '"]');
    if (box) box.checked = true;
  }
  updateLine();
  $('zhipai').scrollIntoView();
  await (q.has('solve') && !q.get('placements') ? solve() : check());
}
