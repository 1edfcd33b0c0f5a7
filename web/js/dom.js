// Element helpers shared by every part of the page.
import { hexagram, store } from './api.js';

export const $ = (id) => document.getElementById(id);

/** `el('p', { class: 'x', text: 'y', onclick: f }, child, …)`. */
export function el(tag, attrs, ...children) {
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

export function hexLabel(n) {
  const h = hexagram(n);
  return h ? n + ' ' + h.symbol + ' ' + h.names.en : String(n);
}

/** Fills a select with one option per item, before `before` (an option kept from the HTML) if given. */
export function fillSelect(select, items, value, label, before) {
  for (const item of items) select.insertBefore(el('option', { value: value(item), text: label(item) }), before || null);
  select.selectedIndex = 0;
}

/** Radio buttons named `name`, one per item, the first checked, before the container's buttons. */
export function radios(container, name, items, label) {
  const first = container.querySelector(':scope > button');
  items.forEach((item, i) => {
    const input = el('input', { type: 'radio', name, value: item.name, checked: i === 0 });
    container.insertBefore(el('label', { class: 'check' }, input, ' ' + label(item)), first);
  });
}

export function checked(name) {
  const input = document.querySelector('input[name="' + name + '"]:checked');
  return input ? input.value : null;
}

export function appendToken(input, token) {
  const now = input.value.trim().replace(/,\s*$/, '');
  input.value = now ? now + ', ' + token : token;
  input.dispatchEvent(new Event('input'));
}

export function removeLastToken(input) {
  const parts = input.value.split(',').map((s) => s.trim()).filter(Boolean);
  parts.pop();
  input.value = parts.join(', ');
  input.dispatchEvent(new Event('input'));
}

export function cardImage(deck, face, orientation, dpi, alt, lazy) {
  const q = new URLSearchParams({ dpi: String(dpi) });
  if (orientation === 'light') q.set('orientation', 'light');
  const size = store.meta.card_size_mm;
  return el('img', {
    src: '/cards/' + deck + '/' + face + '.png?' + q,
    alt,
    loading: lazy ? 'lazy' : null,
    decoding: 'async',
    width: size.width * 2,
    height: size.height * 2,
  });
}

/** One button per hexagram; clicking one calls `onPick(n)`. */
export function buildPicker(container, onPick) {
  container.replaceChildren();
  for (const h of store.hexagrams) {
    container.append(el('button', {
      type: 'button',
      class: 'pick',
      title: hexLabel(h.number),
      'aria-label': 'Lay card ' + hexLabel(h.number),
      'data-card': h.number,
      onclick: () => onPick(h.number),
    }, el('span', { class: 'pick-symbol', 'aria-hidden': 'true', text: h.symbol }), el('span', { text: String(h.number) })));
  }
}

/**
 * Marks the picker's cards that may be laid next (`legal`: the check answer's
 * `legal_next`), each with a short label of how (`label(move)`, one per way the card may
 * go), and clears the marks of the others. The server decides what is legal.
 */
export function markLegal(container, legal, label) {
  const ways = new Map();
  for (const move of legal || []) ways.set(move.card, (ways.get(move.card) || []).concat(label(move)));
  for (const button of container.querySelectorAll('.pick')) {
    const how = ways.get(Number(button.dataset.card));
    button.classList.toggle('legal', Boolean(how));
    let hint = button.querySelector('.pick-hint');
    if (!how) {
      if (hint) hint.remove();
      continue;
    }
    if (!hint) button.append(hint = el('span', { class: 'pick-hint' }));
    hint.textContent = how.join(' · ');
    button.title = hexLabel(Number(button.dataset.card)) + ' — legal next: ' + how.join(', ');
  }
}
