// A game's live events over Server-Sent Events, read with fetch so that the token goes in
// the Authorization header (EventSource cannot send headers, and a token in a URL ends up
// in logs). After a network loss or a server restart it reconnects with Last-Event-ID:
// the service resends every event after that seq, so nothing is missed or repeated. A seat's
// stream also brings its turn frame (`your_turn`, no id) after the events that give it its
// turn: the seat's whole view then, so the table needs no read of the game for its turns.

const QUIET_LIMIT_MS = 40000; // the service sends a keep-alive at least every 15 s

export function openStream(gameId, { token, after = 0, onEvents, onStatus }) {
  let last = after;
  let stopped = false;
  let controller = null;
  let retryMs = 2000;
  let failures = 0;

  const status = (s, detail) => onStatus && onStatus(s, detail);

  async function connect() {
    controller = new AbortController();
    let watchdog = null;
    const poke = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => controller.abort(), QUIET_LIMIT_MS);
    };
    try {
      const headers = { Accept: 'text/event-stream', 'Last-Event-ID': String(last) };
      if (token) headers.Authorization = `Bearer ${token}`;
      poke();
      const response = await fetch(`/v1/games/${encodeURIComponent(gameId)}/stream`, {
        headers, signal: controller.signal, cache: 'no-store', credentials: 'omit',
      });
      if (!response.ok) {
        const fatal = response.status >= 400 && response.status < 500 && response.status !== 429;
        return fatal ? response.status : null;
      }
      failures = 0;
      status('live');
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        poke();
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop();
        const batch = [];
        let frame = null;
        for (const block of blocks) {
          const event = parseBlock(block);
          if (event.retry) retryMs = event.retry;
          if (event.data == null) continue;
          if (event.event === 'your_turn') { // the seat's turn frame: no event of the log (no id)
            frame = JSON.parse(event.data);
            continue;
          }
          const seq = Number(event.id);
          if (!(seq > last)) continue; // never show an event twice
          last = seq;
          batch.push(JSON.parse(event.data));
        }
        if (batch.length || frame) onEvents(batch, frame);
      }
    } catch (e) {
      // aborted by the watchdog, or the network went away: reconnect below
    } finally {
      clearTimeout(watchdog);
    }
    return null;
  }

  (async () => {
    while (!stopped) {
      const fatal = await connect();
      if (stopped) return;
      if (fatal) {
        status('closed', fatal);
        return;
      }
      failures += 1;
      status('reconnecting');
      const backoff = Math.min(retryMs * 2 ** Math.min(failures - 1, 3), 15000);
      await new Promise((r) => setTimeout(r, backoff * (0.75 + Math.random() / 2)));
    }
  })();

  return {
    close() {
      stopped = true;
      if (controller) controller.abort();
    },
    get last() {
      return last;
    },
  };
}

function parseBlock(block) {
  const out = { id: null, event: null, data: null, retry: null };
  for (const line of block.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') out.data = out.data == null ? value : `${out.data}\n${value}`;
    else if (field === 'id') out.id = value;
    else if (field === 'event') out.event = value;
    else if (field === 'retry' && /^\d+$/.test(value)) out.retry = Number(value);
  }
  return out;
}
