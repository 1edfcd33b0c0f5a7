// The neighbour verifier: the six numbers printed beside one reading of a card.
import { store } from './api.js';
import { $, el, fillSelect } from './dom.js';
import { parseNumber } from './parse.js';
import { ask, showResult } from './verdict.js';

/** The printed-number inputs, bottom line first. */
function numberInputs() {
  return Array.from($('verify-form').querySelectorAll('fieldset.six input'));
}

function verify() {
  const box = $('verify-result');
  return ask(box, '/api/neighbours/verify', () => ({
    card: parseNumber($('vf-card').value.trim(), 'card'),
    orientation: $('vf-orientation').value,
    numbers: numberInputs().map((input, i) => parseNumber(input.value.trim(), 'line ' + (i + 1))),
  }), (r) => {
    if (r.ok) return showResult(box, 'valid', 'All six numbers are right.');
    showResult(box, 'invalid', r.mismatches.length + (r.mismatches.length === 1 ? ' number is wrong.' : ' numbers are wrong.'),
      el('ul', {}, r.mismatches.map((m) => el('li', { text: 'Line ' + m.line + ': printed ' + m.printed + ', should be ' + m.expected + '.' }))));
  });
}

export function init() {
  fillSelect($('vf-orientation'), store.meta.orientations, (o) => o.name, (o) => o.name + ' (' + o.description + ')');
  $('verify-form').addEventListener('submit', (e) => { e.preventDefault(); verify(); });
}

/** `?verify=12&orientation=dark&numbers=25,6,33,20,35,45`. */
export async function autorun(q) {
  if (!q.has('verify')) return;
  $('vf-card').value = q.get('verify');
  if (q.has('orientation')) $('vf-orientation').value = q.get('orientation');
  const inputs = numberInputs();
  (q.get('numbers') || '').split(',').slice(0, inputs.length).forEach((n, i) => { inputs[i].value = n.trim(); });
  $('verify').scrollIntoView();
  await verify();
}
