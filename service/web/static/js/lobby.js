// /: the lobby. Start a table (quick play, or one set up here), join or watch a public
// table, resume a table this browser holds a seat at.
import { html, useEffect, useState } from '../vendor/preact-htm.js';
import { api, asPlayer, ensurePlayer, gamePath, player, prefs, seats } from './api.js';
import { t, tx, unit } from './i18n.js';
import { RulesEditor, fieldFor, leaves, overrides } from './rules.js';
import { PlayerLinks, Problem, SiteHeader, botWords, loadVariants, shownName, variantName } from './ui.js';

const LEVELS = ['easy', 'normal', 'hard', 'human'];
const levelWords = (level) => (level === 'human' ? t('lobby.a_person') : botWords(level));
// how long a person's seat at a table set up here waits before a bot takes it: by default, for good
const PERSON_WAITS = [['', () => t('lobby.wait_for_them')], ['60', () => t('lobby.bots_after', { time: unit(1, 'minute') })],
  ['300', () => t('lobby.bots_after', { time: unit(5, 'minute') })]];
const CLOCKS = [['', () => t('lobby.clock_off')], ['30', () => unit(30, 'second')], ['60', () => unit(1, 'minute')],
  ['120', () => unit(2, 'minute')], ['300', () => unit(5, 'minute')]];
const POLL_MS = 3000;
// correspondence tables: a turn may take days (webhooks tell a phone when it is its turn)
const DAY_CLOCKS = [['86400', () => unit(1, 'day')], ['259200', () => unit(3, 'day')], ['604800', () => unit(7, 'day')]];
const FILL_AFTER = [['5', () => unit(5, 'second')], ['20', () => unit(20, 'second')], ['60', () => unit(1, 'minute')],
  ['', () => t('lobby.never')]];

// The name typed in the lobby is the player's: kept for the next visit, and given to the
// player (whose name a seat taken with his key shows) when it changed.
async function useName(typed) {
  const name = (typed || '').trim();
  prefs.set('name', name);
  const me = player.get();
  if (me && name && name !== me.name) {
    try {
      await asPlayer('PATCH', '/players/me', { body: { name } });
      player.set({ ...me, name });
    } catch (e) {
      // kept as it was: the seat takes the player's name
    }
  }
}

function go(gameId) {
  window.location.assign(`/play/${encodeURIComponent(gameId)}`);
}

export function LobbyPage() {
  const [variants, setVariants] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    document.title = t('lobby.page_title');
    loadVariants().then(setVariants).catch(setError);
    ensurePlayer(prefs.get('name', '')).catch(() => {}); // without one, play stays anonymous
  }, []);
  return html`<${SiteHeader}><${PlayerLinks} /><a href="/docs">${t('nav.api_docs')}</a><//>
    <main class="page lobby">
      <h1 class="sr-only">${t('lobby.heading')}</h1>
      ${error && html`<p class="alert" role="alert"><${Problem} error=${error} /></p>`}
      <div class="lobby-grid">
        ${variants ? html`<${StartForm} variants=${variants} />` : html`<p role="status">${t('common.loading')}</p>`}
        <div class="lobby-side">
          <${YourTables} variants=${variants || []} />
          <${PublicTables} variants=${variants || []} />
        </div>
      </div>
    </main>`;
}

