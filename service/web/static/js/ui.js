// Small shared pieces: the site header, clocks, copy-to-clipboard, names, the language.
import { html, useEffect, useState } from '../vendor/preact-htm.js';
import { api } from './api.js';
import { secondsLeft } from './clock.js';
import { LANGUAGES, chooseLanguage, has, language, num, t, unit } from './i18n.js';

export function useTicker(ms, active = true) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const id = setInterval(() => setTick((t) => t + 1), ms);
    return () => clearInterval(id);
  }, [ms, active]);
}

export function clockText(seconds) {
  if (seconds >= 86400) return t('clock.days_hours', { d: Math.floor(seconds / 86400), h: Math.floor((seconds % 86400) / 3600) });
  if (seconds >= 3600) return t('clock.hours_minutes', { h: Math.floor(seconds / 3600), m: Math.floor((seconds % 3600) / 60) });
  const s = new Intl.NumberFormat(language(), { minimumIntegerDigits: 2 }).format(seconds % 60);
  return t('clock.minutes_seconds', { m: Math.floor(seconds / 60), s });
}

// What a screen reader says: "42 seconds", "5 hours 12 minutes", "2 days 23 hours".
export function spokenTime(seconds) {
  if (seconds >= 86400) return `${unit(Math.floor(seconds / 86400), 'day')} ${unit(Math.floor((seconds % 86400) / 3600), 'hour')}`;
  if (seconds >= 3600) return `${unit(Math.floor(seconds / 3600), 'hour')} ${unit(Math.floor((seconds % 3600) / 60), 'minute')}`;
  return unit(seconds, 'second');
}

// A countdown to an RFC 3339 deadline: "0:42", "5 h 12 min", "2 d 23 h" (a correspondence clock).
export function Countdown({ deadline, label = t('clock.left') }) {
  useTicker(250, !!deadline);
  const left = secondsLeft(deadline);
  if (left == null) return null;
  return html`<span class=${`countdown ${left <= 10 ? 'urgent' : ''}`} role="timer" aria-label=${`${label}: ${spokenTime(left)}`}>
    <span aria-hidden="true">${clockText(left)}</span></span>`;
}

// The language switch: the page is shown again in the language chosen, kept for next time.
export function LanguageSelect() {
  return html`<label class="language"><span class="sr-only">${t('language.label')}</span>
    <svg class="globe" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="9.5" />
      <path d="M2.5 12h19M12 2.5c3 3 3 16 0 19M12 2.5c-3 3-3 16 0 19" /></svg>
    <select value=${language()} onChange=${(e) => chooseLanguage(e.currentTarget.value)}>
      ${LANGUAGES.map(([code, name]) => html`<option key=${code} value=${code} lang=${code}>${name}</option>`)}
    </select></label>`;
}

// `language`: the language switch in the header (the table has it in its menu).
export function SiteHeader({ children, language: withLanguage = true }) {
  return html`<header class="site">
    <a class="brand" href="/"><span class="brand-mark" aria-hidden="true">♠♥</span> Macau</a>
    <nav class="site-nav" aria-label=${t('nav.label')}>${children}${withLanguage && html`<${LanguageSelect} />`}</nav>
  </header>`;
}

// The player's pages: the leaderboards, his games, himself.
export function PlayerLinks() {
  return html`<a href="/leaderboards">${t('nav.leaderboards')}</a><a href="/me/games">${t('nav.my_games')}</a><a href="/me">${t('nav.me')}</a>`;
}

export function CopyButton({ text, label, done = t('copy.done') }) {
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

// "Easy bot", "Normal bot", "Hard bot": a bot level's tag
export const botWords = (level) => t(`bot.level.${level}`);

const SERVICE_BOT_NAME = /^(Easy|Normal|Hard) bot (\d+)$/;
const ERASED = 'Erased player'; // games.identity.ERASED_NAME

// A name the service makes (a bot's "Normal bot 2", "Erased player") in the page's
// language; a person's name as he wrote it.
export function shownName(info, seat) {
  const name = info && info.name;
  if (!name) return t('seat.nameless', { n: seat });
  const bot = info.kind === 'bot' && name.match(SERVICE_BOT_NAME);
  if (bot && Number(bot[2]) === seat) return t('bot.name', { level: botWords(bot[1].toLowerCase()), n: seat });
  if (name === ERASED && !info.profile_id && info.kind !== 'bot') return t('seat.erased');
  return name;
}

export function seatName(view, seat, you) {
  if (seat === you && you != null) return t('seat.you');
  return shownName(view && view.seats && view.seats[seat], seat);
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

// A variant's name in the page's language (the service's own, for a variant the catalog lacks).
export const variantName = (id, served) => (has(`variant.${id}`) ? t(`variant.${id}`) : served || id);

export function useVariantName(id) {
  const [name, setName] = useState(null);
  useEffect(() => {
    if (!id) return;
    loadVariants().then((vs) => setName((vs.find((v) => v.id === id) || {}).name || id)).catch(() => setName(id));
  }, [id]);
  return id ? variantName(id, name) : '';
}

// An API error in words: the service's own (English) words on an English page; the
// catalog's for its code or reason otherwise, or, lacking those, the service's words
// marked as English. The code itself is shown as it is.
export function problemWords(error) {
  const reason = error.reason || error.code;
  if (language() === 'en') return { text: error.detail || error.message, english: false, reason };
  for (const key of [`reason.${error.reason}`, `error.${error.code}`]) {
    if (has(key)) return { text: t(key), english: false, reason };
  }
  return { text: error.detail || error.message, english: true, reason };
}

export function Problem({ error }) {
  if (!error) return null;
  const { text, english, reason } = problemWords(error);
  const words = english ? html`${t('error.said')} <span lang="en">${text}</span>` : text;
  return html`<span>${words}${reason ? html` <code class="reason">${reason}</code>` : ''}</span>`;
}

export { num };
