// The player's pages: /me (you: ratings, your key for another device, erasure),
// /me/games (the games you sat at), /leaderboards/{variant}, /players/{id} (a profile).
import { html, useEffect, useState } from '../vendor/preact-htm.js';
import { api, asPlayer, ensurePlayer, player, prefs } from './api.js';
import { BOT_WORDS, CopyButton, PlayerLinks, Problem, SiteHeader, loadVariants } from './ui.js';

function Page({ title, children }) {
  useEffect(() => { document.title = `Macau · ${title}`; }, [title]);
  return html`<${SiteHeader}><${PlayerLinks} /><//>
    <main class="page narrow players-page">${children}</main>`;
}

function useVariants() {
  const [variants, setVariants] = useState([]);
  useEffect(() => { loadVariants().then(setVariants).catch(() => {}); }, []);
  return (id) => (variants.find((v) => v.id === id) || {}).name || id;
}

function when(at) {
  try {
    return new Date(at).toLocaleString();
  } catch (e) {
    return at;
  }
}

// ---------------------------------------------------------------- ratings of a player
function Ratings({ profile, mine }) {
  const variantName = useVariants();
  if (!profile.ratings.length) {
    return html`<p class="muted">${mine ? 'No rated game yet: play one (quick play is rated) and your rating appears here.'
      : 'No rated game yet.'}</p>`;
  }
  return html`<table data-ratings>
    <caption class="sr-only">Ratings per variant</caption>
    <thead><tr><th scope="col">Variant</th><th scope="col" class="num">Rating</th><th scope="col" class="num">Rated games</th>
      <th scope="col" class="num">Rank</th><th scope="col">Bots</th></tr></thead>
    <tbody>${profile.ratings.map((r) => html`<tr key=${r.variant} data-variant=${r.variant} data-rating=${r.rating} data-games=${r.games}>
      <th scope="row"><a href=${`/leaderboards/${r.variant}`}>${variantName(r.variant)}</a></th>
      <td class="num">${r.rating}</td><td class="num">${r.games}</td><td class="num">${r.rank ?? '–'}</td>
      <td>${r.bots_passed.length ? html`<span>${mine ? 'You passed' : 'Passed'} ${r.bots_passed.map((b) => BOT_WORDS[b.level]).join(', ')}.</span> ` : ''}
        ${r.next_bot ? html`<span class="muted">Next: ${BOT_WORDS[r.next_bot.level]} (${r.next_bot.rating}).</span>`
    : html`<span>Above every bot.</span>`}</td></tr>`)}</tbody>
  </table>
  <p class="muted small-note ladder-note">A rating is 1000 + 40 × (μ − 3σ): it starts at 1000 and climbs as your results
    make the estimate of your skill surer. <a href="/leaderboards">The bots are on the leaderboards too.</a></p>`;
}

// ---------------------------------------------------------------- /me
export function MePage() {
  const [profile, setProfile] = useState(null);
  const [error, setError] = useState(null);
  const [erased, setErased] = useState(false);
  const load = async () => {
    try {
      await ensurePlayer(prefs.get('name', ''));
      const { data } = await asPlayer('GET', '/players/me');
      setProfile(data);
      setError(null);
    } catch (e) {
      setError(e);
    }
  };
  useEffect(() => { load(); }, []);
  if (erased) {
    return html`<${Page} title="Erased"><h1>Erased</h1>
      <p role="status">Your name and your player are gone: the games you played show “Erased player”.
        A new player is made for you next time you play.</p><p><a href="/">The lobby</a></p><//>`;
  }
  return html`<${Page} title="Your player">
    <h1>Your player</h1>
    ${error && html`<p class="alert" role="alert"><${Problem} error=${error} /></p>`}
    ${!profile ? html`<p role="status">Loading…</p>` : html`
      <section class="card-panel" aria-labelledby="me-h">
        <h2 id="me-h" data-player-name>${profile.name}</h2>
        <p class="muted">Player <code data-player-id>${profile.player_id}</code> · ${profile.games} games,
          ${profile.rated_games} rated · <a href=${`/players/${encodeURIComponent(profile.player_id)}`}>your public profile</a>
          · <a href="/me/games">your games</a></p>
        <${Ratings} profile=${profile} mine=${true} />
      </section>
      <${KeyPanel} onChanged=${load} />
      <${ErasePanel} onErased=${() => setErased(true)} />`}
  <//>`;
}