function StartForm({ variants }) {
  const [name, setName] = useState(() => prefs.get('name', ''));
  const [variant, setVariant] = useState(() => prefs.get('variant', 'macau'));
  const [seatsN, setSeatsN] = useState(4);
  const [levels, setLevels] = useState(['normal', 'normal', 'hard']);
  const [clock, setClock] = useState('60');
  const [botDelay, setBotDelay] = useState('1');
  const [fillAfter, setFillAfter] = useState('20');
  const [personWait, setPersonWait] = useState('');
  const [isPublic, setPublic] = useState(true);
  const [rated, setRated] = useState(true);
  const [seed, setSeed] = useState('');
  const [base, setBase] = useState('macau');
  const [baseRules, setBaseRules] = useState(null);
  const [edits, setEdits] = useState({});
  const [errors, setErrors] = useState({});
  const [formError, setFormError] = useState(null);
  const [busy, setBusy] = useState(false);

  const v = variants.find((x) => x.id === variant) || variants[0];
  const presets = variants.filter((x) => x.id !== 'custom');
  const min = v.players.min;
  const max = v.players.max;
  const n = Math.min(Math.max(seatsN, min), max);
  const opponents = Array.from({ length: n - 1 }, (_, i) => levels[i] || 'normal');

  const remember = async () => {
    prefs.set('variant', variant);
    await useName(name);
  };
  const ratable = variant !== 'custom' && clock !== '' && seed.trim() === '';

  const fail = (e) => {
    const fieldErrors = {};
    const rest = [];
    if (e.status === 400 && e.detail) {
      const rulePaths = baseRules ? leaves(baseRules).map((l) => l.path) : [];
      // several marshmallow messages are joined with "; "; a rule set error names one parameter
      const parts = e.code === 'invalid_request' ? e.detail.split('; ') : [e.detail];
      for (const part of parts) {
        const param = part.split(':')[0].trim();
        const message = part.slice(param.length + 1).trim() || part;
        if (param === 'rules.base') fieldErrors['rules.base'] = message;
        else if (param.startsWith('rules.') && variant === 'custom' && fieldFor(param, rulePaths)) {
          fieldErrors[fieldFor(param, rulePaths)] = `${param.replace(/^rules\./, '')}: ${message}`;
        } else if (['variant', 'seats', 'name', 'players', 'bot_delay_s', 'turn_timeout_s', 'seed'].includes(param.split('.')[0].split('[')[0])) {
          fieldErrors[param.split('.')[0].split('[')[0]] = message;
        } else rest.push(part);
      }
    }
    setErrors(fieldErrors);
    setFormError(Object.keys(fieldErrors).length && !rest.length ? null : { ...e, detail: rest.join('; ') || e.detail });
    setTimeout(() => { // take the keyboard to the first field in error
      const bad = document.querySelector('[aria-invalid="true"]');
      if (bad) bad.focus();
    }, 0);
  };

  const submit = async (kind) => {
    setBusy(true);
    setErrors({});
    setFormError(null);
    await remember();
    try {
      if (kind === 'quick') {
        const body = { variant, seats: n, name: name.trim() || t('common.player'),
          fill_with_bots_after_s: fillAfter === '' ? null : Number(fillAfter) };
        const { data } = await asPlayer('POST', '/quickplay', { body });
        seats.set(data.game_id, { token: data.token, seat: data.seat, variant: body.variant });
        go(data.game_id);
        return;
      }
      const body = {
        variant, seats: n, players: [{ name: name.trim() || t('common.player') }],
        bots: opponents.filter((l) => l !== 'human').map((level) => ({ level })),
        bot_delay_s: Number(botDelay), turn_timeout_s: clock === '' ? null : Number(clock), public: isPublic,
      };
      if (opponents.includes('human') && personWait !== '') body.fill_with_bots_after_s = Number(personWait);
      if (seed.trim() !== '') {
        // a seeded table is private: whoever chose the seed may know every card
        body.seed = /^-?\d+$/.test(seed.trim()) ? Number(seed.trim()) : seed.trim();
        delete body.public;
      }
      if (variant === 'custom') body.rules = { base, ...(baseRules ? overrides(baseRules, edits) : {}) };
      if (!rated || !ratable) body.rated = false;
      const { data } = await asPlayer('POST', '/games', { body });
      seats.set(data.game_id, { token: data.players[0].token, seat: data.players[0].seat, variant });
      go(data.game_id);
    } catch (e) {
      fail(e);
      setBusy(false);
    }
  };

  const err = (key) => errors[key] && html`<p class="field-error" id=${`${key}-error`}>${errors[key]}</p>`;
  const invalid = (key) => (errors[key] ? { 'aria-invalid': 'true', 'aria-describedby': `${key}-error` } : {});

  return html`<form class="card-panel start" onSubmit=${(e) => { e.preventDefault(); submit('create'); }} novalidate>
    <h2>${t('lobby.start')}</h2>
    <p class="muted lead">${t('lobby.lead')}</p>
    <div class="row3">
      <div class="field"><label for="f-name">${t('lobby.your_name')}</label>
        <input id="f-name" name="name" maxlength="40" autocomplete="nickname" placeholder=${t('common.player')} value=${name}
          onInput=${(e) => setName(e.currentTarget.value)} ...${invalid('name')} />${err('name')}</div>
      <div class="field"><label for="f-variant">${t('lobby.variant')}</label>
        <select id="f-variant" name="variant" value=${variant} onChange=${(e) => setVariant(e.currentTarget.value)} ...${invalid('variant')}>
          ${variants.map((x) => html`<option key=${x.id} value=${x.id}>${variantName(x.id, x.name)}</option>`)}
        </select>${err('variant')}</div>
      <div class="field"><label for="f-seats">${t('lobby.seats')}</label>
        <select id="f-seats" name="seats" value=${String(n)} onChange=${(e) => setSeatsN(Number(e.currentTarget.value))} ...${invalid('seats')}>
          ${Array.from({ length: max - min + 1 }, (_, i) => min + i).map((k) => html`<option key=${k} value=${String(k)}>${k}</option>`)}
        </select>${err('seats')}</div>
    </div>

    <section class="quick" aria-labelledby="quick-h">
      <h3 id="quick-h">${t('lobby.quick')}</h3>
      <p class="muted">${t('lobby.quick_lead')}</p>
      <div class="inline-form">
        <div class="field"><label for="f-fill">${t('lobby.bots_join_after')}</label>
          <select id="f-fill" value=${fillAfter} onChange=${(e) => setFillAfter(e.currentTarget.value)}>
            ${FILL_AFTER.map(([value, label]) => html`<option key=${value} value=${value}>${label()}</option>`)}</select></div>
        <button type="button" class="primary" disabled=${busy || variant === 'custom'} onClick=${() => submit('quick')}>${t('lobby.quick_button')}</button>
      </div>
      ${variant === 'custom' && html`<p class="muted">${t('lobby.quick_custom')}</p>`}
    </section>

    <section class="own" aria-labelledby="own-h">
      <h3 id="own-h">${t('lobby.own')}</h3>
      <div class="opponents">
        <p class="muted">${t('lobby.you_sit_first')}</p>
        ${opponents.map((level, i) => html`<div class="field" key=${i}><label for=${`f-opp-${i + 1}`}>${t('lobby.opponent', { n: i + 1 })}</label>
          <select id=${`f-opp-${i + 1}`} name=${`opponent-${i + 1}`} value=${level} onChange=${(e) => {
    const next = opponents.slice();
    next[i] = e.currentTarget.value;
    setLevels(next);
  }}>${LEVELS.map((value) => html`<option key=${value} value=${value}>${levelWords(value)}</option>`)}</select></div>`)}
        ${opponents.includes('human') && html`<div class="field person-wait"><label for="f-person-wait">${t('lobby.person_wait')}</label>
          <select id="f-person-wait" value=${personWait} onChange=${(e) => setPersonWait(e.currentTarget.value)}>
            ${PERSON_WAITS.map(([value, label]) => html`<option key=${value} value=${value}>${label()}</option>`)}</select>
          <p class="muted small-note">${t('lobby.person_wait_note')}</p></div>`}
      </div>
      <div class="row3">
        <div class="field"><label for="f-clock">${t('lobby.turn_clock')}</label>
          <select id="f-clock" value=${clock} onChange=${(e) => setClock(e.currentTarget.value)} ...${invalid('turn_timeout_s')}>
            ${[...CLOCKS, ...DAY_CLOCKS].map(([value, label]) => html`<option key=${value} value=${value}>${label()}</option>`)}</select>${err('turn_timeout_s')}</div>
        <div class="field"><label for="f-delay">${t('lobby.bot_delay')}</label>
          <input id="f-delay" type="number" min="0" max="60" step="0.5" value=${botDelay}
            onInput=${(e) => setBotDelay(e.currentTarget.value)} ...${invalid('bot_delay_s')} />${err('bot_delay_s')}</div>
        <div class="field check"><input id="f-public" type="checkbox" checked=${isPublic} onChange=${(e) => setPublic(e.currentTarget.checked)} />
          <label for="f-public">${t('lobby.public')}</label></div>
      </div>
      <div class="field check"><input id="f-rated" type="checkbox" checked=${rated && ratable} disabled=${!ratable}
          aria-describedby="f-rated-note" onChange=${(e) => setRated(e.currentTarget.checked)} />
        <label for="f-rated">${t('lobby.rated')}</label>
        <p class="muted small-note" id="f-rated-note">${ratable ? t('lobby.rated_note') : t('lobby.unrated_note')}</p></div>
      <details class="advanced"><summary>${t('lobby.more_options')}</summary>
        <div class="field"><label for="f-seed">${t('lobby.seed')}</label>
          <input id="f-seed" inputmode="numeric" value=${seed} onInput=${(e) => setSeed(e.currentTarget.value)} ...${invalid('seed')} />${err('seed')}</div>
      </details>
      ${variant === 'custom' && html`<${RulesEditor} presets=${presets} base=${base} errors=${errors}
        onBase=${(b) => { setBase(b); setEdits({}); setErrors({}); }} edits=${edits} onRules=${setBaseRules}
        onEdit=${(path, value) => setEdits({ ...edits, [path]: value })} />`}
      <div class="alert-slot" role="alert">${formError && html`<p class="alert"><${Problem} error=${formError} /></p>`}</div>
      <button type="submit" class="primary" disabled=${busy}>${t('lobby.create')}</button>
    </section>
  </form>`;
}

