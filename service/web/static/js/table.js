// /play/{game_id}: a seat at the table (with its token), or a spectator (without).
import { html, useEffect, useRef, useState } from '../vendor/preact-htm.js';
import { api, gamePath, prefs, seats, takeTokenFromFragment } from './api.js';
import { Center, Seat, Standings } from './board.js';
import { Hand } from './hand.js';
import { EventLog } from './log.js';
import { openStream } from './stream.js';
import { Countdown, CopyButton, Problem, SiteHeader, seatName, useVariantName } from './ui.js';
import { logLines } from './words.js';

const KEEP_EVENTS = 600;

export function TablePage({ gameId }) {
  const [token, setToken] = useState(() => {
    const fromLink = takeTokenFromFragment();
    if (fromLink) seats.set(gameId, { token: fromLink });
    return fromLink || (seats.get(gameId) || {}).token || null;
  });
  const [view, setView] = useState(null);
  const [events, setEvents] = useState([]);
  const [loadError, setLoadError] = useState(null);
  const [alert, setAlert] = useState(null);
  const [notice, setNotice] = useState(null);
  const [link, setLink] = useState('connecting');
  const [busy, setBusy] = useState(false);
  const viewRef = useRef(null);
  const refresher = useRef(null);
  const streamRef = useRef(null);

  const accept = (v) => {
    const old = viewRef.current;
    if (old && v.version < old.version) return; // an older answer overtaken by a newer one
    viewRef.current = v;
    setView(v);
  };

  // One GET of the view at a time; events that arrive meanwhile ask for one more.
  useEffect(() => {
    let inflight = false;
    let again = false;
    let alive = true;
    refresher.current = async () => {
      if (inflight) {
        again = true;
        return;
      }
      inflight = true;
      try {
        do {
          again = false;
          try {
            const { data } = await api('GET', gamePath(gameId), { token });
            if (alive) accept(data);
          } catch (e) {
            if (!alive) return;
            if (token && (e.status === 401 || e.status === 403)) {
              seats.forget(gameId);
              setNotice('This browser no longer holds a seat at this table: you are watching.');
              setToken(null);
              return;
            }
            if (!viewRef.current) setLoadError(e);
          }
        } while (again && alive);
      } finally {
        inflight = false;
      }
    };
    viewRef.current = null;
    setView(null);
    setEvents([]);
    refresher.current();
    const stream = openStream(gameId, {
      token,
      after: 0,
      onEvents: (batch) => {
        setEvents((old) => {
          const all = old.concat(batch);
          return all.length > KEEP_EVENTS ? all.slice(all.length - KEEP_EVENTS) : all;
        });
        refresher.current();
      },
      onStatus: (s, status) => {
        setLink(s);
        if (s === 'live') refresher.current(); // whatever happened while we were away
        if (s === 'closed' && status === 404) setLoadError({ status: 404, detail: 'There is no game with this id.' });
      },
    });
    streamRef.current = stream;
    return () => {
      alive = false;
      stream.close();
    };
  }, [gameId, token]);

  const ended = events.length > 0 && events[events.length - 1].type === 'game_ended';
  useEffect(() => { // nothing follows game_ended: let the service forget this stream
    if (ended && streamRef.current) streamRef.current.close();
  }, [ended]);

  useEffect(() => { // remember the seat (and its number) for the lobby's "Your tables"
    if (token && view && view.you) {
      const saved = seats.get(gameId) || {};
      if (saved.seat !== view.you.seat) seats.set(gameId, { ...saved, token, seat: view.you.seat, variant: view.variant });
    }
  }, [token, view && view.you && view.you.seat]);

  const variantName = useVariantName(view && view.variant);
  useEffect(() => {
    if (view) document.title = `${variantName} · ${statusWords(view, view.you ? view.you.seat : null)} · Macau`;
  }, [view, variantName]);

  const move = async (body) => {
    setBusy(true);
    setAlert(null);
    try {
      const { data } = await api('POST', `${gamePath(gameId)}/moves`, { token, body });
      accept(data.game);
    } catch (e) {
      setAlert(e);
      refresher.current();
    } finally {
      setBusy(false);
    }
  };

  if (loadError && !view) {
    return html`<${SiteHeader} />
      <main class="page narrow"><h1>${loadError.status === 404 ? 'No such table' : 'The table cannot be loaded'}</h1>
      <p role="alert"><${Problem} error=${loadError} /></p><p><a href="/">Back to the lobby</a></p></main>`;
  }
  if (!view) return html`<${SiteHeader} /><main class="page narrow"><p class="loading" role="status">Loading the table…</p></main>`;

  const you = view.you ? view.you.seat : null;
  const ctx = { name: (s) => (s === you ? 'you' : seatName(view, s, you)), you, callWord: view.call_word, variantName };
  const lines = logLines(events, ctx);
  const roundEnd = [...events].reverse().find((e) => e.type === 'round_ended');
  const others = view.seats.map((_, i) => i).filter((i) => i !== you);

  return html`<${SiteHeader}>
      ${view.status === 'finished' && html`<a href=${`/replay/${encodeURIComponent(gameId)}`}>Replay & audit</a>`}
      <${CopyButton} label="Copy watch link" text=${() => `${location.origin}/play/${encodeURIComponent(gameId)}`} />
      ${token && you != null && html`<${SeatMenu} gameId=${gameId} token=${token} view=${view} onLeft=${() => { seats.forget(gameId); setToken(null); }} />`}
    <//>
    <main id="table" class=${`table-page ${you == null ? 'spectating' : ''}`} data-status=${view.status}
      data-version=${String(view.version)} data-current-seat=${view.current_seat == null ? '' : String(view.current_seat)}
      data-your-seat=${you == null ? undefined : String(you)}>
      <h1 class="table-title">${variantName}<span class="muted"> · ${view.status === 'waiting' ? 'waiting for players' : `round ${view.round}`}</span>
        ${you == null && html`<span class="tag">spectating</span>`}</h1>
      <div class=${`link-state ${ended ? 'over' : link}`} role="status">${ended ? 'Game over' : linkWords(link)}</div>
      <div class="main-col">
      ${notice && html`<p class="notice" role="status">${notice}</p>`}
      <section class="felt" aria-label="Table">
        <ul class="seats" aria-label="Players">
          ${others.map((s) => html`<${Seat} key=${s} view=${view} seat=${s} you=${you} />`)}
        </ul>
        ${view.status === 'waiting' ? html`<${Waiting} view=${view} gameId=${gameId} token=${token}
            onJoined=${(t) => setToken(t)} />`
    : html`<${Center} view=${view} you=${you} />`}
        <${TurnLine} view=${view} you=${you} />
      </section>
      <div class="alert-slot" role="alert">${alert && html`<p class="alert"><strong>Move rejected.</strong> <${Problem} error=${alert} />
        <button type="button" class="ghost small" onClick=${() => setAlert(null)}>Dismiss</button></p>`}</div>
      ${you != null && html`<${Hand} view=${view} busy=${busy} onMove=${move} />`}
      </div>
      <div class="side">
        ${view.result && html`<div class="game-over">
          <${Standings} view=${view} you=${you} title="Game over"
            places=${Object.fromEntries(view.result.standings.map((s) => [s.seat, s.place]))} scores=${view.scores} />
          <p class="after-game"><a class="button primary" href=${`/replay/${encodeURIComponent(gameId)}`}>Replay with audit</a>
            <a class="button" href="/">New table</a></p></div>`}
        ${!view.result && roundEnd && html`<${Standings} view=${view} you=${you} title=${`Round ${roundEnd.data.round} result`}
          places=${roundEnd.data.standings} points=${roundEnd.data.points} scores=${roundEnd.data.scores} />`}
        <${EventLog} lines=${lines} />
      </div>
    </main>`;
}

