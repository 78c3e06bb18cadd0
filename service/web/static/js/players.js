// The player's pages: /me (you: ratings, your key for another device, erasure),
// /me/games (the games you sat at), /leaderboards/{variant}, /players/{id} (a profile).
import { html, useEffect, useState } from '../vendor/preact-htm.js';
import { api, asPlayer, ensurePlayer, player, prefs } from './api.js';
import { dateTime, num, rating, t, tx } from './i18n.js';
import { CopyButton, PlayerLinks, Problem, SiteHeader, botWords, loadVariants, variantName } from './ui.js';

function Page({ title, children }) {
  useEffect(() => { document.title = t('players.page_title', { title }); }, [title]);
  return html`<${SiteHeader}><${PlayerLinks} /><//>
    <main class="page narrow players-page">${children}</main>`;
}

function useVariants() {
  const [variants, setVariants] = useState([]);
  useEffect(() => { loadVariants().then(setVariants).catch(() => {}); }, []);
  return (id) => variantName(id, (variants.find((v) => v.id === id) || {}).name);
}

// A player's name and, after it, his tag: the service's short mark that tells him apart
// from others of the same name (derived from his public id alone).
export function PlayerName({ name, tag }) {
  return html`${name}${tag && html` <span class="player-tag" title=${t('players.tag_title')}>#${tag}</span>`}`;
}

// "3 games, 1 rated"
const counts = (profile) => t('players.counts', { games: t('players.games', { n: profile.games }), rated: t('players.rated', { n: profile.rated_games }) });

