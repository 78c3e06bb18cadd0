import { noteServerDate } from './clock.js';
import { t } from './i18n.js';

// The public HTTP API (/v1), as any third-party client would call it. Tokens travel in the
// Authorization header only; they are kept in this browser's storage, one per game.

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.code = problem.code || null;
    this.reason = problem.reason || null;
    this.detail = problem.detail || this.message;
  }
}

export async function api(method, path, { token, playerKey, body, signal } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  else if (playerKey) headers.Authorization = `Player ${playerKey}`;
  let response;
  try {
    response = await fetch(`/v1${path}`, {
      method, headers, signal, cache: 'no-store', credentials: 'omit',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(0, { code: 'network', detail: t('error.network') });
  }
  noteServerDate(response);
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data || { detail: response.statusText });
  return { data, response };
}

export const gamePath = (gameId) => `/games/${encodeURIComponent(gameId)}`;

// ---------------------------------------------------------------- browser storage
const PREFIX = 'macau:seat:';

function storage() {
  try {
    return window.localStorage;
  } catch (e) {
    return null; // storage disabled: the page still works, a reload forgets the seat
  }
}

export const seats = {
  get(gameId) {
    const raw = storage()?.getItem(PREFIX + gameId);
    if (!raw) return null;
    try {
      const seat = JSON.parse(raw);
      return typeof seat.token === 'string' ? seat : null;
    } catch (e) {
      return null;
    }
  },
  set(gameId, seat) {
    storage()?.setItem(PREFIX + gameId, JSON.stringify({ ...seat, saved_at: new Date().toISOString() }));
  },
  forget(gameId) {
    storage()?.removeItem(PREFIX + gameId);
    storage()?.removeItem(`macau:hand:${gameId}`);
  },
  all() {
    const s = storage();
    if (!s) return [];
    const out = [];
    for (let i = 0; i < s.length; i += 1) {
      const key = s.key(i);
      if (key && key.startsWith(PREFIX)) {
        const seat = seats.get(key.slice(PREFIX.length));
        if (seat) out.push({ game_id: key.slice(PREFIX.length), ...seat });
      }
    }
    return out.sort((a, b) => String(b.saved_at).localeCompare(String(a.saved_at)));
  },
};

// ---------------------------------------------------------------- the player
// A player identity without a password: its id, name and key, kept in this browser. The
// key is all another device needs (the "You" page shows it, to copy).
const PLAYER = 'macau:player';

export const player = {
  get() {
    try {
      const p = JSON.parse(storage()?.getItem(PLAYER) ?? 'null');
      return p && typeof p.key === 'string' && typeof p.player_id === 'string' ? p : null;
    } catch (e) {
      return null;
    }
  },
  set(p) {
    storage()?.setItem(PLAYER, JSON.stringify({ player_id: p.player_id, key: p.key, name: p.name }));
  },
  forget() {
    storage()?.removeItem(PLAYER);
  },
};

let creating = null;

// This browser's player, created on the first visit (a name can be changed later).
export async function ensurePlayer(name) {
  const known = player.get();
  if (known) return known;
  if (!creating) {
    const wanted = (name || '').trim() || t('player.new_name', { n: String(Math.floor(1000 + Math.random() * 9000)) });
    creating = api('POST', '/players', { body: { name: wanted } }).then(({ data }) => {
      const p = { player_id: data.player_id, key: data.player_key, name: data.name };
      player.set(p);
      return p;
    }).finally(() => { creating = null; });
  }
  return creating;
}

// The key, if the browser holds one; a key the service no longer knows (erased, replaced on
// another device) is dropped so that the next visit starts afresh.
export async function asPlayer(method, path, options = {}) {
  const p = player.get();
  try {
    return await api(method, path, { ...options, playerKey: p ? p.key : undefined });
  } catch (e) {
    if (p && e.status === 401 && e.code === 'unknown_player_key') player.forget();
    throw e;
  }
}

// JSON values of this browser kept per key (a hand's order per game).
export const kept = {
  get(key) {
    try {
      return JSON.parse(storage()?.getItem(key) ?? 'null');
    } catch (e) {
      return null;
    }
  },
  set(key, value) {
    try {
      storage()?.setItem(key, JSON.stringify(value));
    } catch (e) {
      // full or disabled: the order lasts until the page reloads
    }
  },
};

export const prefs = {
  get(key, fallback) {
    const raw = storage()?.getItem(`macau:pref:${key}`);
    return raw == null ? fallback : raw;
  },
  set(key, value) {
    storage()?.setItem(`macau:pref:${key}`, String(value));
  },
};

// A seat link, /play/{id}#token=T: the fragment never reaches the server. Take the token
// into storage and drop it from the address bar (and from the history).
export function takeTokenFromFragment() {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const token = params.get('token');
  if (!token) return null;
  history.replaceState(null, '', window.location.pathname + window.location.search);
  return token;
}