function statusWords(view, you) {
  if (view.status === 'waiting') return 'waiting';
  if (view.status === 'finished') return 'game over';
  return view.current_seat === you ? 'your turn' : 'playing';
}

function linkWords(link) {
  return { live: 'Live', connecting: 'Connecting…', reconnecting: 'Connection lost: reconnecting…', closed: 'Disconnected' }[link] || link;
}

function TurnLine({ view, you }) {
  if (view.status !== 'playing') return null;
  const cur = view.current_seat;
  const mine = cur === you;
  return html`<p class=${`turn-line ${mine ? 'mine' : ''}`}>
    <span aria-live="polite">${mine ? html`<strong>Your turn</strong>` : `${seatName(view, cur, you)} to play`}</span>
    ${' '}<${Countdown} deadline=${view.turn_deadline} label="turn clock" />
  </p>`;
}

function Waiting({ view, gameId, token, onJoined }) {
  const taken = view.seats.filter((s) => s.player_id).length;
  const [name, setName] = useState(() => prefs.get('name', ''));
  const [level, setLevel] = useState('normal');
  const [error, setError] = useState(null);
  const join = async (e) => {
    e.preventDefault();
    setError(null);
    try {
      prefs.set('name', name);
      const { data } = await api('POST', `${gamePath(gameId)}/players`, { body: { name } });
      seats.set(gameId, { token: data.token, seat: data.seat, variant: view.variant });
      onJoined(data.token);
    } catch (err) {
      setError(err);
    }
  };
  const addBot = async (e) => {
    e.preventDefault();
    setError(null);
    try {
      await api('POST', `${gamePath(gameId)}/bots`, { token, body: { level } });
    } catch (err) {
      setError(err);
    }
  };
  return html`<div class="waiting">
    <p class="big-line">Waiting for players: <strong>${taken} of ${view.seats.length}</strong> seats taken.</p>
    ${view.fill_with_bots_at && html`<p>Empty seats get bots in <${Countdown} deadline=${view.fill_with_bots_at} label="until bots fill the table" />.</p>`}
    <p>Share the table: <${CopyButton} label="Copy invite link" text=${() => `${location.origin}/play/${encodeURIComponent(gameId)}`} /></p>
    ${token ? html`<form class="inline-form" onSubmit=${addBot}>
        <label>Bot level <select value=${level} onChange=${(e) => setLevel(e.currentTarget.value)}>
          <option value="easy">Easy</option><option value="normal">Normal</option><option value="hard">Hard</option></select></label>
        <button type="submit">Add a bot</button></form>`
    : html`<form class="inline-form" onSubmit=${join}>
        <label>Your name <input required maxlength="40" value=${name} onInput=${(e) => setName(e.currentTarget.value)} autocomplete="nickname" /></label>
        <button type="submit" class="primary">Join</button></form>`}
    ${error && html`<p class="alert" role="alert"><${Problem} error=${error} /></p>`}
  </div>`;
}

function SeatMenu({ gameId, token, view, onLeft }) {
  const leave = async () => {
    if (!window.confirm('Leave this table? A bot takes your seat for the rest of the game.')) return;
    try {
      await api('POST', `${gamePath(gameId)}/leave`, { token });
    } finally {
      onLeft();
    }
  };
  return html`<details class="menu"><summary>Your seat</summary><div class="menu-body">
    <${CopyButton} label="Copy seat link" done="Copied: keep it private"
      text=${() => `${location.origin}/play/${encodeURIComponent(gameId)}#token=${encodeURIComponent(token)}`} />
    ${view.status !== 'finished' && html`<button type="button" class="ghost danger" onClick=${leave}>Leave table</button>`}
  </div></details>`;
}