// ---------------------------------------------------------------- ratings of a player
function Ratings({ profile, mine }) {
  const variantName = useVariants();
  if (!profile.ratings.length) {
    return html`<p class="muted">${mine ? t('ratings.none_mine') : t('ratings.none')}</p>`;
  }
  return html`<table data-ratings>
    <caption class="sr-only">${t('ratings.caption')}</caption>
    <thead><tr><th scope="col">${t('lobby.variant')}</th><th scope="col" class="num">${t('ratings.rating')}</th><th scope="col" class="num">${t('ratings.games')}</th>
      <th scope="col" class="num">${t('ratings.rank')}</th><th scope="col">${t('ratings.bots')}</th></tr></thead>
    <tbody>${profile.ratings.map((r) => html`<tr key=${r.variant} data-variant=${r.variant} data-rating=${r.rating} data-games=${r.games}>
      <th scope="row"><a href=${`/leaderboards/${r.variant}`}>${variantName(r.variant)}</a></th>
      <td class="num">${rating(r.rating)}</td><td class="num">${num(r.games)}</td><td class="num">${r.rank != null ? num(r.rank) : '–'}</td>
      <td>${r.bots_passed.length ? html`<span>${t(mine ? 'ratings.you_passed' : 'ratings.passed', { bots: r.bots_passed.map((b) => botWords(b.level)).join(', ') })}</span> ` : ''}
        ${r.next_bot ? html`<span class="muted">${t('ratings.next', { bot: botWords(r.next_bot.level), rating: rating(r.next_bot.rating) })}</span>`
    : html`<span>${t('ratings.above_all')}</span>`}</td></tr>`)}</tbody>
  </table>
  <p class="muted small-note ladder-note">${t('ratings.formula')} <a href="/leaderboards">${t('ratings.bots_on_boards')}</a></p>`;
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
    return html`<${Page} title=${t('me.erased')}><h1>${t('me.erased')}</h1>
      <p role="status">${t('me.erased_text', { erased: t('seat.erased') })}</p><p><a href="/">${t('me.the_lobby')}</a></p><//>`;
  }
  return html`<${Page} title=${t('nav.me')}>
    <h1>${t('nav.me')}</h1>
    ${error && html`<p class="alert" role="alert"><${Problem} error=${error} /></p>`}
    ${!profile ? html`<p role="status">${t('common.loading')}</p>` : html`
      <section class="card-panel" aria-labelledby="me-h">
        <h2 id="me-h"><span data-player-name>${profile.name}</span>${profile.tag && html` <span class="player-tag" data-player-tag>#${profile.tag}</span>`}</h2>
        <p class="muted">${tx('me.line', { id: html`<code data-player-id>${profile.player_id}</code>`, counts: counts(profile) })}
          · <a href=${`/players/${encodeURIComponent(profile.player_id)}`}>${t('me.profile_link')}</a>
          · <a href="/me/games">${t('me.games_link')}</a></p>
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
      setMessage(t('key.now_plays_as', { name: data.name }));
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
      setMessage(t('key.renewed'));
    } catch (err) {
      setError(err);
    }
  };
  return html`<section class="card-panel" aria-labelledby="key-h">
    <h2 id="key-h">${t('key.title')}</h2>
    <p class="muted">${t('key.help')}</p>
    <div class="key-box">
      <button type="button" class="ghost" aria-expanded=${shown} aria-controls="player-key"
        onClick=${() => setShown(!shown)}>${shown ? t('key.hide') : t('key.show')}</button>
      <${CopyButton} text=${() => (player.get() || {}).key || ''} label=${t('key.copy')} />
      <button type="button" class="ghost" onClick=${rotate}>${t('key.new')}</button>
    </div>
    <p id="player-key" hidden=${!shown}><code data-player-key>${shown && me ? me.key : ''}</code></p>
    <form class="inline-form" onSubmit=${useKey}>
      <div class="field"><label for="f-key">${t('key.other_device')}</label>
        <input id="f-key" autocomplete="off" spellcheck="false" value=${pasted} onInput=${(e) => setPasted(e.currentTarget.value)} /></div>
      <button type="submit" class="primary" disabled=${!pasted.trim()}>${t('key.use')}</button>
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
    <h2 id="erase-h">${t('erase.title')}</h2>
    <p class="muted">${t('erase.help', { erased: t('seat.erased') })}</p>
    ${asking ? html`<div class="key-box"><button type="button" class="danger" onClick=${erase}>${t('erase.yes')}</button>
      <button type="button" class="ghost" onClick=${() => setAsking(false)}>${t('erase.keep')}</button></div>`
    : html`<button type="button" class="ghost" onClick=${() => setAsking(true)}>${t('erase.ask')}</button>`}
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
  return html`<${Page} title=${t('nav.my_games')}>
    <h1>${t('nav.my_games')}</h1>
    ${error && html`<p class="alert" role="alert"><${Problem} error=${error} /></p>`}
    ${!data ? html`<p role="status">${t('common.loading')}</p>` : data.total === 0 ? html`<p>${tx('games.none', { link: html`<a href="/">${t('games.play_one')}</a>` })}</p>` : html`
      <table data-my-games>
        <caption class="sr-only">${t('games.caption')}</caption>
        <thead><tr><th scope="col">${t('games.when')}</th><th scope="col">${t('lobby.variant')}</th><th scope="col">${t('games.result')}</th>
          <th scope="col" class="num">${t('ratings.rating')}</th><th scope="col">${t('games.links')}</th></tr></thead>
        <tbody>${data.games.map((g) => html`<tr key=${g.game_id} data-game-id=${g.game_id}>
          <td>${dateTime(g.created_at)}</td>
          <td>${variantName(g.variant)}${g.rated ? html`<span class="tag rated">${t('common.rated')}</span>` : ''}</td>
          <td>${g.status !== 'finished' ? t(`games.status.${g.status}`) : g.left ? t('games.left') : g.place ? t('games.place', { place: g.place, of: g.players.length }) : t('games.finished')}</td>
          <td class="num" data-rating-change>${g.rating_change ? html`<${Change} c=${g.rating_change} />` : g.rated && g.status === 'finished' ? '…' : '–'}</td>
          <td>${g.status === 'finished'
    ? html`<a href=${`/replay/${encodeURIComponent(g.game_id)}`}>${t('lobby.replay')}</a> · <a href=${g.links.audit}>${t('audit.title')}</a>`
    : html`<a href=${`/play/${encodeURIComponent(g.game_id)}`}>${t('lobby.table')}</a>`}</td></tr>`)}</tbody>
      </table>
      <${Pager} page=${page} total=${data.total} size=${PAGE} onPage=${setPage} />`}
  <//>`;
}

function Change({ c }) {
  const d = c.after - c.before;
  return html`<span class=${d >= 0 ? 'change-up' : 'change-down'}>${rating(c.after)} (${d >= 0 ? '+' : '−'}${num(Math.abs(d))})</span>`;
}

