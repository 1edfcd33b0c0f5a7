// A room's live updates over a WebSocket (docs/service.md, Rooms), for the room page.
// The socket's first message gives the key (never in the address) and the last event
// number the page has; the server answers, for each event after it, what the long poll
// would have answered at that event, then one message per event as each is written. A
// socket that drops is opened again with the last event number, after 0.5 s, then 1, 2,
// 4… up to 15 s, so the page is given what it missed, never a reset. A browser that
// cannot hold a socket (no WebSocket, or three tries in a row that never opened: a proxy
// that refuses them) falls back to the long poll.

/** Backoff before the next try, ms, after `failures` tries in a row that failed. */
function backoff(failures) {
  return Math.min(15000, 500 * 2 ** Math.min(failures, 5));
}

/**
 * Follows `room` as `key`'s holder. `seq()`: the last event number drawn (null: none);
 * `busy()`: a move of the page's own is on its way (a message waits until it is answered);
 * `show(s)`: draws a message; `problem(text)`: says a refusal ('' clears it); `poll()`:
 * follows with the long poll instead.
 */
export function live(room, key, { seq, busy, show, problem, poll }) {
  if (typeof WebSocket !== 'function') return poll();
  const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
  const address = scheme + location.host + '/api/rooms/' + encodeURIComponent(room) + '/live';
  let failures = 0;
  let waiting = null;

  function deliver(s) {
    if (busy()) {
      // The answer to the page's own move is drawn first; the newest message after it.
      if (!waiting) setTimeout(() => { const s = waiting; waiting = null; deliver(s); }, 50);
      waiting = s;
      return;
    }
    if (seq() === null || s.seq > seq()) show(s);
  }

  function connect() {
    const socket = new WebSocket(address);
    let opened = false;
    socket.onopen = () => {
      opened = true;
      socket.send(JSON.stringify(seq() === null ? { key } : { key, since: seq() }));
    };
    socket.onmessage = (event) => {
      let s;
      try {
        s = JSON.parse(event.data);
      } catch {
        return;
      }
      if (s.error) return problem(s.error);
      failures = 0;
      problem('');
      deliver(s);
    };
    socket.onclose = (event) => {
      // Refused for good (a key of nobody here, no such room): said already, no retry.
      if (event.code === 4403 || event.code === 4404 || event.code === 4410) return;
      failures += 1;
      if (!opened && failures >= 3) return poll();
      if (opened) problem('the connection to the room was lost — reconnecting');
      setTimeout(connect, backoff(failures - 1));
    };
  }
  connect();
}
