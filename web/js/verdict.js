// The result boxes: one renderer for the verdicts of both puzzles (a check report or
// an optimal answer) and the card verifier.
import { api } from './api.js';
import { el } from './dom.js';

/** Shows a verdict in a result box: state is 'valid', 'invalid' or 'error'. */
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

/** "1 card", "4 cards". */
function cards(n) {
  return n + (n === 1 ? ' card' : ' cards');
}

/** What a check learnt of the optimum, in words. */
function optimumText(r, unreachable) {
  if (r.shortest_status === 'unknown') return 'the optimum is unknown (' + r.shortest_reason + ')';
  return r.shortest === null ? unreachable : 'the optimal answer has ' + cards(r.shortest);
}

/**
 * A check answer `{ state, valid, length, shortest, shortest_status, errors, failed_move, … }`.
 * `done(length)` titles a solved one, `unreachable` says why there is no optimal answer,
 * `extra(report)` adds a detail.
 */
export function showReport(box, r, { done, unreachable, extra }) {
  const optimal = optimumText(r, unreachable);
  if (r.state === 'solved') {
    const verdict = r.distance === 0 ? 'That is optimal.' : 'Legal, but ' + optimal + '.';
    showResult(box, 'valid', done(r.length), el('p', { text: verdict }), extra ? extra(r) : null);
  } else if (r.state === 'unfinished') {
    showResult(box, 'invalid', 'Not finished yet.', el('p', { class: 'rule', text: r.errors.join(' ') }), el('p', { class: 'muted', text: 'For comparison, ' + optimal + '.' }));
  } else {
    showResult(box, 'invalid', 'Invalid at move ' + r.failed_move + '.', el('p', { class: 'rule', text: r.errors.join(' ') }), el('p', { class: 'muted', text: 'For comparison, ' + optimal + '.' }));
  }
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
