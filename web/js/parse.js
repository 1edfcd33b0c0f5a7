// Reading what people type: card lists, Pathways sequences, Zhi Pai placements. The
// words accepted (orientations, sides) are the API's own, from GET /api/meta; each
// may be shortened to its first letter.
import { store } from './api.js';

/** Splits "6:left, 22r 40 l" style text into tokens. */
export function tokens(text) {
  return text.replace(/\s*:\s*/g, ':').split(/[\s,;]+/).filter(Boolean);
}

export function parseNumber(text, what) {
  if (text === '') throw new Error('enter a ' + what + ' number');
  if (!/^-?\d+$/.test(text)) throw new Error('“' + text + '” is not a ' + what + ' number');
  return Number(text);
}

export function parseList(text) {
  return tokens(text).map((t) => parseNumber(t, 'card'));
}

/** "43:dark", "43d", "43" → { card, word } where word is one of `names` (or `fallback`). */
function tagged(token, names, fallback, example) {
  const m = /^(-?\d+)(?::?([a-z]+))?$/i.exec(token);
  const typed = m && m[2] ? m[2].toLowerCase() : null;
  const word = typed === null ? fallback : names.find((n) => n === typed || n[0] === typed);
  if (!m || !word) throw new Error('“' + token + '” is not ' + example);
  return { card: Number(m[1]), word };
}

function examples(kind, numbers, names) {
  return kind + ' such as ' + names.map((n, i) => numbers[i % numbers.length] + ':' + n).join(' or ');
}

/** A Pathways sequence: "1:dark, 43:l, 14" (orientation defaults to the mode's, else the first). */
export function parseSequence(text, mode) {
  const names = store.meta.orientations.map((o) => o.name);
  const fallback = names.includes(mode) ? mode : names[0];
  const example = examples('a card', [43], names);
  return tokens(text).map((token) => {
    const { card, word } = tagged(token, names, fallback, example);
    return { card, orientation: word };
  });
}

/** Zhi Pai placements: "6:left, 22r" (the side is required). */
export function parsePlacements(text) {
  const names = store.meta.zhipai.sides.map((s) => s.name);
  const example = examples('a placement', [6, 22], names);
  return tokens(text).map((token) => {
    const { card, word } = tagged(token, names, null, example);
    return { card, side: word };
  });
}
