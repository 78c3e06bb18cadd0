// The router: one HTML shell, three pages, chosen by the path.
import { html, render } from '../vendor/preact-htm.js';
import { LobbyPage } from './lobby.js';
import { ReplayPage } from './replay.js';
import { TablePage } from './table.js';
import { SiteHeader } from './ui.js';

function page(path) {
  const m = path.match(/^\/(play|replay)\/([^/]+)\/?$/);
  if (m) {
    const gameId = decodeURIComponent(m[2]);
    return m[1] === 'play' ? html`<${TablePage} gameId=${gameId} />` : html`<${ReplayPage} gameId=${gameId} />`;
  }
  if (path === '/' || path === '') return html`<${LobbyPage} />`;
  return html`<${SiteHeader} /><main class="page narrow"><h1>Not found</h1><p><a href="/">The lobby</a></p></main>`;
}

const root = document.getElementById('app');
root.textContent = '';
render(page(window.location.pathname), root);
