import { noteServerDate } from './clock.js';

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

export async function api(method, path, { token, body, signal } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(`/v1${path}`, {
      method, headers, signal, cache: 'no-store', credentials: 'omit',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(0, { code: 'network', detail: 'the service cannot be reached; check your connection' });
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