function KeyPanel({ onChanged }) {
  const [shown, setShown] = useState(false);
  const [pasted, setPasted] = useState('');
  const [message, setMessage] = useState(null);
  const [error, setError] = useState(null);
  const me = player.get();
  const useKey = async (e) => {
    e.preventDefault();
    setError(null);
    setMessage(null);
    const key = pasted.trim();
    try {
      const { data } = await api('GET', '/players/me', { playerKey: key });
      player.set({ player_id: data.player_id, key, name: data.name });
      setPasted('');
      setMessage(`This browser now plays as ${data.name}.`);
      onChanged();
    } catch (err) {
      setError(err);
    }
  };
  const rotate = async () => {
    setError(null);
    try {
      const { data } = await asPlayer('POST', '/players/me/key');
      player.set({ ...player.get(), key: data.player_key });
      setShown(true);
      setMessage('A new key: the old one no longer works. Give your other devices this one.');
    } catch (err) {
      setError(err);
    }
  };
  return html`<section class="card-panel" aria-labelledby="key-h">
    <h2 id="key-h">Your key</h2>
    <p class="muted">No password: this key is your player. Keep it to yourself; copy it to play as yourself on
      another device (paste it below there).</p>
    <div class="key-box">
      <button type="button" class="ghost" aria-expanded=${shown} aria-controls="player-key"
        onClick=${() => setShown(!shown)}>${shown ? 'Hide key' : 'Show key'}</button>
      <${CopyButton} text=${() => (player.get() || {}).key || ''} label="Copy key" />
      <button type="button" class="ghost" onClick=${rotate}>New key</button>
    </div>
    <p id="player-key" hidden=${!shown}><code data-player-key>${shown && me ? me.key : ''}</code></p>
    <form class="inline-form" onSubmit=${useKey}>
      <div class="field"><label for="f-key">Player key from another device</label>
        <input id="f-key" autocomplete="off" spellcheck="false" value=${pasted} onInput=${(e) => setPasted(e.currentTarget.value)} /></div>
      <button type="submit" class="primary" disabled=${!pasted.trim()}>Use this key</button>
    </form>
    <div role="status">${message && html`<p>${message}</p>`}</div>
    ${error && html`<p class="alert" role="alert"><${Problem} error=${error} /></p>`}
  </section>`;
}

function ErasePanel({ onErased }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState(null);
  const erase = async () => {
    try {
      await asPlayer('DELETE', '/players/me');
      player.forget();
      onErased();
    } catch (e) {
      setError(e);
    }
  };
  return html`<section class="card-panel danger-zone" aria-labelledby="erase-h">
    <h2 id="erase-h">Erase me</h2>
    <p class="muted">Your name goes from every game, list and leaderboard, for good; the games stay, shown with
      “Erased player”, and every game's audit still verifies.</p>
    ${asking ? html`<div class="key-box"><button type="button" class="danger" onClick=${erase}>Yes, erase me for good</button>
      <button type="button" class="ghost" onClick=${() => setAsking(false)}>Keep me</button></div>`
    : html`<button type="button" class="ghost" onClick=${() => setAsking(true)}>Erase me…</button>`}
    ${error && html`<p class="alert" role="alert"><${Problem} error=${error} /></p>`}
  </section>`;
}

// ---------------------------------------------------------------- /me/games
const PAGE = 20;

export function MyGamesPage() {
  const [page, setPage] = useState(0);
  const [data, setData] = useState(null);
  const [error, setError] = useState(null);
  const variantName = useVariants();
  useEffect(() => {
    ensurePlayer(prefs.get('name', ''))
      .then(() => asPlayer('GET', `/players/me/games?offset=${page * PAGE}&limit=${PAGE}`))
      .then(({ data: d }) => { setData(d); setError(null); })
      .catch(setError);
  }, [page]);
  return html`<${Page} title="My games">
    <h1>My games</h1>
    ${error && html`<p class="alert" role="alert"><${Problem} error=${error} /></p>`}
    ${!data ? html`<p role="status">Loading…</p>` : data.total === 0 ? html`<p>No game yet. <a href="/">Play one</a>.</p>` : html`
      <table data-my-games>
        <caption class="sr-only">The games you sat at, newest first</caption>
        <thead><tr><th scope="col">When</th><th scope="col">Variant</th><th scope="col">Result</th>
          <th scope="col" class="num">Rating</th><th scope="col">Links</th></tr></thead>
        <tbody>${data.games.map((g) => html`<tr key=${g.game_id} data-game-id=${g.game_id}>
          <td>${when(g.created_at)}</td>
          <td>${variantName(g.variant)}${g.rated ? html`<span class="tag rated">rated</span>` : ''}</td>
          <td>${g.status !== 'finished' ? g.status : g.left ? 'left (counted last)' : g.place ? `place ${g.place} of ${g.players.length}` : 'finished'}</td>
          <td class="num" data-rating-change>${g.rating_change ? html`<${Change} c=${g.rating_change} />` : g.rated && g.status === 'finished' ? '…' : '–'}</td>
          <td>${g.status === 'finished'
    ? html`<a href=${`/replay/${encodeURIComponent(g.game_id)}`}>Replay</a> · <a href=${g.links.audit}>Audit</a>`
    : html`<a href=${`/play/${encodeURIComponent(g.game_id)}`}>Table</a>`}</td></tr>`)}</tbody>
      </table>
      <${Pager} page=${page} total=${data.total} size=${PAGE} onPage=${setPage} />`}
  <//>`;
}

