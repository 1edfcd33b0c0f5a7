// Talking to the JSON API, and what the page loads from it once at start: the 64
// hexagrams (GET /api/hexagrams) and the lists its controls are built from (GET /api/meta).

/** What the page knows, filled by `load()`. */
export const store = {
  hexagrams: [], // index n-1 → hexagram object of GET /api/hexagrams
  meta: {
    trigrams: [],
    card_decks: [],
    card_size_mm: { width: 0, height: 0 },
    orientations: [],
    pathways: { decks: [], modes: [] },
    zhipai: { sides: [], conditions: [] },
    spreads: [],
  },
};

/** GET `path`, or POST `body` as JSON; never throws: `{ ok, status, data }`. */
export async function api(path, body) {
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

/** Loads the hexagrams and the lists; answers the problems met, if any. */
export async function load() {
  const [hexagrams, meta] = await Promise.all([api('/api/hexagrams'), api('/api/meta')]);
  const problems = [];
  if (hexagrams.ok) store.hexagrams = hexagrams.data;
  else problems.push('The hexagram table could not be loaded: ' + (hexagrams.data && hexagrams.data.error));
  if (meta.ok) store.meta = meta.data;
  else problems.push('The page’s lists could not be loaded: ' + (meta.data && meta.data.error));
  return problems;
}

export function hexagram(n) {
  return store.hexagrams[n - 1];
}
