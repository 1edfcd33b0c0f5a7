// The play pages' service worker (served as /sw.js, scope /play): after one visit the play
// pages open and play with the network off. The server writes in the four values below
// (src/http/offline.rs): the rules module's input hash (scripts/rules-wasm.sh), a hash of
// every file precached, their addresses, and the printed card faces the tables draw. Each
// version has a cache of its own, `hexforge-play-MODULE-VERSION`, filled when the worker
// installs: every file, then every face (a face that fails to load is fetched when a table
// draws it, and does not hold the install up).
//
// Answers come from the cache first, then the network (whatever else a page fetches is
// kept too); a page asks for the rules module as /wasm/hexforge_rules.wasm?v=HASH, and is
// answered from whichever cache holds that version. A new version waits until no page of
// the old one is open (no skipWaiting), and an old version's cache is never deleted while
// a game begun with its module is still in progress: each page lists the module versions
// of its games in progress ({ keep: [...] }), and only then are the other caches pruned.
// A page also sends what it loaded before the worker controlled it ({ add: [...] }).
const MODULE = '__MODULE__';
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const FACES = __FACES__;
const PREFIX = 'hexforge-play-';
const CACHE = PREFIX + MODULE + '-' + VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then(async (cache) => {
    await cache.addAll(PRECACHE);
    // A few at a time: the server renders each face once, on as many cores as it has.
    const queue = [...FACES];
    const next = async () => {
      for (let url = queue.shift(); url; url = queue.shift()) await cache.add(url).catch(() => null);
    };
    await Promise.all([next(), next(), next(), next()]);
  }));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Whether a request is one this worker answers: the server's own pages and files. */
function ours(request, url) {
  return request.method === 'GET' && url.origin === self.location.origin && !url.pathname.startsWith('/api/')
    && !url.pathname.startsWith('/sw.js');
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (!ours(event.request, url)) return;
  event.respondWith(answer(event.request, url));
});

async function answer(request, url) {
  const cache = await caches.open(CACHE);
  // A play page's address carries its setup (?seats=…&seed=…): the page is the same.
  const page = request.mode === 'navigate' || url.pathname === '/play' || url.pathname.startsWith('/play/');
  const versioned = url.pathname.startsWith('/wasm/') && url.searchParams.has('v');
  const hit = versioned ? await caches.match(request) : await cache.match(request, { ignoreSearch: page });
  if (hit) return hit;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic' && !page) await cache.put(request, response.clone());
    return response;
  } catch (err) {
    // Offline and not in this version's cache: any version's copy is better than none.
    const any = await caches.match(request, { ignoreSearch: page });
    if (any) return any;
    throw err;
  }
}

self.addEventListener('message', (event) => {
  const data = event.data || {};
  const done = Promise.all([
    Array.isArray(data.add) ? add(data.add) : null,
    Array.isArray(data.keep) ? prune(new Set([MODULE, ...data.keep])) : null,
  ]).then(() => event.source && event.source.postMessage({ kept: CACHE }));
  event.waitUntil(done);
});

/** Keeps what a page loaded before this worker controlled it (fonts, pictures). */
async function add(urls) {
  const cache = await caches.open(CACHE);
  for (const href of urls) {
    const url = new URL(href, self.location.origin);
    if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || await cache.match(url.href)) continue;
    try {
      const response = await fetch(url.href);
      if (response.ok) await cache.put(url.href, response);
    } catch (err) {
      // Offline now: kept next time.
    }
  }
}

/** Deletes the caches of other versions, except those whose module a game in progress uses. */
async function prune(keep) {
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
  for (const name of names) {
    const module = name.slice(PREFIX.length).split('-')[0];
    if (!keep.has(module)) await caches.delete(name);
  }
}
