// The photo verifier: a photo or scan of cards goes to POST /api/neighbours/verify-photo
// as it is; each reading comes back drawn as a card, every number marked ok, wrong
// (with the right one) or unreadable.
import { hexagram } from './api.js';
import { $, el } from './dom.js';
import { showResult } from './verdict.js';

const PATH = '/api/neighbours/verify-photo';
const STATUS_TEXT = { ok: 'right', mismatch: 'wrong', unreadable: 'unreadable' };

/** POSTs the image and shows the answer; never throws. */
async function send(blob) {
  const box = $('verify-photo-result');
  showResult(box, '', 'Reading the photo…');
  let response;
  try {
    response = await fetch(PATH, { method: 'POST', headers: { 'content-type': blob.type || 'application/octet-stream' }, body: blob });
  } catch (err) {
    return showResult(box, 'error', 'The server cannot be reached (' + err.message + ')');
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    return showResult(box, 'error', 'The server sent something that is not JSON (status ' + response.status + ')');
  }
  if (!response.ok) return showResult(box, 'error', 'The photo could not be read: ' + (data.error || 'status ' + response.status));
  render(box, data);
}

/** The verdict and one drawn card per reading. */
function render(box, report) {
  const lines = report.readings.flatMap((r) => r.lines);
  const count = (s) => lines.filter((l) => l.status === s).length;
  const [ok, wrong, unreadable] = [count('ok'), count('mismatch'), count('unreadable')];
  const state = ok === lines.length ? 'valid' : 'invalid';
  let title = ok + ' of ' + lines.length + ' numbers are right';
  if (wrong) title += ', ' + wrong + ' wrong';
  if (unreadable) title += ', ' + unreadable + ' unreadable (check those by eye or type them above)';
  showResult(box, state, title + '.', el('div', { class: 'photo-cards' }, report.readings.map(card)));
}

/** One reading as a small card: line 6 at the top, each number left of its line. */
function card(reading) {
  const which = reading.orientation ? ' · ' + reading.orientation + ' reading' : '';
  const rows = reading.lines.slice().reverse().map((l) => {
    const number = l.status === 'ok'
      ? el('span', { class: 'number', text: String(l.read) })
      : l.status === 'mismatch'
        ? el('span', { class: 'number' }, el('del', { text: String(l.read) }), ' ', el('ins', { text: String(l.expected) }))
        : el('span', { class: 'number', text: '? (' + l.expected + ')' });
    const yang = ((hexagramBits(reading.hexagram) >> (l.line - 1)) & 1) === 1;
    return el('li', { class: 'photo-line', 'data-status': l.status, 'data-line': String(l.line), title: 'Line ' + l.line + ': ' + STATUS_TEXT[l.status] },
      number, el('span', { class: 'bar ' + (yang ? 'yang' : 'yin'), 'aria-hidden': 'true' }));
  });
  return el('figure', { class: 'photo-card', 'data-hexagram': String(reading.hexagram), 'data-orientation': reading.orientation || '' },
    el('figcaption', { text: 'Hexagram ' + reading.hexagram + which }), el('ol', { class: 'photo-lines' }, rows));
}

/** Line bits of a King Wen number (bit i-1 = line i), from the lines the page loaded. */
function hexagramBits(n) {
  const h = hexagram(n);
  const lines = h && h.lines ? h.lines : '000000';
  return lines.split('').reduce((bits, c, i) => bits | ((c === '1' ? 1 : 0) << i), 0);
}

export function init() {
  $('verify-photo-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const file = $('vf-photo').files[0];
    if (!file) return showResult($('verify-photo-result'), 'error', 'Choose a photo first.');
    send(file);
  });
  $('vf-photo').addEventListener('change', () => {
    const file = $('vf-photo').files[0];
    if (file) send(file);
  });
}

/** `?photo=/downloads/card.png`: verify an image the server already holds. */
export async function autorun(q) {
  if (!q.has('photo')) return;
  const path = q.get('photo');
  $('verify').scrollIntoView();
  if (!path.startsWith('/')) return showResult($('verify-photo-result'), 'error', 'photo= takes a path on this server');
  const response = await fetch(path);
  if (!response.ok) return showResult($('verify-photo-result'), 'error', 'Cannot load ' + path + ' (status ' + response.status + ')');
  await send(await response.blob());
}
