// /play/{game_id}: a seat at the table (with its token), or a spectator (without).
import { html, useEffect, useRef, useState } from '../vendor/preact-htm.js';
import { api, gamePath, prefs, seats, takeTokenFromFragment } from './api.js';
import { Center, SeatRing, Standings, hasClock } from './board.js';
import { ROUND_END_MS, STEP_MS, chime, faceOf, fly, lastMoves, rectOf, tableAt, topAt, usePacedVersion, usePref } from './follow.js';
import { Hand, movesWords } from './hand.js';
import { capitalise, num, t, tx } from './i18n.js';
import { EventLog } from './log.js';
import { askToNotify, notificationsSupported, useHidden, useTurnNotification } from './notify.js';
import { openStream } from './stream.js';
import { Countdown, CopyButton, LanguageSelect, Problem, SiteHeader, seatName, useTicker, useVariantName } from './ui.js';
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
  const [roundWait, setRoundWait] = usePref('round-end', 'timed');
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
              setNotice(t('table.seat_lost'));
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
      onEvents: (batch, frame) => {
        if (batch.length) {
          setEvents((old) => {
            const all = old.concat(batch);
            return all.length > KEEP_EVENTS ? all.slice(all.length - KEEP_EVENTS) : all;
          });
        }
        // our turn frame holds our view at the batch's end: no read of the game needed
        const last = batch.length ? batch[batch.length - 1].seq : 0;
        if (frame && frame.game && frame.game.version >= last) accept(frame.game);
        else refresher.current();
      },
      onStatus: (s, status) => {
        setLink(s);
        if (s === 'live') refresher.current(); // whatever happened while we were away
        if (s === 'closed' && status === 404) setLoadError({ status: 404, code: 'game_not_found', detail: t('table.no_such_game') });
      },
    });
    return () => {
      alive = false;
      stream.close();
    };
  }, [gameId, token]);

  const you = view && view.you ? view.you.seat : null;
  const [shownSeq, endStep] = usePacedVersion(view, events, you, pace === 'on', roundWait === 'tap');
  const paced = !!view && shownSeq < view.version;
  // a step held on screen, another seat's move or the end of a round (not a lobby event,
  // nor the moment a view waits for the events that lead to it): what data-paced and
  // data-current-seat then speak of
  const shownEvent = paced ? events.find((e) => e.seq === shownSeq) : null;
  const roundEnd = shownEvent && shownEvent.type === 'round_ended' ? shownEvent : null;
  const moving = !!shownEvent && !!STEP_MS[shownEvent.type] && shownEvent.seat != null && shownEvent.seat !== you;
  const stepping = moving || !!roundEnd;
  const acting = moving ? shownEvent.seat : null;
  const myTurn = !!view && !paced && view.status === 'playing' && view.current_seat === you && you != null;
  // the table as it stood at the step shown (the view is the latest state)
  const shown = view && paced ? viewAt(view, events, shownSeq, acting, you) : view;

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
    if (view) {
      const title = t('table.page_title', { variant: variantName, status: statusWords(view, myTurn) });
      document.title = hidden && mustAct ? t('table.page_title_turn', { title }) : title;
    }
  }, [view, variantName, myTurn, hidden, mustAct]);
  useTurnNotification(mustAct, hidden, notify === 'on',
    { title: t('notify.title'), body: t('notify.body', { variant: variantName }), tag: `macau-${gameId}` });

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

  const ctx = view && { name: (s) => seatName(view, s, you), you, callWord: view.call_word, variantName };
  const allLines = view ? logLines(events, ctx) : [];
  const announced = useAnnouncements(view, allLines, shownSeq, myTurn, view && view.you && myTurn ? movesWords(view) : '');

  if (loadError && !view) {
    return html`<${SiteHeader} />
      <main class="page narrow"><h1>${loadError.status === 404 ? t('table.no_such_table') : t('table.cannot_load')}</h1>
      <p role="alert"><${Problem} error=${loadError} /></p><p><a href="/">${t('common.back_to_lobby')}</a></p></main>`;
  }
  if (!view) return html`<${SiteHeader} /><main class="page narrow"><p class="loading" role="status">${t('table.loading')}</p></main>`;

  const shownEvents = paced ? events.filter((e) => e.seq <= shownSeq) : events;
  const lines = logLines(shownEvents, ctx);
  const others = view.seats.map((_, i) => i).filter((i) => i !== you);
  const lasts = lastMoves(events, shownSeq);
  const top = topAt(events, paced ? shownSeq : view.version);
  const topShown = paced ? top : (top && top.code === view.top_card ? top : null);
  const ended = shown.status === 'finished';
  const actingEvent = moving ? shownEvent : null;

  return html`<${SiteHeader} language=${false}>
      <${TableMenu} gameId=${gameId} ended=${ended} pace=${pace} setPace=${setPace} sound=${sound} setSound=${setSound}
        notify=${notify} setNotify=${setNotify} roundWait=${roundWait} setRoundWait=${setRoundWait} />
      ${token && you != null && html`<${SeatMenu} gameId=${gameId} token=${token} view=${view} onLeft=${() => { seats.forget(gameId); setToken(null); }} />`}
    <//>
    <main id="table" class=${`table-page ${you == null ? 'spectating' : ''} ${ended ? 'ended' : ''}`} data-status=${shown.status}
      data-version=${String(paced ? shownSeq : view.version)}
      data-current-seat=${paced ? String(acting ?? '') : (view.current_seat == null ? '' : String(view.current_seat))}
      data-your-seat=${you == null ? undefined : String(you)} data-paced=${stepping ? 'true' : 'false'}>
      <div class="table-bar">
        <h1 class="table-title">${variantName}<span class="muted"> · ${shown.status === 'waiting' ? t('table.waiting_for_players') : t('table.round', { n: shown.round })}</span>
          ${you == null && html`<span class="tag">${t('table.spectating')}</span>`}
          ${rigged(view) && html`<span class="tag warn" data-rigged=${rigged(view)}
            title=${riggedWords(view)}>${t('table.rigged_tag')}</span>`}</h1>
        <div class=${`link-state ${ended ? 'over' : link}`} role="status">${ended ? t('table.game_over') : linkWords(link)}</div>
      </div>
      <div class="main-col">
      ${notice && html`<p class="notice" role="status">${notice}</p>`}
      <section class="felt" aria-label=${t('table.felt')}>
        ${shown.status === 'waiting' ? html`<${Waiting} view=${view} gameId=${gameId} token=${token} you=${you}
            onJoined=${(tk) => setToken(tk)} />`
    : html`<${SeatRing} view=${shown} me=${you ?? 0} you=${you} seats=${you == null ? view.seats.map((_, i) => i) : others} lasts=${lasts}
            acting=${acting} live=${!paced} label=${t('table.players')}>
            ${roundEnd ? html`<${RoundEnd} event=${roundEnd} view=${shown} you=${you} onNext=${endStep} timed=${roundWait !== 'tap'} />`
    : html`<${Center} view=${shown} you=${you} top=${topShown} paced=${paced} />
            <${TurnLine} view=${shown} you=${you} acting=${actingEvent} ctx=${ctx} myTurn=${myTurn} />`}
          <//>`}
      </section>
      <div class="alert-slot" role="alert">${alert && html`<p class="alert"><strong>${t('table.move_rejected')}</strong> <${Problem} error=${alert} />
        <button type="button" class="ghost small" onClick=${() => setAlert(null)}>${t('common.dismiss')}</button></p>`}</div>
      ${ended && html`<${GameOver} view=${view} you=${you} gameId=${gameId} token=${token} events=${events} />`}
      ${you != null && shown.status === 'playing' && html`<${Hand} view=${shown} gameId=${gameId} busy=${busy} paced=${paced}
        roundOver=${!!roundEnd || shown.round !== view.round} onMove=${move} onPlayFrom=${onPlayFrom} />`}
      </div>
      <div class="side">
        <${EventLog} lines=${lines} />
      </div>
      <${Announcer} items=${announced} />
    </main>`;
}

// The view as it stood after event `seq` (a step being shown): hand sizes, scores, piles
// and round from the events; nothing pending shown; for an earlier round the hand as it
// ended and no move offered.
export function viewAt(view, events, seq, acting, you) {
  const at = tableAt(events, seq, you);
  if (!at) return { ...view, current_seat: acting };
  const earlier = at.round !== view.round;
  return {
    ...view,
    status: 'playing',
    round: at.round,
    dealer_seat: at.dealer,
    stock_size: at.stock ?? view.stock_size,
    discard_size: at.discard,
    direction: at.direction || view.direction,
    current_seat: acting,
    announcement: earlier ? null : view.announcement,
    pending: earlier ? {} : view.pending,
    free_play: earlier ? false : view.free_play,
    seats: view.seats.map((s, i) => ({ ...s, hand_size: at.sizes[i], score: at.scores[i], out: at.out[i], place: at.places[i] })),
    you: view.you && earlier && at.hand ? { ...view.you, hand: at.hand, legal_moves: [] } : view.you,
  };
}

// What a screen reader says, once each: every move of every seat as it is shown (in the
// words of the log), and that it is your turn with what you may do. The history a page
// loads with is not read out.
function useAnnouncements(view, lines, shownSeq, myTurn, moves) {
  const spoken = useRef(null); // the last seq read out
  const [items, setItems] = useState([]);
  const turnSaid = useRef(false);
  useEffect(() => {
    if (!view) return;
    if (spoken.current == null) {
      spoken.current = shownSeq;
      turnSaid.current = myTurn;
      return;
    }
    const fresh = lines.filter((l) => !l.quiet && l.first > spoken.current && l.first <= shownSeq)
      .map((l) => ({ key: `e${l.first}`, first: l.first, last: l.last, text: l.text }));
    spoken.current = Math.max(spoken.current, shownSeq);
    if (myTurn && !turnSaid.current) fresh.push({ key: `t${shownSeq}`, text: capitalise(moves ? t('announce.your_turn_moves', { moves }) : t('announce.your_turn')) });
    turnSaid.current = myTurn;
    if (fresh.length) setItems((old) => old.concat(fresh).slice(-8));
  }, [view && view.version, shownSeq, lines.length, myTurn]);
  return items;
}

function Announcer({ items }) {
  return html`<div class="sr-only" aria-live="polite" aria-relevant="additions" data-announcer>
    ${items.map((i) => html`<p key=${i.key} data-first-seq=${i.first} data-last-seq=${i.last}>${i.text}</p>`)}
  </div>`;
}

// The end of a round on the felt: who won it and the round's scores, until the next deal
// (it comes by itself after a while, or at once with "Next deal").
function RoundEnd({ event, view, you, onNext, timed }) {
  const [since] = useState(() => Date.now());
  useTicker(250);
  const d = event.data;
  const firsts = (d.standings || []).map((p, s) => [p, s]).filter(([p]) => p === 1).map(([, s]) => s);
  const title = firsts.length !== 1 ? t('round_end.over', { round: d.round })
    : firsts[0] === you ? t('round_end.won.you', { round: d.round }) : t('round_end.won', { who: seatName(view, firsts[0], you), round: d.round });
  const rows = view.seats.map((_, i) => i).sort((a, b) => (d.standings[a] ?? 99) - (d.standings[b] ?? 99) || a - b);
  const left = Math.max(0, Math.ceil((ROUND_END_MS - (Date.now() - since)) / 1000));
  return html`<section class="round-end" data-round-end=${String(d.round)} aria-labelledby="round-end-title">
    <h2 id="round-end-title">${title}</h2>
    <table>
      <caption class="sr-only">${t('round_end.caption', { round: d.round })}</caption>
      <thead><tr><th scope="col">${t('standings.player')}</th><th scope="col" class="num">${t('round_end.points')}</th>
        <th scope="col" class="num">${t('standings.score')}</th></tr></thead>
      <tbody>${rows.map((s) => html`<tr key=${s} class=${s === you ? 'mine' : ''} data-standing-seat=${String(s)}>
        <th scope="row">${seatName(view, s, you)}</th><td class="num">${num((d.points || [])[s] ?? 0)}</td><td class="num">${num(d.scores[s])}</td></tr>`)}</tbody>
    </table>
    <p class="next-deal"><button type="button" class="primary" onClick=${onNext}>${t('round_end.next')}</button>
      ${timed && html`<span class="muted" aria-hidden="true">${t('round_end.next_in', { n: left })}</span>`}</p>
  </section>`;
}

// a table whose cards its creator may know (API: seeded, fixed_deal): 'deal', 'seed' or null
function rigged(view) {
  return view.fixed_deal ? 'deal' : view.seeded ? 'seed' : null;
}

function riggedWords(view) {
  return view.fixed_deal ? t('table.rigged_deal') : t('table.rigged_seed');
}

function statusWords(view, myTurn) {
  if (view.status === 'waiting') return t('table.status_waiting');
  if (view.status === 'finished') return t('table.status_over');
  return myTurn ? t('table.status_your_turn') : t('table.status_playing');
}

const LINKS = new Set(['live', 'connecting', 'reconnecting', 'closed']);
const linkWords = (link) => (LINKS.has(link) ? t(`link.${link}`) : link);

function TurnLine({ view, you, acting, ctx, myTurn }) {
  if (view.status !== 'playing') return null;
  if (acting) return html`<p class="turn-line moving"><span>${capitalise(describe(acting, ctx))}</span></p>`;
  const cur = view.current_seat;
  return html`<p class=${`turn-line ${myTurn ? 'mine' : ''}`}>
    <span>${myTurn ? html`<strong>${t('table.your_turn')}</strong>` : t('table.to_play', { who: seatName(view, cur, you) })}</span>
    ${hasClock(view.seats[cur]) && html`${' '}<${Countdown} deadline=${view.turn_deadline} label=${t('clock.turn')} />`}
  </p>`;
}

function TableMenu({ gameId, ended, pace, setPace, sound, setSound, notify, setNotify, roundWait, setRoundWait }) {
  const [refused, setRefused] = useState(false);
  const toggleNotify = async (on) => {
    if (!on) return setNotify('off');
    const answer = await askToNotify();
    setRefused(answer !== 'granted');
    setNotify(answer === 'granted' ? 'on' : 'off');
  };
  return html`<details class="menu"><summary>${t('menu.menu')}</summary><div class="menu-body settings">
    <${CopyButton} label=${t('menu.copy_watch_link')} text=${() => `${location.origin}/play/${encodeURIComponent(gameId)}`} />
    ${ended && html`<a class="button" href=${`/replay/${encodeURIComponent(gameId)}`}>${t('menu.replay')}</a>`}
    <label class="check"><input type="checkbox" checked=${pace === 'on'} onChange=${(e) => setPace(e.currentTarget.checked ? 'on' : 'off')} />
      ${t('menu.pace')}</label>
    <label class="check"><input type="checkbox" checked=${roundWait === 'tap'} onChange=${(e) => setRoundWait(e.currentTarget.checked ? 'tap' : 'timed')} />
      ${t('menu.round_wait')}</label>
    <label class="check"><input type="checkbox" checked=${sound === 'on'} onChange=${(e) => setSound(e.currentTarget.checked ? 'on' : 'off')} />
      ${t('menu.sound')}</label>
    ${notificationsSupported() && html`<label class="check"><input type="checkbox" checked=${notify === 'on'}
        onChange=${(e) => toggleNotify(e.currentTarget.checked)} />
      ${t('menu.notify')}</label>`}
    ${refused && html`<p class="muted" role="status">${t('menu.notify_refused')}</p>`}
    <${LanguageSelect} />
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
    ${view.result && html`<${Standings} view=${view} you=${you} title=${t('table.game_over')} places=${places} scores=${view.scores} />`}
    ${offer && html`<p class="rematch-news" role="status" data-rematch=${offer}>${canAsk && !joined ? t('rematch.open_held') : t('rematch.open')}</p>`}
    <p class="after-game">
      ${canAsk && !joined && html`<button type="button" class="primary" disabled=${asking} onClick=${rematch}>
        ${offer ? t('rematch.join') : t('rematch.ask')}</button>`}
      ${joined && html`<a class="button primary" href=${`/play/${encodeURIComponent(offer)}`}>${t('rematch.go')}</a>`}
      ${offer && !canAsk && html`<a class="button" href=${`/play/${encodeURIComponent(offer)}`}>${t('rematch.watch')}</a>`}
      <a class=${`button ${canAsk || offer ? '' : 'primary'}`} href=${`/replay/${encodeURIComponent(gameId)}`}>${t('table.replay_audit')}</a>
      <a class="button" href="/">${t('table.new_table')}</a></p>
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
    api('GET', gamePath(view.rematch_of)).then(({ data }) => setHeldFor(data.seats.map((s, i) => seatName(data, i, null)))).catch(() => {});
  }, [view.rematch_of]);
  const join = async (e) => {
    e.preventDefault();
    setError(null);
    const chosen = name.trim() || t('common.player');
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
  return html`<div class="waiting-room">
    <p class="big-line">${tx('waiting.taken', { count: html`<strong>${t('waiting.of', { taken, seats: view.seats.length })}</strong>` })}</p>
    ${rigged(view) && html`<p class="notice" role="note" data-rigged-warning=${rigged(view)}><strong>${t('waiting.rigged')}</strong>
      ${' '}${riggedWords(view)} ${t('waiting.rigged_trust')}</p>`}
    ${view.fill_with_bots_at && html`<p>${tx('waiting.bots_in', { clock: html`<${Countdown} deadline=${view.fill_with_bots_at} label=${t('clock.fill')} />` })}</p>`}
    <${SeatRing} view=${view} me=${you ?? 0} you=${you} seats=${view.seats.map((_, i) => i).filter((i) => i !== you)} live=${true}
      label=${t('waiting.seats')} onAddBot=${token && you != null ? addBot : null} heldFor=${heldFor} />
    <p>${t('waiting.share')} <${CopyButton} label=${t('waiting.copy_invite')} text=${() => `${location.origin}/play/${encodeURIComponent(gameId)}`} /></p>
    ${token && you != null ? html`<div class="inline-form">
        <label>${t('waiting.bot_level')} <select value=${level} onChange=${(e) => setLevel(e.currentTarget.value)}>
          <option value="easy">${t('level.easy')}</option><option value="normal">${t('level.normal')}</option><option value="hard">${t('level.hard')}</option></select></label></div>`
    : open > 0 && html`<form class="inline-form" onSubmit=${join}>
        <label>${t('lobby.your_name')} <input maxlength="40" placeholder=${t('common.player')} value=${name} onInput=${(e) => setName(e.currentTarget.value)} autocomplete="nickname" /></label>
        <button type="submit" class="primary">${t('waiting.join')}</button></form>`}
    ${error && html`<p class="alert" role="alert"><${Problem} error=${error} /></p>`}
  </div>`;
}

function SeatMenu({ gameId, token, view, onLeft }) {
  const leave = async () => {
    if (!window.confirm(t('seat_menu.leave_confirm'))) return;
    try {
      await api('POST', `${gamePath(gameId)}/leave`, { token });
    } finally {
      onLeft();
    }
  };
  return html`<details class="menu"><summary>${t('seat_menu.menu')}</summary><div class="menu-body">
    <${CopyButton} label=${t('seat_menu.copy_link')} done=${t('seat_menu.copied')}
      text=${() => `${location.origin}/play/${encodeURIComponent(gameId)}#token=${encodeURIComponent(token)}`} />
    ${view.status !== 'finished' && html`<button type="button" class="ghost danger" onClick=${leave}>${t('seat_menu.leave')}</button>`}
  </div></details>`;
}
