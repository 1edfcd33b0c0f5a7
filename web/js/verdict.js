// The result boxes: one renderer for the verdicts of both puzzles (a check report or
// an optimal answer) and the card verifier.
import { api } from './api.js';
import { el } from './dom.js';
import { compare } from './table.js';

/**
 * Shows a verdict in a result box: state is a check's 'unfinished', 'broken' or
 * 'solved', or 'valid', 'invalid' or 'error' for the other answers.
 */
export function showResult(box, state, title, ...details) {
  box.replaceChildren();
  box.dataset.state = state;
  const icon = { valid: '✓', invalid: '✗', error: '!' }[state] || '';
  box.append(el('p', { class: 'verdict' }, el('span', { class: 'icon', 'aria-hidden': 'true', text: icon }), ' ', title));
  for (const d of details) if (d) box.append(d);
}

export function clearResult(box) {
  box.replaceChildren();
  delete box.dataset.state;
}

/**
 * Builds a request body with `build()` (which throws on bad input), POSTs it to `path`
 * and hands the answer to `render(data)`; bad input and refusals are shown in `box`.
 */
export async function ask(box, path, build, render) {
  let body;
  try {
    body = build();
  } catch (err) {
    return showResult(box, 'error', err.message);
  }
  const answer = await api(path, body);
  if (!answer.ok) {
    const why = answer.data && answer.data.error ? answer.data.error : 'status ' + answer.status;
    return showResult(box, 'error', 'The request was refused: ' + why);
  }
  return render(answer.data);
}

/** Ends a sentence with a full stop unless it has one (the server's messages have none). */
function sentence(text) {
  return /[.!?…]$/.test(text) ? text : text + '.';
}

/** "1 card", "4 cards". */
function cards(n) {
  return n + (n === 1 ? ' card' : ' cards');
}

/** What a check learnt of the optimum, in words. */
function optimumText(r, unreachable) {
  if (r.shortest_status === 'unknown') return 'the optimum is unknown (' + r.shortest_reason + ')';
  return r.shortest === null ? unreachable : 'the optimal answer has ' + cards(r.shortest);
}

/** The three states of a check, each with its own colour (style.css) and icon. */
const STATE_ICONS = { unfinished: '…', broken: '✗', solved: '✓' };

/**
 * A check answer `{ state, length, shortest, shortest_status, distance, errors, failed_move, … }`
 * in one of three states: `unfinished` (legal so far: keep going), `broken` (with the
 * rule) or `solved` (with the distance from the optimum). `done(length)` titles a solved
 * one, `unreachable` says why there is no optimal answer, `extra(report)` adds a detail;
 * `drawn` (the player's cards) and `optimum` (the optimal answer, stepped) are shown side
 * by side.
 */
export function showReport(box, r, { done, unreachable, extra, drawn, optimum }) {
  const optimal = optimumText(r, unreachable);
  const details = [];
  let title;
  if (r.state === 'solved') {
    title = done(r.length);
    const extraCards = r.distance === null ? null : r.distance;
    details.push(el('p', { class: 'distance', text: extraCards === 0 ? 'That is optimal.' : extraCards === null ? 'Legal; ' + optimal + '.' : 'Legal, ' + cards(extraCards) + ' more than the optimum: ' + optimal + '.' }));
    if (extra) details.push(extra(r));
  } else if (r.state === 'unfinished') {
    title = 'Legal so far: keep going.';
    details.push(el('p', { class: 'muted', text: r.errors.map(sentence).join(' ') + ' For comparison, ' + optimal + '.' }));
  } else {
    title = 'Broken at move ' + r.failed_move + '.';
    details.push(el('p', { class: 'rule', 'data-rule': r.rule, text: r.errors.map(sentence).join(' ') }), el('p', { class: 'muted', text: 'For comparison, ' + optimal + '.' }));
  }
  showResult(box, r.state, title, ...details, drawn ? compare(drawn, optimum || el('p', { class: 'muted', text: optimal })) : null);
  const icon = box.querySelector('.icon');
  if (icon) icon.textContent = STATE_ICONS[r.state] || '';
}

/**
 * A shortest answer `{ status, length, … }`: `none` says why there is none; an
 * undecided search shows its reason (and the best found, if any); otherwise `details`
 * are shown and a button puts `text` into `input`.
 */
export function showAnswer(box, a, { none, details, input, text }) {
  if (a.status === 'none') return showResult(box, 'invalid', 'No sequence: ' + none);
  const use = () => {
    input.value = text;
    input.dispatchEvent(new Event('input'));
  };
  const button = a.sequence ? el('button', { type: 'button', class: 'secondary', onclick: use }, 'Use this answer') : null;
  if (a.status === 'unknown') {
    return showResult(box, 'error', 'Undecided: ' + a.reason + '.', ...(a.sequence ? details : []), button);
  }
  showResult(box, 'valid', 'Optimal answer: ' + cards(a.length) + '.', ...details, button);
}