function Change({ c }) {
  const d = c.after - c.before;
  return html`<span class=${d >= 0 ? 'change-up' : 'change-down'}>${c.after} (${d >= 0 ? '+' : '−'}${Math.abs(d)})</span>`;
}

function Pager({ page, total, size, onPage }) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return html`<nav class="pager" aria-label="Pages">
    <button type="button" class="ghost small" disabled=${page === 0} onClick=${() => onPage(page - 1)}>Newer</button>
    <span>Page ${page + 1} of ${pages}</span>
    <button type="button" class="ghost small" disabled=${page + 1 >= pages} onClick=${() => onPage(page + 1)}>Older</button>
  </nav>`;
}

// ---------------------------------------------------------------- /leaderboards/{variant}
export function LeaderboardPage({ variant }) {
  const [variants, setVariants] = useState([]);
  const [offset, setOffset] = useState(0);
  const [around, setAround] = useState(false);
  const [board, setBoard] = useState(null);
  const [error, setError] = useState(null);
  const id = variant || prefs.get('variant', 'macau');
  useEffect(() => { loadVariants().then((vs) => setVariants(vs.filter((v) => v.id !== 'custom'))).catch(setError); }, []);
  useEffect(() => {
    const query = around ? 'around=me&limit=20' : `offset=${offset}&limit=20`;
    asPlayer('GET', `/leaderboards/${encodeURIComponent(id)}?${query}`)
      .then(({ data }) => { setBoard(data); setError(null); })
      .catch(setError);
  }, [id, offset, around]);
  const name = (variants.find((v) => v.id === id) || {}).name || id;
  return html`<${Page} title=${`Leaderboard · ${name}`}>
    <h1>Leaderboard: ${name}</h1>
    <div class="inline-form">
      <div class="field"><label for="f-board-variant">Variant</label>
        <select id="f-board-variant" value=${id} onChange=${(e) => window.location.assign(`/leaderboards/${e.currentTarget.value}`)}>
          ${variants.map((v) => html`<option key=${v.id} value=${v.id}>${v.name}</option>`)}</select></div>
      ${player.get() && html`<button type="button" class="ghost" aria-pressed=${around}
        onClick=${() => { setAround(!around); setOffset(0); }}>${around ? 'From the top' : 'Around me'}</button>`}
    </div>
    ${error && html`<p class="alert" role="alert"><${Problem} error=${error} /></p>`}
    ${!board ? html`<p role="status">Loading…</p>` : html`
      ${board.me ? html`<p data-my-rank>You: rank ${board.me.rank} of ${board.total}, rating ${board.me.rating}.</p>`
    : html`<p class="muted">Play a rated ${name} game to appear here.</p>`}
      <table data-leaderboard>
        <caption class="sr-only">Players and bot levels by rating</caption>
        <thead><tr><th scope="col" class="num">Rank</th><th scope="col">Player</th><th scope="col" class="num">Rating</th>
          <th scope="col" class="num">Rated games</th></tr></thead>
        <tbody>${board.entries.map((e) => html`<tr key=${e.rank} data-kind=${e.kind} data-player-id=${e.player_id || ''}
            class=${e.kind === 'bot' ? 'bot-row' : e.me ? 'me-row' : ''}>
          <td class="num">${e.rank}</td>
          <td>${e.kind === 'bot' ? html`${e.name} <span class="muted">(bot)</span>`
    : html`<a href=${`/players/${encodeURIComponent(e.player_id)}`}>${e.name}</a>${e.me ? html` <span class="muted">(you)</span>` : ''}`}</td>
          <td class="num">${e.rating}</td><td class="num">${e.games}</td></tr>`)}</tbody>
      </table>
      ${!around && html`<${Pager} page=${Math.floor(offset / 20)} total=${board.total} size=${20}
        onPage=${(p) => setOffset(p * 20)} />`}
      <p class="muted small-note">The bots' ratings come from games the levels played against each other; they never change.</p>`}
  <//>`;
}

// ---------------------------------------------------------------- /players/{id}
export function ProfilePage({ playerId }) {
  const [profile, setProfile] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    api('GET', `/players/${encodeURIComponent(playerId)}`).then(({ data }) => setProfile(data)).catch(setError);
  }, [playerId]);
  return html`<${Page} title=${profile ? profile.name : 'Player'}>
    ${error && html`<h1>Player</h1><p class="alert" role="alert"><${Problem} error=${error} /></p>`}
    ${!profile && !error ? html`<p role="status">Loading…</p>` : profile && html`
      <h1 data-player-name>${profile.name}</h1>
      <p class="muted">Playing since ${when(profile.created_at)} · ${profile.games} games, ${profile.rated_games} rated</p>
      <section class="card-panel" aria-labelledby="ratings-h"><h2 id="ratings-h">Ratings</h2>
        <${Ratings} profile=${profile} mine=${(player.get() || {}).player_id === profile.player_id} /></section>`}
  <//>`;
}
