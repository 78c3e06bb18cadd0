// Small shared pieces: the site header, clocks, copy-to-clipboard, names.
import { html, useEffect, useState } from '../vendor/preact-htm.js';
import { api } from './api.js';
import { secondsLeft } from './clock.js';

export function useTicker(ms, active = true) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const id = setInterval(() => setTick((t) => t + 1), ms);
    return () => clearInterval(id);
  }, [ms, active]);
}

export function clockText(seconds) {
  if (seconds >= 86400) return `${Math.floor(seconds / 86400)} d ${Math.floor((seconds % 86400) / 3600)} h`;
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

// What a screen reader says: "42 seconds", "5 hours 12 minutes", "2 days 23 hours".
function spokenTime(seconds) {
  const unit = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds >= 86400) return `${unit(Math.floor(seconds / 86400), 'day')} ${unit(Math.floor((seconds % 86400) / 3600), 'hour')}`;
  if (seconds >= 3600) return `${unit(Math.floor(seconds / 3600), 'hour')} ${unit(Math.floor((seconds % 3600) / 60), 'minute')}`;
  return unit(seconds, 'second');
}

// A countdown to an RFC 3339 deadline: "0:42", "5 h 12 min", "2 d 23 h" (a correspondence clock).
export function Countdown({ deadline, label = 'time left' }) {
  useTicker(250, !!deadline);
  const left = secondsLeft(deadline);
  if (left == null) return null;
  return html`<span class=${`countdown ${left <= 10 ? 'urgent' : ''}`} role="timer" aria-label=${`${label}: ${spokenTime(left)}`}>
    <span aria-hidden="true">${clockText(left)}</span></span>`;
}

export function SiteHeader({ children }) {
  return html`<header class="site">
    <a class="brand" href="/"><span class="brand-mark" aria-hidden="true">♠♥</span> Macau</a>
    <nav class="site-nav" aria-label="Site">${children}</nav>
  </header>`;
}

// The player's pages: the leaderboards, his games, himself.
export function PlayerLinks() {
  return html`<a href="/leaderboards">Leaderboards</a><a href="/me/games">My games</a><a href="/me">Your player</a>`;
}

export function CopyButton({ text, label, done = 'Copied' }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setCopied(true);
      setTimeout(() => setCopied(false), 1800);
    } catch (e) {
      setCopied(false);
    }
  };
  return html`<button type="button" class="ghost" onClick=${copy}>${copied ? done : label}</button>`;
}

export const BOT_WORDS = { easy: 'Easy bot', normal: 'Normal bot', hard: 'Hard bot' };

export function seatName(view, seat, you) {
  if (seat === you && you != null) return 'You';
  const info = view && view.seats && view.seats[seat];
  return (info && info.name) || `Seat ${seat}`;
}

// Variant names as the service gives them (GET /v1/variants), fetched once per page.
let variantsPromise = null;
export function loadVariants() {
  if (!variantsPromise) {
    variantsPromise = api('GET', '/variants').then(({ data }) => data.variants).catch((e) => {
      variantsPromise = null;
      throw e;
    });
  }
  return variantsPromise;
}

export function useVariantName(id) {
  const [name, setName] = useState(null);
  useEffect(() => {
    if (!id) return;
    loadVariants().then((vs) => setName((vs.find((v) => v.id === id) || {}).name || id)).catch(() => setName(id));
  }, [id]);
  return name || id || '';
}

export function Problem({ error }) {
  if (!error) return null;
  const reason = error.reason || error.code;
  return html`<span>${error.detail || error.message}${reason ? html` <code class="reason">${reason}</code>` : ''}</span>`;
}
