// /replay/{game_id}: step through a finished game (or a running one, with the auditor
// token: /replay/{id}#token=T) with GET /replay?at=N, every hand visible, and the audit.
import { html, useEffect, useRef, useState } from '../vendor/preact-htm.js';
import { api, gamePath } from './api.js';
import { Center, SeatRing, Standings } from './board.js';
import { lastMoves, topAt } from './follow.js';
import { capitalise, has, language, rtl, t, tx } from './i18n.js';
import { EventLog } from './log.js';
import { Problem, SiteHeader, seatName, useVariantName } from './ui.js';
import { describe, logLines } from './words.js';

const TOKEN_KEY = 'macau:replay-token:';

function replayToken(gameId) {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const fromLink = params.get('token');
  try {
    if (fromLink) {
      history.replaceState(null, '', window.location.pathname + window.location.search);
      window.sessionStorage.setItem(TOKEN_KEY + gameId, fromLink);
      return fromLink;
    }
    return window.sessionStorage.getItem(TOKEN_KEY + gameId);
  } catch (e) {
    return fromLink;
  }
}

async function allEvents(gameId, token) {
  const out = [];
  for (;;) {
    const after = out.length ? out[out.length - 1].seq : 0;
    const { data } = await api('GET', `${gamePath(gameId)}/events?after=${after}&limit=1000`, { token });
    out.push(...data.events);
    if (!data.events.length || out[out.length - 1].seq >= data.version) return out;
  }
}