function YourTables({ variants }) {
  const [mine, setMine] = useState(() => seats.all());
  if (!mine.length) return null;
  return html`<section class="card-panel" aria-labelledby="yours-h">
    <h2 id="yours-h">${t('lobby.your_tables')}</h2>
    <ul class="tables">${mine.slice(0, 8).map((s) => html`<li key=${s.game_id}>
      <a href=${`/play/${encodeURIComponent(s.game_id)}`}>${s.variant ? variantName(s.variant, (variants.find((v) => v.id === s.variant) || {}).name) : t('lobby.table')}
        <span class="muted"> · ${t('lobby.your_seat', { n: s.seat ?? '?' })} · ${s.game_id}</span></a>
      <button type="button" class="ghost small" aria-label=${t('lobby.forget_table', { id: s.game_id })}
        onClick=${() => { seats.forget(s.game_id); setMine(seats.all()); }}>${t('lobby.forget')}</button></li>`)}</ul>
  </section>`;
}

function PublicTables({ variants }) {
  const [lists, setLists] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    let alive = true;
    let timer = null;
    const load = async () => {
      if (document.visibilityState !== 'hidden') {
        try {
          const [w, p, f] = await Promise.all(['waiting', 'playing', 'finished'].map(
            (status) => api('GET', `/games?status=${status}&limit=${status === 'finished' ? 6 : 20}`)));
          if (alive) {
            setLists({ waiting: w.data.games, playing: p.data.games, finished: f.data.games });
            setError(null);
          }
        } catch (e) {
          if (alive) setError(e);
        }
      }
      if (alive) timer = setTimeout(load, POLL_MS);
    };
    load();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, []);
  const name = (id) => variantName(id, (variants.find((v) => v.id === id) || {}).name);
  return html`<section class="card-panel" aria-labelledby="public-h">
    <h2 id="public-h">${t('lobby.public_tables')}</h2>
    ${error && html`<p class="alert" role="alert"><${Problem} error=${error} /></p>`}
    ${!lists ? html`<p role="status">${t('common.loading')}</p>` : html`
      <${TableList} title=${t('lobby.list_waiting')} games=${lists.waiting} name=${name} empty=${t('lobby.none_waiting')} />
      <${TableList} title=${t('lobby.list_playing')} games=${lists.playing} name=${name} empty=${t('lobby.none_playing')} />
      <${TableList} title=${t('lobby.list_finished')} games=${lists.finished} name=${name} empty=${t('lobby.none_finished')} />`}
  </section>`;
}