function Pager({ page, total, size, onPage }) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return html`<nav class="pager" aria-label=${t('pager.label')}>
    <button type="button" class="ghost small" disabled=${page === 0} onClick=${() => onPage(page - 1)}>${t('pager.newer')}</button>
    <span>${t('pager.page', { page: page + 1, pages })}</span>
    <button type="button" class="ghost small" disabled=${page + 1 >= pages} onClick=${() => onPage(page + 1)}>${t('pager.older')}</button>
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
  const name = variantName(id, (variants.find((v) => v.id === id) || {}).name);
  return html`<${Page} title=${t('board.page_title', { variant: name })}>
    <h1>${t('board.title', { variant: name })}</h1>
    <div class="inline-form">
      <div class="field"><label for="f-board-variant">${t('lobby.variant')}</label>
        <select id="f-board-variant" value=${id} onChange=${(e) => window.location.assign(`/leaderboards/${e.currentTarget.value}`)}>
          ${variants.map((v) => html`<option key=${v.id} value=${v.id}>${variantName(v.id, v.name)}</option>`)}</select></div>
      ${player.get() && html`<button type="button" class="ghost" aria-pressed=${around}
        onClick=${() => { setAround(!around); setOffset(0); }}>${around ? t('board.from_top') : t('board.around_me')}</button>`}
    </div>
    ${error && html`<p class="alert" role="alert"><${Problem} error=${error} /></p>`}
    ${!board ? html`<p role="status">${t('common.loading')}</p>` : html`
      ${board.me ? html`<p data-my-rank>${t('board.me', { rank: board.me.rank, total: board.total, rating: rating(board.me.rating) })}</p>`
    : html`<p class="muted">${t('board.play_to_appear', { variant: name })}</p>`}
      <table data-leaderboard>
        <caption class="sr-only">${t('board.caption')}</caption>
        <thead><tr><th scope="col" class="num">${t('ratings.rank')}</th><th scope="col">${t('standings.player')}</th><th scope="col" class="num">${t('ratings.rating')}</th>
          <th scope="col" class="num">${t('ratings.games')}</th></tr></thead>
        <tbody>${board.entries.map((e) => html`<tr key=${e.rank} data-kind=${e.kind} data-player-id=${e.player_id || ''}
            class=${e.kind === 'bot' ? 'bot-row' : e.me ? 'me-row' : ''}>
          <td class="num">${num(e.rank)}</td>
          <td>${e.kind === 'bot' ? html`${e.bot_level ? botWords(e.bot_level) : e.name} <span class="muted">${t('board.bot')}</span>`
    : html`<a href=${`/players/${encodeURIComponent(e.player_id)}`}><${PlayerName} name=${e.name} tag=${e.tag} /></a>${e.me ? html` <span class="muted">${t('board.you')}</span>` : ''}`}</td>
          <td class="num">${rating(e.rating)}</td><td class="num">${num(e.games)}</td></tr>`)}</tbody>
      </table>
      ${!around && html`<${Pager} page=${Math.floor(offset / 20)} total=${board.total} size=${20}
        onPage=${(p) => setOffset(p * 20)} />`}
      <p class="muted small-note">${t('board.bots_note')}</p>`}
  <//>`;
}

// ---------------------------------------------------------------- /players/{id}
export function ProfilePage({ playerId }) {
  const [profile, setProfile] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    api('GET', `/players/${encodeURIComponent(playerId)}`).then(({ data }) => setProfile(data)).catch(setError);
  }, [playerId]);
  return html`<${Page} title=${profile ? profile.name : t('common.player')}>
    ${error && html`<h1>${t('common.player')}</h1><p class="alert" role="alert"><${Problem} error=${error} /></p>`}
    ${!profile && !error ? html`<p role="status">${t('common.loading')}</p>` : profile && html`
      <h1><span data-player-name>${profile.name}</span>${profile.tag && html` <span class="player-tag" data-player-tag>#${profile.tag}</span>`}</h1>
      <p class="muted">${t('profile.line', { since: dateTime(profile.created_at), counts: counts(profile) })}</p>
      <section class="card-panel" aria-labelledby="ratings-h"><h2 id="ratings-h">${t('profile.ratings')}</h2>
        <${Ratings} profile=${profile} mine=${(player.get() || {}).player_id === profile.player_id} /></section>`}
  <//>`;
}
