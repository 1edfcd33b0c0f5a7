// The end of a game on the play page: the result line, every seat's place and score in a
// table (a shared place said as shared, the winner marked) and the rule that ended the game,
// all from the rules module's state (`outcome`, `standings`, `ending`): nothing is judged here.
import { el } from './dom.js';

const ORDINAL = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];
const ordinal = (n) => ORDINAL[n - 1] || n + 'th';
const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Names in English: `a`, `a and b`, `a, b and c`. */
function and(items) {
  return items.length > 1 ? items.slice(0, -1).join(', ') + ' and ' + items[items.length - 1] : items[0] || '';
}

/** Which seats hold place `place` in `standings`. */
const holding = (standings, place) => standings.filter((r) => r.place === place).map((r) => r.seat);

/** The seats sharing first place when the rules name a shared place (the outcome's
 *  `shared_first`: Pathways' last two out in one round, a tied duel); else none. */
const sharedFirst = (s) => (s.outcome && Array.isArray(s.outcome.shared_first) ? s.outcome.shared_first : []);

/** Whether the game ended with no winner and no shared first place (a drawn hand, a stall). */
const noWinner = (s) => Boolean(s.outcome) && (s.outcome.winner === undefined || s.outcome.winner === null) && sharedFirst(s).length < 2;

/** How the game ended in one line: the winner, or the seats sharing first place as the
 *  rules name it, or no winner (a drawn hand, a stall: the rule said in `ending`).
 *  `who(seat)`: the seat named with who played it. */
export function resultLine(s, who) {
  const winner = s.outcome && s.outcome.winner;
  if (winner !== undefined && winner !== null) return cap(who(winner)) + ' won.';
  const first = sharedFirst(s);
  if (first.length > 1) return cap(and(first.map(who))) + ' share first place.';
  return 'The game ended without a winner.';
}

/** Every seat's place, best first: place (shared when two seats hold it), seat, who played,
 *  and the score in the game's words; the winner's row marked in words. */
export function standingsTable(s, who) {
  const rows = [...(s.standings || [])].sort((a, b) => a.place - b.place || a.seat - b.seat);
  if (!rows.length) return null;
  const winner = s.outcome && s.outcome.winner;
  return el('table', { class: 'standings', 'data-standings': rows.length },
    el('caption', { text: 'Standings' }),
    el('thead', {}, el('tr', {}, ['Place', 'Seat', 'Score'].map((h) => el('th', { scope: 'col', text: h })))),
    el('tbody', {}, rows.map((r) => {
      const shared = holding(rows, r.place).length > 1;
      // Level at the top of a game no one won (a drawn hand): not a shared first place.
      const level = shared && r.place === 1 && noWinner(s);
      return el('tr', { class: r.seat === winner ? 'winner' : '', 'data-seat': r.seat, 'data-place': r.place },
        el('td', { text: cap(ordinal(r.place)) + (level ? ' (level, no winner)' : shared ? ' (shared)' : '') + (r.seat === winner ? ' · won' : '') }),
        el('th', { scope: 'row', text: cap(who(r.seat)) }),
        el('td', { text: r.score || '—' }));
    })));
}