export function ReplayPage({ gameId }) {
  const [token] = useState(() => replayToken(gameId));
  const [events, setEvents] = useState(null);
  const [at, setAt] = useState(null);
  const [state, setState] = useState(null);
  const [audit, setAudit] = useState(null);
  const [error, setError] = useState(null);
  const [auditError, setAuditError] = useState(null);
  const cache = useRef(new Map());

  useEffect(() => {
    allEvents(gameId, token).then((evs) => {
      setEvents(evs);
      // it opens at the first deal, to be played or stepped through
      setAt((evs.find((e) => e.type === 'round_started') || evs[0] || { seq: 1 }).seq);
    }).catch(setError);
    api('GET', `${gamePath(gameId)}/audit`, { token }).then(({ data }) => setAudit(data)).catch(setAuditError);
  }, [gameId]);

  useEffect(() => {
    if (at == null) return undefined;
    let alive = true;
    const hit = cache.current.get(at);
    if (hit) {
      setState(hit);
      return undefined;
    }
    api('GET', `${gamePath(gameId)}/replay?at=${at}`, { token }).then(({ data }) => {
      cache.current.set(at, data);
      if (alive) setState(data);
    }).catch((e) => alive && setError(e));
    return () => { alive = false; };
  }, [at]);

  const last = events && events.length ? events[events.length - 1].seq : 1;
  const clamp = (n) => Math.min(Math.max(1, n), last);
  const goTo = (n) => setAt(clamp(n));
  // where a turn, and a round, begins: the stops of the jumps and of autoplay
  const turns = events ? events.filter((e) => e.type === 'turn_started').map((e) => e.seq) : [];
  const rounds = events ? events.filter((e) => e.type === 'round_started').map((e) => e.seq) : [];
  const next = (stops, a) => stops.find((s) => s > a) ?? last;
  const prev = (stops, a) => [...stops].reverse().find((s) => s < a) ?? 1;
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState('1');

  useEffect(() => { // autoplay: turn after turn, at the chosen speed, until the end
    if (!playing || at == null) return undefined;
    if (at >= last) {
      setPlaying(false);
      return undefined;
    }
    const id = setTimeout(() => setAt((a) => next(turns, a)), 1200 / Number(speed));
    return () => clearTimeout(id);
  }, [playing, at, speed, last]);

  useEffect(() => { // keys step through the game (not while typing in a field)
    const onKey = (e) => {
      if (e.target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return; // the slider has its own keys
      if (e.ctrlKey || e.metaKey) return;
      if (e.key === ' ' && !(e.target && e.target.tagName === 'BUTTON')) {
        e.preventDefault();
        setPlaying((p) => !p);
        return;
      }
      if (e.altKey) return;
      const back = rtl() ? 'ArrowRight' : 'ArrowLeft'; // earlier is where the page begins: the left, or the right
      const step = {
        [back]: (a) => (e.shiftKey ? prev(turns, a) : a - 1),
        [back === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft']: (a) => (e.shiftKey ? next(turns, a) : a + 1),
        PageUp: (a) => prev(rounds, a),
        PageDown: (a) => next(rounds, a),
        Home: () => 1,
        End: () => last,
      }[e.key];
      if (!step) return;
      e.preventDefault();
      setAt((a) => (a == null ? a : clamp(step(a))));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last, turns.length, rounds.length]);

  const variantName = useVariantName(state && state.variant);
  useEffect(() => { document.title = t('replay.page_title', { variant: variantName || t('replay.game') }); }, [variantName]);

  if (error && !state) {
    const forbidden = error.status === 403;
    return html`<${SiteHeader} /><main class="page narrow">
      <h1>${error.status === 404 ? t('replay.no_such_game') : forbidden ? t('replay.not_finished') : t('replay.cannot_load')}</h1>
      <p role="alert"><${Problem} error=${error} /></p>
      ${forbidden && html`<p>${tx('replay.forbidden_help', { link: html`<code>/replay/${gameId}#token=…</code>` })}
        ${' '}<a href=${`/play/${encodeURIComponent(gameId)}`}>${t('replay.watch')}</a></p>`}
      <p><a href="/">${t('common.back_to_lobby')}</a></p></main>`;
  }
  if (!events || !state) return html`<${SiteHeader} /><main class="page narrow"><p role="status">${t('replay.loading')}</p></main>`;

  const event = events.find((e) => e.seq === at);
  const ctx = { name: (s) => seatName(state, s, null), you: null, callWord: state.call_word, variantName };
  const shown = events.filter((e) => e.seq <= at);
  const round = rounds.filter((r) => r <= at).length;
  const turn = turns.filter((x) => x <= at).length;
  const lasts = lastMoves(events, at);
  const top = topAt(events, at);
  const button = (label, to, disabled, cls = '') => html`<button type="button" class=${cls} onClick=${() => goTo(to)} disabled=${disabled}>${label}</button>`;
  return html`<${SiteHeader}><a href=${`/play/${encodeURIComponent(gameId)}`}>${t('replay.table')}</a><//>
    <main id="replay" class="replay-page" data-status=${state.status} data-version=${String(state.version)}
      data-current-seat=${state.current_seat == null ? '' : String(state.current_seat)}>
      <h1 class="table-title">${t('replay.title', { variant: variantName })} <span class="muted">· ${state.round ? t('table.round', { n: state.round }) : t('replay.before_deal')}</span></h1>
      <section class="replay-controls" aria-label=${t('replay.controls')}>
        <div class="buttons">
          ${button(t('replay.first'), 1, at <= 1, 'far')}
          ${button(t('replay.prev_round'), prev(rounds, at), at <= 1)}
          ${button(t('replay.prev_turn'), prev(turns, at), at <= 1)}
          ${button(t('replay.previous'), at - 1, at <= 1)}
          ${button(t('replay.next'), at + 1, at >= last)}
          ${button(t('replay.next_turn'), next(turns, at), at >= last)}
          ${button(t('replay.next_round'), next(rounds, at), at >= last)}
          ${button(t('replay.last'), last, at >= last, 'far')}
        </div>
        <div class="autoplay">
          <button type="button" class="primary" aria-pressed=${playing ? 'true' : 'false'} data-autoplay=${playing ? 'on' : 'off'}
            onClick=${() => { if (at >= last) goTo(1); setPlaying(!playing); }}>${playing ? t('replay.pause') : t('replay.autoplay')}</button>
          <label><span class="speed-word">${t('replay.speed')}</span> <select value=${speed} onChange=${(e) => setSpeed(e.currentTarget.value)}>
            <option value="0.5">½×</option><option value="1">1×</option><option value="2">2×</option><option value="4">4×</option>
          </select></label>
          <label class="scrub"><span class="sr-only">${t('replay.event')}</span>
            <input type="range" min="1" max=${String(last)} value=${String(at)} onInput=${(e) => goTo(Number(e.currentTarget.value))} /></label>
        </div>
        <p class="at" data-at=${String(at)} data-round=${String(round)} data-turn=${String(turn)} aria-live="polite">
          <span class="at-n">${t('replay.event_of', { at, last })}</span>
          <span class="muted">${t('replay.round_turn', { round, rounds: rounds.length, turn, turns: turns.length })}</span>
          <span class="at-text">${event ? capitalise(describe(event, ctx, events.find((e) => e.seq === at - 1))) : ''}</span></p>
      </section>
      <section class="felt" aria-label=${t('replay.felt')}>
        <${SeatRing} view=${state} me=${0} you=${null} seats=${state.seats.map((_, i) => i)} hands=${state.hands} lasts=${lasts}
          live=${false} label=${t('replay.players')}>
          ${state.top_card ? html`<${Center} view=${state} you=${null} top=${top && top.code === state.top_card ? top : null} />`
    : html`<p class="big-line">${t('replay.no_card')}</p>`}
        <//>
      </section>
      <div class="side">
        <p class="muted keys">${t('replay.keys')}</p>
        ${state.result && html`<${Standings} view=${state} you=${null} title=${t('replay.final')}
          places=${Object.fromEntries(state.result.standings.map((s) => [s.seat, s.place]))} scores=${state.scores} />`}
        <${Audit} audit=${audit} error=${auditError} />
        <${EventLog} lines=${logLines(shown, ctx)} title=${t('replay.log')} what=${t('replay.the_log')} />
      </div>
    </main>`;
}

// a check's name and the service's own (English) words about it
const checkName = (name) => (has(`audit.check.${name}`) ? t(`audit.check.${name}`) : name.replace(/_/g, ' '));
const serviceWords = (text) => (language() === 'en' ? text : html`<span lang="en">${text}</span>`);

function Audit({ audit, error }) {
  if (error) {
    return html`<section class="audit card-panel" aria-labelledby="audit-h"><h2 id="audit-h">${t('audit.title')}</h2>
      <p><${Problem} error=${error} /></p></section>`;
  }
  if (!audit) return html`<section class="audit card-panel"><h2>${t('audit.title')}</h2><p role="status">${t('audit.checking')}</p></section>`;
  return html`<section class="audit card-panel" aria-labelledby="audit-h" data-verified=${String(audit.verified)}>
    <h2 id="audit-h">${tx('audit.heading', { result: audit.verified ? html`<span class="ok">${t('audit.verified')}</span>` : html`<span class="bad">${t('audit.not_verified')}</span>` })}</h2>
    <p class="muted">${t('audit.events', { n: audit.events })}</p>
    <ul class="checks">
      ${audit.checks.map((c) => html`<li key=${c.name} data-check=${c.name} data-ok=${String(c.ok)} class=${c.ok ? 'ok' : 'bad'}>
        <span class="mark" aria-hidden="true">${c.ok ? '✓' : '✗'}</span>
        <span><strong>${checkName(c.name)}</strong>: ${c.ok ? t('audit.passed') : t('audit.failed')}<br /><span class="muted">${serviceWords(c.detail)}</span></span>
      </li>`)}
    </ul>
  </section>`;
}
