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

/**
 * A check report `{ valid, length, shortest, errors }`. `done(length)` titles a valid
 * one, `unreachable` says why there is no optimal answer, `extra(report)` adds a detail.
 */
export function showReport(box, r, { done, unreachable, extra }) {
  const optimal = r.shortest === null ? unreachable : 'the optimal answer has ' + r.shortest + ' cards';
  if (r.valid) {
    showResult(box, 'valid', done(r.length),
      el('p', { text: r.length === r.shortest ? 'That is optimal.' : 'Legal, but ' + optimal + '.' }), extra ? extra(r) : null);
  } else {
    showResult(box, 'invalid', 'Invalid.', el('p', { class: 'rule', text: r.errors.join(' ') }), el('p', { class: 'muted', text: 'For comparison, ' + optimal + '.' }));
  }
}

/**
 * An optimal answer `{ length, … }`: `none` says why there is none (length null);
 * otherwise `details` are shown and a button puts `text` into `input`.
 */
export function showAnswer(box, a, { none, details, input, text }) {
  if (a.length === null) return showResult(box, 'invalid', 'No sequence: ' + none);
  const use = () => {
    input.value = text;
    input.dispatchEvent(new Event('input'));
  };
  showResult(box, 'valid', 'Optimal answer: ' + a.length + ' cards.', ...details,
    el('button', { type: 'button', class: 'secondary', onclick: use }, 'Use this answer'));
}
