// hexforge web page, entry point: plain JavaScript modules, no library, nothing loaded
// from elsewhere.
//
// Every rule lives in the server, and so does every list (GET /api/hexagrams,
// GET /api/meta): the page only gathers input, calls the JSON API and shows its
// answers. A scenario can be given in the address, and the page then runs it on load, e.g.
//   /?zhipai=12&placements=6:left,22:right,40:left,55:left
//   /?pathways=1&to=2&deck=6d&orientation=dark&sequence=1:dark,43:dark
//   /?pathways=1&to=2&deck=6d&solve=1   (asks for the optimal sequence)
//   /?verify=12&orientation=dark&numbers=25,6,33,20,35,45
//   /?photo=/downloads/card-12.png   (verifies a photo or scan the server holds)
//   /?deck=zhi-pai&card=12   (opens a card of the deck browser)
//   /?spread=three&seed=42   (lays out a spread)
//   /?puzzle=zhipai-2026-11-24&play=59:left,4:left   (opens a puzzle; plays it by clicking)
import { api, load, store } from './api.js';
import { $, el, removeLastToken } from './dom.js';
import { clearResult } from './verdict.js';
import * as deck from './deck.js';
import * as pathways from './pathways.js';
import * as zhipai from './zhipai.js';
import * as verify from './verify.js';
import * as photo from './photo.js';
import * as today from './today.js';
import * as spread from './spread.js';

const parts = [today, deck, zhipai, pathways, verify, photo, spread];

async function loadDownloads() {
  const box = $('downloads-list');
  const answer = await api('/downloads');
  box.replaceChildren();
  if (!answer.ok || !answer.data.files.length) {
    box.append(el('p', { class: 'muted' }, 'Nothing generated yet. Run ', el('code', { text: 'hexforge generate' }), ' and reload.'));
    return;
  }
  const pdfs = answer.data.files.filter((f) => f.path.endsWith('.pdf'));
  const shown = pdfs.length ? pdfs : answer.data.files.slice(0, 50);
  box.append(el('ul', { class: 'files' }, shown.map((f) => el('li', {},
    el('a', { href: f.url, text: f.path }), ' ', el('small', { class: 'muted', text: (f.bytes / 1024).toFixed(0) + ' KiB' })))));
  if (pdfs.length) box.append(el('p', { class: 'muted', text: (answer.data.files.length - pdfs.length) + ' other files (PNG, SVG, tables) are listed at /downloads.' }));
}

/** The controls every part shares: hexagram number fields, undo and clear buttons. */
function wireShared() {
  if (store.hexagrams.length) for (const input of document.querySelectorAll('input[data-hexagram]')) input.max = String(store.hexagrams.length);
  for (const b of document.querySelectorAll('button[data-action]')) {
    b.addEventListener('click', () => {
      const input = $(b.dataset.target);
      if (b.dataset.action === 'clear') { input.value = ''; input.dispatchEvent(new Event('input')); } else removeLastToken(input);
    });
  }
  for (const id of ['pathways-result', 'zhipai-result', 'verify-result', 'verify-photo-result', 'spread-result']) clearResult($(id));
}

async function start() {
  const problems = await load();
  if (problems.length) {
    const note = $('offline-note');
    note.hidden = false;
    note.textContent = problems.join(' ');
  }
  wireShared();
  for (const part of parts) part.init();
  loadDownloads();
  // A scenario in the address (see the top of this file).
  const q = new URLSearchParams(location.search);
  for (const part of parts) await part.autorun(q);
  document.body.dataset.ready = 'true';
}

start();
