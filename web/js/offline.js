// The play pages offline: the rules module by version, and the service worker (/sw.js).
// The page names the module it was served with (<meta name="hexforge-module">, its input
// hash); a game in progress is saved with the version it began with (saved.js), and
// reopened with that version, never another: the worker keeps that version's cache until
// no game in progress uses it. A game over, or a new one, takes the page's own.
import { fromBytes } from './rules.js';
import * as saved from './saved.js';

const meta = typeof document !== 'undefined' ? document.querySelector('meta[name="hexforge-module"]') : null;
/** The module version the page was served with. */
export const MODULE = (meta && meta.content) || '';
let used = MODULE;

/** The module version this page runs (saved with each game). */
export const inUse = () => used;

const moduleUrl = (version) => '/wasm/hexforge_rules.wasm' + (version ? '?v=' + encodeURIComponent(version) : '');

/** This address's saved game in progress, if any (the address without `pace`, as saved). */
function savedHere() {
  const here = new URL(location.href);
  here.searchParams.delete('pace');
  const game = saved.load(saved.keyOf(here.pathname + here.search));
  return game && !game.over && game.actions.length ? game : null;
}

/**
 * Loads the rules module: the version a game in progress at this address began with, else
 * the page's own. When that version is no longer to be had, the page's own is loaded and
 * the returned note says so (the saved game is then replayed by it, or refused).
 */
export async function loadRules() {
  const pinned = savedHere()?.module;
  const tries = pinned && pinned !== MODULE ? [pinned, MODULE] : [MODULE];
  let last = null;
  for (const version of tries) {
    try {
      const response = await fetch(moduleUrl(version));
      if (!response.ok) throw new Error('the rules module did not load (' + response.status + ')');
      await fromBytes(await response.arrayBuffer());
      used = version;
      return version === tries[0] ? '' : 'The game in progress began with an earlier rules module, no longer kept; it is replayed by this one.';
    } catch (err) {
      last = err;
    }
  }
  throw last;
}

/** The module versions of the games in progress kept in this browser. */
function versionsInProgress() {
  return [...new Set(saved.list().filter((g) => !g.over && g.module).map((g) => g.module))];
}

/**
 * Registers the service worker once the page is ready (what the first screen downloads is
 * not delayed), sends it what this page loaded, and tells it which versions to keep;
 * `data-offline` on the body names the cache once it holds them.
 */
export function register() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  // The fonts, asked for once the table was ready, are kept too: sent once they have loaded.
  navigator.serviceWorker.register('/sw.js', { scope: '/play' }).then(() => navigator.serviceWorker.ready)
    .then((reg) => document.fonts.ready.then(() => reg)).then((reg) => {
    const worker = reg.active;
    if (!worker) return;
    const add = performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.startsWith(location.origin));
    navigator.serviceWorker.addEventListener('message', (e) => {
      if (e.data && e.data.kept) document.body.dataset.offline = e.data.kept;
    });
    worker.postMessage({ add, keep: versionsInProgress() });
  }).catch((err) => {
    document.body.dataset.offline = 'failed: ' + err.message;
  });
}
