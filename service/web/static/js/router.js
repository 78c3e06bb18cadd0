// The router: one HTML shell, its pages chosen by the path.
import { html, render } from '../vendor/preact-htm.js';
import { t } from './i18n.js';
import { LobbyPage } from './lobby.js';
import { LeaderboardPage, MePage, MyGamesPage, ProfilePage } from './players.js';
import { ReplayPage } from './replay.js';
import { TablePage } from './table.js';
import { SiteHeader } from './ui.js';

function page(path) {
  const m = path.match(/^\/(play|replay|players|leaderboards)\/([^/]+)\/?$/);
  if (m) {
    const id = decodeURIComponent(m[2]);
    if (m[1] === 'play') return html`<${TablePage} gameId=${id} />`;
    if (m[1] === 'replay') return html`<${ReplayPage} gameId=${id} />`;
    if (m[1] === 'players') return html`<${ProfilePage} playerId=${id} />`;
    return html`<${LeaderboardPage} variant=${id} />`;
  }
  if (path === '/' || path === '') return html`<${LobbyPage} />`;
  if (path === '/me' || path === '/me/') return html`<${MePage} />`;
  if (path === '/me/games' || path === '/me/games/') return html`<${MyGamesPage} />`;
  if (path === '/leaderboards' || path === '/leaderboards/') return html`<${LeaderboardPage} />`;
  return html`<${SiteHeader} /><main class="page narrow"><h1>${t('common.not_found')}</h1><p><a href="/">${t('me.the_lobby')}</a></p></main>`;
}

export function start() {
  const root = document.getElementById('app');
  root.textContent = '';
  render(page(window.location.pathname), root);
}
