// Choosing a hidden hexagram (易经牌) by clicking tiles: the seat's hand drawn as buttons,
// six clicked in order (line 1 first), then the one legal action with those six set aside
// is taken. Which choices are legal, and their words, are the rules module's: the tiles
// are matched against the offered actions' `hide` letters, nothing is judged here, and the
// picker's words are the module's terms (`pick more`: `Click {} more of your tiles…`).
import { el } from './dom.js';
import { say, tileFace, tileWords } from './drawn.js';

/**
 * A picker for `s` (a state of the rules module) when every action offered sets a hidden
 * hexagram aside (`{hide: "110t01"}`) and there are several; null otherwise. `take(i)` takes
 * the action at index `i`.
 */
export function hidePicker(s, take) {
  const hides = s.actions.map((a) => (a && typeof a.hide === 'string' ? a.hide : null));
  if (hides.length < 2 || hides.some((h) => h === null) || typeof s.view.hand !== 'string') return null;
  const size = hides[0].length;
  const hand = [...s.view.hand];
  // A tile letter as the rules module says it (`held 1`: `yang line`), and its face.
  const said = (c) => tileWords(s, 'held', c);
  const chosen = [];
  const status = el('p', { class: 'pick-status', 'aria-live': 'polite' });
  const confirm = el('button', { type: 'button', class: 'move', 'data-pick-confirm': '', disabled: true }, say(s, 'pick aside'));
  const tiles = hand.map((c, k) => el('button', {
    type: 'button', class: 'pick-tile', 'data-pick': k, 'data-tile': tileFace(s, 'held', c), 'aria-pressed': 'false',
    onclick: () => toggle(k),
  }, said(c)));
  const index = () => hides.indexOf(chosen.map((k) => hand[k]).join(''));
  function show() {
    tiles.forEach((t, k) => {
      const at = chosen.indexOf(k);
      t.setAttribute('aria-pressed', at >= 0 ? 'true' : 'false');
      t.dataset.line = at >= 0 ? String(at + 1) : '';
      t.textContent = at >= 0 ? say(s, 'pick line', said(hand[k]), at + 1) : said(hand[k]);
    });
    const i = chosen.length === size ? index() : -1;
    confirm.disabled = i < 0;
    confirm.textContent = i >= 0 ? s.words[i] : say(s, 'pick aside');
    status.textContent = chosen.length < size ? say(s, 'pick more', size - chosen.length, chosen.length + 1)
      : i >= 0 ? say(s, 'pick ready') : say(s, 'pick refused');
  }
  function toggle(k) {
    const at = chosen.indexOf(k);
    if (at >= 0) chosen.splice(at, 1);
    else if (chosen.length < size) chosen.push(k);
    show();
  }
  confirm.onclick = () => {
    const i = index();
    if (i >= 0) take(i);
  };
  show();
  return el('div', { class: 'picker', role: 'group', 'aria-label': say(s, 'pick group', size) },
    el('p', { text: say(s, 'pick intro', size) }),
    el('div', { class: 'pick-tiles' }, tiles), status, confirm);
}
