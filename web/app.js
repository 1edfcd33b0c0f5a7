// hexforge web page: plain JavaScript, no library, nothing loaded from elsewhere.
//
// Every rule lives in the server: this script only gathers input, calls the JSON API
// and shows its answers. A scenario can be given in the address, and the page then
// runs it on load, e.g.
//   /?zhipai=12&placements=6:left,22:right,40:left,55:left
//   /?pathways=1&to=2&deck=6d&orientation=dark&sequence=1:dark,43:dark&solve=1
//   /?verify=12&orientation=dark&numbers=25,6,33,20,35,45
//   /?deck=zhi-pai&card=12   (opens a card of the deck browser)
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const TRIGRAMS = ['heaven', 'lake', 'fire', 'thunder', 'wind', 'water', 'mountain', 'earth'];
  let hexagrams = []; // index n-1 → hexagram object of GET /api/hexagrams

  // ---------------------------------------------------------------- helpers

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'class') node.className = value;
      else if (key === 'text') node.textContent = value;
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  async function api(path, body) {
    const options = body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    let response;
    try {
      response = await fetch(path, options);
    } catch (err) {
      return { ok: false, status: 0, data: { error: 'the server cannot be reached (' + err.message + ')' } };
    }
    let data = null;
    try {
      data = await response.json();
    } catch (err) {
      data = { error: 'the server sent something that is not JSON (status ' + response.status + ')' };
    }
    return { ok: response.ok, status: response.status, data };
  }

  function hexagram(n) {
    return hexagrams[n - 1];
  }

  function hexLabel(n) {
    const h = hexagram(n);
    return h ? n + ' ' + h.symbol + ' ' + h.names.en : String(n);
  }

  /** Shows a verdict in a result box: state is 'valid', 'invalid' or 'error'. */
  function showResult(box, state, title, ...details) {
    box.replaceChildren();
    box.dataset.state = state;
    const icon = { valid: '✓', invalid: '✗', error: '!' }[state] || '';
    box.append(el('p', { class: 'verdict' }, el('span', { class: 'icon', 'aria-hidden': 'true', text: icon }), ' ', title));
    for (const d of details) if (d) box.append(d);
  }

  function showError(box, answer) {
    showResult(box, 'error', 'The request was refused: ' + (answer.data && answer.data.error ? answer.data.error : 'status ' + answer.status));
  }

  function clearResult(box) {
    box.replaceChildren();
    delete box.dataset.state;
  }

  /** Splits "6:left, 22r 40 l" style text into tokens. */
  function tokens(text) {
    return text.replace(/\s*:\s*/g, ':').split(/[\s,;]+/).filter(Boolean);
  }

  function parseNumber(text, what) {
    if (!/^-?\d+$/.test(text)) throw new Error('“' + text + '” is not a ' + what + ' number');
    return Number(text);
  }

  function parseList(text) {
    return tokens(text).map((t) => parseNumber(t, 'card'));
  }

  // A Pathways sequence: "1:dark, 43:l, 14" (orientation defaults to the mode, or dark).
  function parseSequence(text, mode) {
    const fallback = mode === 'light' ? 'light' : 'dark';
    return tokens(text).map((token) => {
      const m = /^(-?\d+)(?::?(dark|light|d|l))?$/i.exec(token);
      if (!m) throw new Error('“' + token + '” is not a card such as 43:dark or 43:light');
      const o = (m[2] || fallback).toLowerCase();
      return { card: Number(m[1]), orientation: o.startsWith('l') ? 'light' : 'dark' };
    });
  }

  // Zhi Pai placements: "6:left, 22r".
  function parsePlacements(text) {
    return tokens(text).map((token) => {
      const m = /^(-?\d+):?(left|right|l|r)$/i.exec(token);
      if (!m) throw new Error('“' + token + '” is not a placement such as 6:left or 22:right');
      return { card: Number(m[1]), side: m[2].toLowerCase().startsWith('l') ? 'left' : 'right' };
    });
  }

  function appendToken(input, token) {
    const now = input.value.trim().replace(/,\s*$/, '');
    input.value = now ? now + ', ' + token : token;
    input.dispatchEvent(new Event('input'));
  }

  function removeLastToken(input) {
    const parts = input.value.split(',').map((s) => s.trim()).filter(Boolean);
    parts.pop();
    input.value = parts.join(', ');
    input.dispatchEvent(new Event('input'));
  }

  function cardImage(deck, face, orientation, dpi, alt, lazy) {
    const q = new URLSearchParams({ dpi: String(dpi) });
    if (orientation === 'light') q.set('orientation', 'light');
    return el('img', {
      src: '/cards/' + deck + '/' + face + '.png?' + q,
      alt,
      loading: lazy ? 'lazy' : null,
      decoding: 'async',
      width: 69 * 2,
      height: 94 * 2,
    });
  }

  function chips(items) {
    return el('ol', { class: 'chips' }, items.map((item) => el('li', {}, item)));
  }

  // ---------------------------------------------------------------- deck browser

  let selected = null;

  function cardAlt(deck, n, turned) {
    const h = hexagram(n);
    if (!h) return 'Card ' + n;
    if (deck === 'zhi-pai') {
      const c = hexagram(h.complement);
      return 'Zhi Pai card ' + n + ': ' + h.names.en + ', complement ' + c.number + ' ' + c.names.en;
    }
    const shown = turned ? hexagram(h.inverse) : h;
    return 'Changing Lines card ' + n + (turned ? ', turned: light reading ' : ': dark reading ') +
      shown.number + ' ' + shown.names.zh + ' ' + shown.names.pinyin + ', ' + shown.names.en;
  }

  function renderDeck() {
    const deck = $('deck-choice').value;
    const turned = $('deck-turned').checked;
    const filter = $('deck-filter').value.trim().toLowerCase();
    const grid = $('deck-grid');
    grid.replaceChildren();
    for (const h of hexagrams) {
      const text = [h.number, h.names.en, h.names.fr, h.names.pinyin, h.names.zh].join(' ').toLowerCase();
      if (filter && !(String(h.number) === filter || text.includes(filter))) continue;
      const button = el('button', {
        type: 'button',
        class: 'card-button',
        'aria-pressed': selected === h.number ? 'true' : 'false',
        onclick: () => selectCard(h.number),
      },
      cardImage(deck, h.number, turned ? 'light' : 'dark', 100, cardAlt(deck, h.number, turned), true),
      el('span', { class: 'card-caption' }, el('strong', { text: String(h.number) }), ' ', h.names.en));
      grid.append(el('li', {}, button));
    }
    if (!grid.children.length) grid.append(el('li', { class: 'muted', text: 'No card matches “' + filter + '”.' }));
  }

  function readingTable(h, caption) {
    const rows = [];
    for (let line = 6; line >= 1; line--) {
      const yang = h.lines[line - 1] === '1';
      rows.push(el('tr', {},
        el('th', { scope: 'row', text: 'Line ' + line }),
        el('td', { class: 'stroke', 'aria-label': yang ? 'yang (solid)' : 'yin (broken)', text: yang ? '━━━━━' : '━━ ━━' }),
        el('td', { text: '→ ' + h.neighbours[line - 1] })));
    }
    return el('table', { class: 'reading' },
      el('caption', {}, caption),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'Line' }), el('th', { scope: 'col', text: 'Aspect' }), el('th', { scope: 'col', text: 'Neighbour' }))),
      el('tbody', {}, rows));
  }

  function readingSummary(h) {
    const kinds = h.kinds.length ? ' · ' + h.kinds.join(', ') : '';
    return el('p', { class: 'summary' },
      el('span', { class: 'big-symbol', 'aria-hidden': 'true', text: h.symbol }), ' ',
      el('strong', { text: h.number + ' ' + h.names.zh }), ' ', h.names.pinyin, ' — ', h.names.en,
      el('br'), h.upper + ' over ' + h.lower + kinds);
  }

  function selectCard(n) {
    selected = n;
    for (const b of document.querySelectorAll('#deck-grid .card-button')) {
      b.setAttribute('aria-pressed', b.querySelector('strong').textContent === String(n) ? 'true' : 'false');
    }
    const deck = $('deck-choice').value;
    const h = hexagram(n);
    const detail = $('card-detail');
    detail.replaceChildren();
    if (deck === 'zhi-pai') {
      const c = hexagram(h.complement);
      detail.append(
        el('h3', { text: 'Zhi Pai card ' + n }),
        el('div', { class: 'pair' },
          el('figure', {}, cardImage(deck, n, 'dark', 150, cardAlt(deck, n, false), false), el('figcaption', { text: 'As printed' })),
          el('figure', {}, cardImage(deck, n, 'light', 150, cardAlt(deck, n, false) + ', turned', false), el('figcaption', { text: 'Turned' }))),
        el('h4', { text: 'Hexagram' }), readingSummary(h), readingTable(h, 'Hexagram ' + h.number),
        el('h4', { text: 'Complement' }), readingSummary(c), readingTable(c, 'Complement ' + c.number));
    } else {
      const light = hexagram(h.inverse);
      detail.append(
        el('h3', { text: 'Changing Lines card ' + n }),
        el('div', { class: 'pair' },
          el('figure', {}, cardImage(deck, n, 'dark', 150, cardAlt(deck, n, false), false), el('figcaption', { text: 'Dark reading (upright)' })),
          el('figure', {}, cardImage(deck, n, 'light', 150, cardAlt(deck, n, true), false), el('figcaption', { text: 'Light reading (turned)' }))),
        el('h4', { text: 'Dark reading' }), readingSummary(h), readingTable(h, 'Dark reading: hexagram ' + h.number),
        el('h4', { text: 'Light reading' }), readingSummary(light), readingTable(light, 'Light reading: hexagram ' + light.number));
    }
    detail.append(el('p', {},
      el('a', { href: '/cards/' + deck + '/' + n + '.svg', text: 'SVG' }), ' · ',
      el('a', { href: '/cards/' + deck + '/' + n + '.png', text: 'PNG 300 dpi' }), ' · ',
      el('a', { href: '/api/hexagrams/' + n, text: 'JSON' })));
  }

  // ---------------------------------------------------------------- card pickers

  function buildPicker(container, onPick) {
    container.replaceChildren();
    for (const h of hexagrams) {
      container.append(el('button', {
        type: 'button',
        class: 'pick',
        title: hexLabel(h.number),
        'aria-label': 'Lay card ' + hexLabel(h.number),
        onclick: () => onPick(h.number),
      }, el('span', { class: 'pick-symbol', 'aria-hidden': 'true', text: h.symbol }), el('span', { text: String(h.number) })));
    }
  }

  function checked(name) {
    const input = document.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : null;
  }

  // ---------------------------------------------------------------- Pathways

  function pathwaysQuery() {
    const query = {
      from: parseNumber($('pw-from').value.trim(), 'start'),
      to: parseNumber($('pw-to').value.trim(), 'target'),
      orientation: $('pw-mode').value,
    };
    if ($('pw-deck').value === 'custom') query.cards = parseList($('pw-cards').value);
    else query.deck = $('pw-deck').value;
    return query;
  }

  function describeLaid(l) {
    return el('span', {}, el('strong', { text: String(l.card) }), l.orientation === 'light' ? ' (light) ' : ' ', el('small', { text: 'shows ' + hexLabel(l.hexagram) }));
  }

  async function checkPathways() {
    const box = $('pathways-result');
    let body;
    try {
      body = pathwaysQuery();
      body.sequence = parseSequence($('pw-sequence').value, body.orientation);
    } catch (err) {
      return showResult(box, 'error', err.message);
    }
    const answer = await api('/api/pathways/check', body);
    if (!answer.ok) return showError(box, answer);
    const r = answer.data;
    const optimal = r.shortest === null ? 'no sequence reaches the target with this deck' : 'the optimal answer has ' + r.shortest + ' cards';
    if (r.valid) {
      showResult(box, 'valid', 'Valid: ' + r.length + ' cards.', el('p', { text: r.length === r.shortest ? 'That is optimal.' : 'Legal, but ' + optimal + '.' }));
    } else {
      showResult(box, 'invalid', 'Invalid.', el('p', { class: 'rule', text: r.errors.join(' ') }), el('p', { class: 'muted', text: 'For comparison, ' + optimal + '.' }));
    }
  }

  async function solvePathways() {
    const box = $('pathways-result');
    let body;
    try {
      body = pathwaysQuery();
    } catch (err) {
      return showResult(box, 'error', err.message);
    }
    const answer = await api('/api/pathways/shortest', body);
    if (!answer.ok) return showError(box, answer);
    const a = answer.data;
    if (a.length === null) return showResult(box, 'invalid', 'No sequence: the target cannot be reached with this deck and orientation.');
    const text = a.sequence.map((l) => l.card + ':' + l.orientation).join(', ');
    showResult(box, 'valid', 'Optimal answer: ' + a.length + ' cards.', chips(a.sequence.map(describeLaid)),
      el('button', { type: 'button', class: 'secondary', onclick: () => { $('pw-sequence').value = text; } }, 'Use this answer'));
  }

  // ---------------------------------------------------------------- Zhi Pai

  function zhipaiQuery() {
    const query = { start: parseNumber($('zp-start').value.trim(), 'start') };
    const available = $('zp-available').value.trim();
    if (available) query.available = parseList(available);
    query.active = Array.from(document.querySelectorAll('#zp-active input:checked')).map((i) => i.value);
    return query;
  }

  function updateZhipaiLine() {
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
      $('zp-line').textContent = 'the start must be 1 to 64';
      return;
    }
    const left = [start].concat(placements.filter((p) => p.side === 'left').map((p) => p.card));
    const right = placements.filter((p) => p.side === 'right').map((p) => p.card).reverse().concat([h.complement]);
    $('zp-line').textContent = left.join(' · ') + '  …  ' + right.join(' · ');
  }

  async function checkZhipai() {
    const box = $('zhipai-result');
    let body;
    try {
      body = zhipaiQuery();
      body.placements = parsePlacements($('zp-placements').value);
      const zone = $('zp-common').value.trim();
      if (zone) body.common_zone = parseNumber(zone, 'Common Zone size');
    } catch (err) {
      return showResult(box, 'error', err.message);
    }
    const answer = await api('/api/zhipai/check', body);
    if (!answer.ok) return showError(box, answer);
    const r = answer.data;
    const optimal = r.shortest === null ? 'no finished sequence exists from this start' : 'the optimal answer has ' + r.shortest + ' cards';
    if (r.valid) {
      const score = r.solo_score !== undefined ? el('p', { text: 'Solo score: ' + r.solo_score + '.' }) : null;
      showResult(box, 'valid', 'Valid: finished with ' + r.length + ' cards.',
        el('p', { text: r.length === r.shortest ? 'That is optimal.' : 'Legal, but ' + optimal + '.' }), score);
    } else {
      showResult(box, 'invalid', 'Invalid.', el('p', { class: 'rule', text: r.errors.join(' ') }), el('p', { class: 'muted', text: 'For comparison, ' + optimal + '.' }));
    }
  }

  function describeCondition(p) {
    const why = { 1: 'one line differs', 2: 'two lines swap', 3: 'same ' + (p.trigram || '') + ' trigram, card spent' }[p.condition];
    return why || 'condition ' + p.condition;
  }

  async function solveZhipai() {
    const box = $('zhipai-result');
    let body;
    try {
      body = zhipaiQuery();
    } catch (err) {
      return showResult(box, 'error', err.message);
    }
    const answer = await api('/api/zhipai/shortest', body);
    if (!answer.ok) return showError(box, answer);
    const a = answer.data;
    if (a.length === null) return showResult(box, 'invalid', 'No sequence: the ends can never be linked with these cards.');
    const text = a.placements.map((p) => p.card + ':' + p.side).join(', ');
    showResult(box, 'valid', 'Optimal answer: ' + a.length + ' cards.',
      el('p', {}, 'Line on the table: ', el('strong', { text: a.sequence.join(' · ') })),
      chips(a.placements.map((p) => el('span', {}, el('strong', { text: String(p.card) }), ' ' + p.side + ' ', el('small', { text: describeCondition(p) })))),
      el('p', { class: 'muted', text: 'The ends link by ' + describeCondition(a.finish) + '.' }),
      el('button', { type: 'button', class: 'secondary', onclick: () => { $('zp-placements').value = text; updateZhipaiLine(); } }, 'Use this answer'));
  }

  // ---------------------------------------------------------------- neighbour verifier

  async function verifyCard() {
    const box = $('verify-result');
    const form = $('verify-form');
    let body;
    try {
      body = {
        card: parseNumber($('vf-card').value.trim(), 'card'),
        orientation: $('vf-orientation').value,
        numbers: [1, 2, 3, 4, 5, 6].map((i) => parseNumber(form.elements['n' + i].value.trim(), 'line ' + i)),
      };
    } catch (err) {
      return showResult(box, 'error', err.message);
    }
    const answer = await api('/api/neighbours/verify', body);
    if (!answer.ok) return showError(box, answer);
    const r = answer.data;
    if (r.ok) return showResult(box, 'valid', 'All six numbers are right.');
    showResult(box, 'invalid', r.mismatches.length + (r.mismatches.length === 1 ? ' number is wrong.' : ' numbers are wrong.'),
      el('ul', {}, r.mismatches.map((m) => el('li', { text: 'Line ' + m.line + ': printed ' + m.printed + ', should be ' + m.expected + '.' }))));
  }

  // ---------------------------------------------------------------- downloads

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

  // ---------------------------------------------------------------- wiring

  function wire() {
    for (const id of ['deck-choice', 'deck-turned']) $(id).addEventListener('change', () => { renderDeck(); if (selected) selectCard(selected); });
    $('deck-filter').addEventListener('input', renderDeck);

    $('pw-deck').addEventListener('change', () => { $('pw-cards-label').hidden = $('pw-deck').value !== 'custom'; });
    $('pathways-form').addEventListener('submit', (e) => { e.preventDefault(); checkPathways(); });
    $('pw-solve').addEventListener('click', solvePathways);

    const active = $('zp-active');
    for (const t of TRIGRAMS) active.append(el('label', { class: 'check' }, el('input', { type: 'checkbox', value: t }), ' ' + t));
    $('zhipai-form').addEventListener('submit', (e) => { e.preventDefault(); checkZhipai(); });
    $('zp-solve').addEventListener('click', solveZhipai);
    $('zp-start').addEventListener('input', updateZhipaiLine);
    $('zp-placements').addEventListener('input', updateZhipaiLine);

    $('verify-form').addEventListener('submit', (e) => { e.preventDefault(); verifyCard(); });

    for (const b of document.querySelectorAll('button[data-action]')) {
      b.addEventListener('click', () => {
        const input = $(b.dataset.target);
        if (b.dataset.action === 'clear') { input.value = ''; input.dispatchEvent(new Event('input')); } else removeLastToken(input);
      });
    }
    for (const id of ['pathways-result', 'zhipai-result', 'verify-result']) clearResult($(id));
  }

  /** Runs a scenario given in the address (see the top of this file). */
  async function autorun() {
    const q = new URLSearchParams(location.search);
    const set = (id, key) => { if (q.has(key)) $(id).value = q.get(key); };
    if (q.has('deck') && ['changing-lines', 'zhi-pai'].includes(q.get('deck'))) {
      $('deck-choice').value = q.get('deck');
      renderDeck();
    }
    const card = Number(q.get('card'));
    if (Number.isInteger(card) && card >= 1 && card <= 64 && hexagrams.length) selectCard(card);
    if (q.has('zhipai')) {
      $('zp-start').value = q.get('zhipai');
      set('zp-placements', 'placements');
      set('zp-available', 'available');
      set('zp-common', 'common_zone');
      for (const t of (q.get('active') || '').split(',')) {
        const box = document.querySelector('#zp-active input[value="' + CSS.escape(t.trim().toLowerCase()) + '"]');
        if (box) box.checked = true;
      }
      updateZhipaiLine();
      $('zhipai').scrollIntoView();
      await (q.has('solve') ? solveZhipai() : checkZhipai());
    }
    if (q.has('pathways')) {
      $('pw-from').value = q.get('pathways');
      set('pw-to', 'to');
      set('pw-mode', 'orientation');
      set('pw-sequence', 'sequence');
      if (q.has('cards')) { $('pw-deck').value = 'custom'; $('pw-cards-label').hidden = false; set('pw-cards', 'cards'); } else set('pw-deck', 'deck');
      $('pathways').scrollIntoView();
      await (q.has('solve') ? solvePathways() : checkPathways());
    }
    if (q.has('verify')) {
      $('vf-card').value = q.get('verify');
      set('vf-orientation', 'orientation');
      const numbers = (q.get('numbers') || '').split(',');
      numbers.slice(0, 6).forEach((n, i) => { $('verify-form').elements['n' + (i + 1)].value = n.trim(); });
      $('verify').scrollIntoView();
      await verifyCard();
    }
    document.body.dataset.ready = 'true';
  }

  async function start() {
    wire();
    const answer = await api('/api/hexagrams');
    if (!answer.ok) {
      const note = $('offline-note');
      note.hidden = false;
      note.textContent = 'The hexagram table could not be loaded: ' + (answer.data && answer.data.error);
    } else {
      hexagrams = answer.data;
    }
    renderDeck();
    buildPicker($('pw-picker'), (n) => appendToken($('pw-sequence'), n + ':' + checked('pw-pick')));
    buildPicker($('zp-picker'), (n) => appendToken($('zp-placements'), n + ':' + checked('zp-pick')));
    updateZhipaiLine();
    loadDownloads();
    await autorun();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
