// /play/{game_id}: a seat at the table (with its token), or a spectator (without).
import { html, useEffect, useRef, useState } from '../vendor/preact-htm.js';
import { api, gamePath, prefs, seats, takeTokenFromFragment } from './api.js';
import { Center, SeatRing, Standings } from './board.js';
import { STEP_MS, chime, faceOf, fly, lastMoves, rectOf, topAt, usePacedVersion, usePref } from './follow.js';
import { Hand } from './hand.js';
import { EventLog } from './log.js';
import { askToNotify, notificationsSupported, useHidden, useTurnNotification } from './notify.js';
import { openStream } from './stream.js';
import { Countdown, CopyButton, Problem, SiteHeader, seatName, useVariantName } from './ui.js';
import { describe, logLines } from './words.js';

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
  const [pace, setPace] = usePref('pace', 'on');
  const [sound, setSound] = usePref('sound', 'off');
  const [notify, setNotify] = usePref('notify', 'off');
  const viewRef = useRef(null);
  const refresher = useRef(null);

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
    // the stream stays open after the game ends: a rematch may be offered
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
    return () => {
      alive = false;
      stream.close();
    };
  }, [gameId, token]);

  const you = view && view.you ? view.you.seat : null;
  const shownSeq = usePacedVersion(view, events, you, pace === 'on');
  const paced = !!view && shownSeq < view.version;
  // another seat's move held on screen (not a lobby event, nor the moment a view waits for
  // the events that lead to it): what data-paced and data-current-seat then speak of
  const shownEvent = paced ? events.find((e) => e.seq === shownSeq) : null;
  const stepping = !!shownEvent && !!STEP_MS[shownEvent.type] && shownEvent.seat != null && shownEvent.seat !== you;
  const acting = stepping ? shownEvent.seat : null;
  const myTurn = !!view && !paced && view.status === 'playing' && view.current_seat === you && you != null;

  // cards travel: the moves of others as each is shown (yours as you make them)
  const flown = useRef(null);
  useEffect(() => {
    if (!view) return;
    if (flown.current == null) { // the first load: nothing to show travelling
      flown.current = view.version;
      return;
    }
    if (pace !== 'on') {
      flown.current = shownSeq;
      return;
    }
    for (const e of events) {
      if (e.seq <= flown.current || e.seq > shownSeq) continue;
      if (e.seat === you || e.seat == null || !STEP_MS[e.type]) continue;
      const seatEl = document.querySelector(`#table [data-seat="${e.seat}"]`);
      if (e.type === 'card_played') fly(rectOf(seatEl), rectOf('.pile.discard .card'), faceOf(e.data.cards[e.data.cards.length - 1]));
      else if (e.type === 'cards_drawn') fly(rectOf('.pile.stock .card'), rectOf(seatEl), null);
    }
    flown.current = Math.max(flown.current, shownSeq);
  }, [shownSeq]);

  useEffect(() => { // a sound when it becomes your turn, if you asked for one
    if (myTurn && sound === 'on') chime();
  }, [myTurn]);

  useEffect(() => { // remember the seat (and its number) for the lobby's "Your tables"
    if (token && view && view.you) {
      const saved = seats.get(gameId) || {};
      if (saved.seat !== view.you.seat) seats.set(gameId, { ...saved, token, seat: view.you.seat, variant: view.variant });
    }
  }, [token, view && view.you && view.you.seat]);

  const variantName = useVariantName(view && view.variant);
  // it is your turn (whatever the pacing shows): the tab says so from the background
  const mustAct = !!view && view.status === 'playing' && you != null
    && (view.current_seat === you || (view.pending.pass_cards || { waiting_seats: [] }).waiting_seats.includes(you));
  const hidden = useHidden();
  useEffect(() => {
    if (view) document.title = `${hidden && mustAct ? '● Your turn · ' : ''}${variantName} · ${statusWords(view, you, myTurn)} · Macau`;
  }, [view, variantName, myTurn, hidden, mustAct]);
  useTurnNotification(mustAct, hidden, notify === 'on',
    { title: 'Your turn', body: `${variantName}: it is your move.`, tag: `macau-${gameId}` });

  const playedFrom = useRef(null);
  const move = async (body) => {
    setBusy(true);
    setAlert(null);
    const stock = rectOf('.pile.stock .card');
    try {
      const { data } = await api('POST', `${gamePath(gameId)}/moves`, { token, body });
      accept(data.game);
      if (pace === 'on' && body.action === 'play' && playedFrom.current) {
        const [code, rect, face] = playedFrom.current;
        requestAnimationFrame(() => fly(rect, rectOf('.pile.discard .card'), face || faceOf(code)));
      } else if (pace === 'on' && body.action === 'draw') {
        requestAnimationFrame(() => fly(stock, rectOf('.hand .hand-row:last-child .slot:last-child button'), null));
      }
    } catch (e) {
      setAlert(e);
      refresher.current();
    } finally {
      playedFrom.current = null;
      setBusy(false);
    }
  };
  const onPlayFrom = (codes) => { // where the played card starts its travel from
    const last = codes[codes.length - 1];
    const el = document.querySelector(`.hand button[data-card="${CSS.escape(last)}"][aria-pressed="true"]`);
    playedFrom.current = el ? [last, el.getBoundingClientRect(), el.querySelector('.face').cloneNode(true)] : null;
  };

  if (loadError && !view) {
    return html`<${SiteHeader} />
      <main class="page narrow"><h1>${loadError.status === 404 ? 'No such table' : 'The table cannot be loaded'}</h1>
      <p role="alert"><${Problem} error=${loadError} /></p><p><a href="/">Back to the lobby</a></p></main>`;
  }
  if (!view) return html`<${SiteHeader} /><main class="page narrow"><p class="loading" role="status">Loading the table…</p></main>`;

  const ctx = { name: (s) => (s === you ? 'you' : seatName(view, s, you)), you, callWord: view.call_word, variantName };
  const shownEvents = paced ? events.filter((e) => e.seq <= shownSeq) : events;
  const lines = logLines(shownEvents, ctx);
  const roundEnd = [...shownEvents].reverse().find((e) => e.type === 'round_ended');
  const others = view.seats.map((_, i) => i).filter((i) => i !== you);
  const lasts = lastMoves(events, shownSeq);
  const top = topAt(events, paced ? shownSeq : view.version);
  const topShown = paced ? top : (top && top.code === view.top_card ? top : null);
  const ended = view.status === 'finished';
  const actingEvent = stepping ? shownEvent : null;

  return html`<${SiteHeader}>
      <${TableMenu} gameId=${gameId} ended=${ended} pace=${pace} setPace=${setPace} sound=${sound} setSound=${setSound}
        notify=${notify} setNotify=${setNotify} />
      ${token && you != null && html`<${SeatMenu} gameId=${gameId} token=${token} view=${view} onLeft=${() => { seats.forget(gameId); setToken(null); }} />`}
    <//>
    <main id="table" class=${`table-page ${you == null ? 'spectating' : ''} ${ended ? 'ended' : ''}`} data-status=${view.status}
      data-version=${String(paced ? shownSeq : view.version)}
      data-current-seat=${paced ? String(acting ?? '') : (view.current_seat == null ? '' : String(view.current_seat))}
      data-your-seat=${you == null ? undefined : String(you)} data-paced=${stepping ? 'true' : 'false'}>
      <div class="table-bar">
        <h1 class="table-title">${variantName}<span class="muted"> · ${view.status === 'waiting' ? 'waiting for players' : `round ${view.round}`}</span>
          ${you == null && html`<span class="tag">spectating</span>`}
          ${rigged(view) && html`<span class="tag warn" data-rigged=${rigged(view)}
            title=${riggedWords(view)}>the creator may know the cards</span>`}</h1>
        <div class=${`link-state ${ended ? 'over' : link}`} role="status">${ended ? 'Game over' : linkWords(link)}</div>
      </div>
      <div class="main-col">
      ${notice && html`<p class="notice" role="status">${notice}</p>`}
      <section class="felt" aria-label="Table">
        ${view.status === 'waiting' ? html`<${Waiting} view=${view} gameId=${gameId} token=${token} you=${you}
            onJoined=${(t) => setToken(t)} />`
    : html`<${SeatRing} view=${view} me=${you ?? 0} you=${you} seats=${you == null ? view.seats.map((_, i) => i) : others} lasts=${lasts}
            acting=${acting} live=${true} label="Players">
            <${Center} view=${view} you=${you} top=${topShown} paced=${paced} />
            <${TurnLine} view=${view} you=${you} paced=${paced} acting=${actingEvent} ctx=${ctx} myTurn=${myTurn} />
          <//>`}
      </section>
      <div class="alert-slot" role="alert">${alert && html`<p class="alert"><strong>Move rejected.</strong> <${Problem} error=${alert} />
        <button type="button" class="ghost small" onClick=${() => setAlert(null)}>Dismiss</button></p>`}</div>
      ${ended && html`<${GameOver} view=${view} you=${you} gameId=${gameId} token=${token} events=${events} />`}
      ${you != null && view.status === 'playing' && html`<${Hand} view=${view} gameId=${gameId} busy=${busy} paced=${paced}
        onMove=${move} onPlayFrom=${onPlayFrom} />`}
      </div>
      <div class="side">
        ${!view.result && roundEnd && html`<${Standings} view=${view} you=${you} title=${`Round ${roundEnd.data.round} result`}
          places=${roundEnd.data.standings} points=${roundEnd.data.points} scores=${roundEnd.data.scores} />`}
        <${EventLog} lines=${lines} />
      </div>
    </main>`;
}

// a table whose cards its creator may know (API: seeded, fixed_deal): 'deal', 'seed' or null
function rigged(view) {
  return view.fixed_deal ? 'deal' : view.seeded ? 'seed' : null;
}

function riggedWords(view) {
  return view.fixed_deal ? 'Its cards were dealt as its creator chose them.'
    : 'Its cards are shuffled from a seed its creator chose, so the creator can know every hand and every draw.';
}

function statusWords(view, you, myTurn) {
  if (view.status === 'waiting') return 'waiting';
  if (view.status === 'finished') return 'game over';
  return myTurn ? 'your turn' : 'playing';
}

function linkWords(link) {
  return { live: 'Live', connecting: 'Connecting…', reconnecting: 'Connection lost: reconnecting…', closed: 'Disconnected' }[link] || link;
}

function TurnLine({ view, you, paced, acting, ctx, myTurn }) {
  if (view.status !== 'playing') return null;
  if (paced && acting) {
    return html`<p class="turn-line moving"><span aria-live="polite">${describe(acting, ctx).replace(/^./, (c) => c.toUpperCase())}</span></p>`;
  }
  const cur = view.current_seat;
  return html`<p class=${`turn-line ${myTurn ? 'mine' : ''}`}>
    <span aria-live="polite">${myTurn ? html`<strong>Your turn</strong>` : `${seatName(view, cur, you)} to play`}</span>
    ${' '}<${Countdown} deadline=${view.turn_deadline} label="turn clock" />
  </p>`;
}

function TableMenu({ gameId, ended, pace, setPace, sound, setSound, notify, setNotify }) {
  const [refused, setRefused] = useState(false);
  const toggleNotify = async (on) => {
    if (!on) return setNotify('off');
    const answer = await askToNotify();
    setRefused(answer !== 'granted');
    setNotify(answer === 'granted' ? 'on' : 'off');
  };
  return html`<details class="menu"><summary>Menu</summary><div class="menu-body settings">
    <${CopyButton} label="Copy watch link" text=${() => `${location.origin}/play/${encodeURIComponent(gameId)}`} />
    ${ended && html`<a class="button" href=${`/replay/${encodeURIComponent(gameId)}`}>Replay & audit</a>`}
    <label class="check"><input type="checkbox" checked=${pace === 'on'} onChange=${(e) => setPace(e.currentTarget.checked ? 'on' : 'off')} />
      Show others' moves one at a time</label>
    <label class="check"><input type="checkbox" checked=${sound === 'on'} onChange=${(e) => setSound(e.currentTarget.checked ? 'on' : 'off')} />
      Sound on your turn</label>
    ${notificationsSupported() && html`<label class="check"><input type="checkbox" checked=${notify === 'on'}
        onChange=${(e) => toggleNotify(e.currentTarget.checked)} />
      Notify me when it is my turn and this tab is in the background</label>`}
    ${refused && html`<p class="muted" role="status">The browser does not allow notifications from this page.</p>`}
  </div></details>`;
}

// The end of the game: standings, and a rematch for the people at the table.
function GameOver({ view, you, gameId, token, events }) {
  const [error, setError] = useState(null);
  const [asking, setAsking] = useState(false);
  const offer = view.rematch_game_id || (events.find((e) => e.type === 'rematch_offered') || { data: {} }).data.game_id;
  const joined = offer && seats.get(offer);
  const canAsk = token && you != null && view.seats[you] && view.seats[you].kind === 'human';
  const rematch = async () => {
    setAsking(true);
    setError(null);
    try {
      const { data } = await api('POST', `${gamePath(gameId)}/rematch`, { token });
      seats.set(data.game_id, { token: data.token, seat: data.seat, variant: view.variant });
      window.location.assign(`/play/${encodeURIComponent(data.game_id)}`);
    } catch (e) {
      setError(e);
      setAsking(false);
    }
  };
  const places = Object.fromEntries(view.result ? view.result.standings.map((s) => [s.seat, s.place]) : []);
  return html`<div class="game-over">
    ${view.result && html`<${Standings} view=${view} you=${you} title="Game over" places=${places} scores=${view.scores} />`}
    ${offer && html`<p class="rematch-news" role="status" data-rematch=${offer}>A rematch table is open${canAsk && !joined ? ': your seat is held.' : '.'}</p>`}
    <p class="after-game">
      ${canAsk && !joined && html`<button type="button" class="primary" disabled=${asking} onClick=${rematch}>
        ${offer ? 'Join the rematch' : 'Rematch'}</button>`}
      ${joined && html`<a class="button primary" href=${`/play/${encodeURIComponent(offer)}`}>Go to the rematch</a>`}
      ${offer && !canAsk && html`<a class="button" href=${`/play/${encodeURIComponent(offer)}`}>Watch the rematch</a>`}
      <a class=${`button ${canAsk || offer ? '' : 'primary'}`} href=${`/replay/${encodeURIComponent(gameId)}`}>Replay with audit</a>
      <a class="button" href="/">New table</a></p>
    ${error && html`<p class="alert" role="alert"><${Problem} error=${error} /></p>`}
  </div>`;
}

function Waiting({ view, gameId, token, you, onJoined }) {
  const taken = view.seats.filter((s) => s.player_id).length;
  const [name, setName] = useState(() => prefs.get('name', ''));
  const [level, setLevel] = useState('normal');
  const [error, setError] = useState(null);
  const [heldFor, setHeldFor] = useState(null);
  useEffect(() => { // whom a rematch's seats are held for: the names at the last table
    if (!view.rematch_of) return;
    api('GET', gamePath(view.rematch_of)).then(({ data }) => setHeldFor(data.seats.map((s) => s.name))).catch(() => {});
  }, [view.rematch_of]);
  const join = async (e) => {
    e.preventDefault();
    setError(null);
    const chosen = name.trim() || 'Player';
    try {
      prefs.set('name', name.trim());
      const { data } = await api('POST', `${gamePath(gameId)}/players`, { body: { name: chosen } });
      seats.set(gameId, { token: data.token, seat: data.seat, variant: view.variant });
      onJoined(data.token);
    } catch (err) {
      setError(err);
    }
  };
  const addBot = async (seat) => {
    setError(null);
    try {
      await api('POST', `${gamePath(gameId)}/bots`, { token, body: { level, seat } });
    } catch (err) {
      setError(err);
    }
  };
  const open = view.seats.filter((s) => !s.player_id && !s.reserved).length;
  return html`<div class="waiting">
    <p class="big-line">Waiting for players: <strong>${taken} of ${view.seats.length}</strong> seats taken.</p>
    ${rigged(view) && html`<p class="notice" role="note" data-rigged-warning=${rigged(view)}><strong>The creator of this
      table may know the cards.</strong> ${riggedWords(view)} Take a seat only if you trust them.</p>`}
    ${view.fill_with_bots_at && html`<p>Empty seats get bots in <${Countdown} deadline=${view.fill_with_bots_at} label="until bots fill the table" />.</p>`}
    <${SeatRing} view=${view} me=${you ?? 0} you=${you} seats=${view.seats.map((_, i) => i).filter((i) => i !== you)} live=${true}
      label="Seats" onAddBot=${token && you != null ? addBot : null} heldFor=${heldFor} />
    <p>Share the table: <${CopyButton} label="Copy invite link" text=${() => `${location.origin}/play/${encodeURIComponent(gameId)}`} /></p>
    ${token && you != null ? html`<div class="inline-form">
        <label>Level of the bots you add <select value=${level} onChange=${(e) => setLevel(e.currentTarget.value)}>
          <option value="easy">Easy</option><option value="normal">Normal</option><option value="hard">Hard</option></select></label></div>`
    : open > 0 && html`<form class="inline-form" onSubmit=${join}>
        <label>Your name <input maxlength="40" placeholder="Player" value=${name} onInput=${(e) => setName(e.currentTarget.value)} autocomplete="nickname" /></label>
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

