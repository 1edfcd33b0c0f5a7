// Games in progress kept in this browser (localStorage), so that a reload, Back or a new tab
// never loses one: each game is kept under its address (the game, its seats and options and
// its seed), with the indices of the actions taken, and replayed through the rules module
// when the address is opened again. Nothing here knows a game: a saved game is its setup
// and the list of action indices the module offered.

const PREFIX = 'hexforge-play:';
/** At most this many games are kept; the oldest finished ones go first, then the oldest. */
const KEEP = 30;

/** The key a game's address is saved under. */
export const keyOf = (address) => PREFIX + address;

function storage() {
  try {
    return window.localStorage;
  } catch (err) {
    return null;
  }
}

/** The saved game at `key`, or null (none, or not readable). */
export function load(key) {
  const s = storage();
  if (!s) return null;
  try {
    const entry = JSON.parse(s.getItem(key) || 'null');
    return entry && typeof entry === 'object' && Array.isArray(entry.actions) ? entry : null;
  } catch (err) {
    return null;
  }
}

/** Every saved game, the newest first: `{ key, address, game, actions, over, saved, … }`. */
export function list() {
  const s = storage();
  if (!s) return [];
  const out = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key || !key.startsWith(PREFIX)) continue;
    const entry = load(key);
    if (entry) out.push({ ...entry, key });
  }
  return out.sort((a, b) => (b.saved || 0) - (a.saved || 0));
}

/** Keeps `entry` under `key` (a full storage drops the oldest games to make room). */
export function save(key, entry) {
  const s = storage();
  if (!s) return false;
  const text = JSON.stringify({ ...entry, saved: Date.now() });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      s.setItem(key, text);
      prune(key);
      return true;
    } catch (err) {
      const old = list().filter((e) => e.key !== key).sort((a, b) => Number(b.over || 0) - Number(a.over || 0) || (a.saved || 0) - (b.saved || 0));
      if (!old.length) return false;
      s.removeItem(old[0].key);
    }
  }
  return false;
}

function prune(keep) {
  const all = list();
  if (all.length <= KEEP) return;
  const old = all.filter((e) => e.key !== keep).sort((a, b) => Number(b.over || 0) - Number(a.over || 0) || (a.saved || 0) - (b.saved || 0));
  for (const e of old.slice(0, all.length - KEEP)) storage().removeItem(e.key);
}

/** Forgets the game at `key`. */
export function discard(key) {
  const s = storage();
  if (s) s.removeItem(key);
}