function TableList({ title, games, name, empty }) {
  return html`<div class="table-list"><h3>${title}</h3>
    ${games.length === 0 ? html`<p class="muted">${empty}</p>` : html`<ul class="tables">
      ${games.map((g) => html`<li key=${g.game_id} data-game-id=${g.game_id} data-game-status=${g.status}>
        <span class="t-main"><strong>${name(g.variant)}</strong>${g.rated ? html` <span class="tag rated">${t('common.rated')}</span>` : ''}
          <span class="muted"> ${t('lobby.taken', { taken: g.seats_taken, seats: g.seats })} · ${g.players.map((p) => shownName(p, p.seat)).join(', ')}</span></span>
        <span class="t-actions">${g.status === 'waiting' && (g.seats_open ?? g.seats - g.seats_taken) > 0 && html`<${JoinButton} game=${g} />`}
          ${g.status === 'finished'
    ? html`<a class="button small" href=${`/replay/${encodeURIComponent(g.game_id)}`}>${t('lobby.replay')}</a>`
    : html`<a class="button small" href=${`/play/${encodeURIComponent(g.game_id)}`}>${t('lobby.watch')}</a>`}</span>
      </li>`)}</ul>`}
  </div>`;
}

function JoinButton({ game }) {
  const [error, setError] = useState(null);
  const join = async () => {
    const nameInput = document.getElementById('f-name');
    const name = (nameInput && nameInput.value.trim()) || t('common.player');
    await useName(nameInput ? nameInput.value : '');
    try {
      const { data } = await asPlayer('POST', `${gamePath(game.game_id)}/players`, { body: { name } });
      seats.set(game.game_id, { token: data.token, seat: data.seat, variant: game.variant });
      go(game.game_id);
    } catch (e) {
      setError(e);
    }
  };
  return html`<button type="button" class="small primary" onClick=${join}>${t('waiting.join')}</button>
    ${error && html`<span class="field-error" role="alert"><${Problem} error=${error} /></span>`}`;
}
