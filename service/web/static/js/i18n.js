// The page's language. Every text of the page comes from one catalog per language
// (static/i18n/<code>.json, loaded before the first render: only the language shown is
// fetched). The language is the reader's choice, kept in this browser, else the first of
// the browser's languages we have, else English. Plurals by Intl.PluralRules, numbers,
// dates and lists by Intl.

export const LANGUAGES = [['en', 'English'], ['de', 'Deutsch'], ['hu', 'Magyar'], ['pl', 'Polski'], ['ro', 'Română'],
  ['he', 'עברית']];
const CODES = LANGUAGES.map(([code]) => code);
const RTL = new Set(['he']);
const PREF = 'macau:pref:lang';

let lang = 'en';
let catalog = {};
let cardinal = new Intl.PluralRules('en');
let ordinalRules = new Intl.PluralRules('en', { type: 'ordinal' });
let numbers = new Intl.NumberFormat('en');

function kept() {
  try {
    return window.localStorage.getItem(PREF);
  } catch (e) {
    return null;
  }
}

// The language to show: the one chosen in this browser, else the browser's (de-AT: de;
// iw: he, its old code), else English.
export function preferredLanguage(chosen = kept(), wanted = navigator.languages || [navigator.language]) {
  if (CODES.includes(chosen)) return chosen;
  for (const tag of wanted || []) {
    const base = String(tag || '').toLowerCase().split('-')[0];
    const code = base === 'iw' ? 'he' : base;
    if (CODES.includes(code)) return code;
  }
  return 'en';
}

export const catalogUrl = (code) => new URL(`../i18n/${code}.json`, import.meta.url).href;

export async function loadLanguage(code = preferredLanguage()) {
  const response = await fetch(catalogUrl(code), { credentials: 'omit' });
  if (!response.ok) throw new Error(`the ${code} catalog cannot be loaded (HTTP ${response.status})`);
  useCatalog(code, await response.json());
}

export function useCatalog(code, messages) {
  lang = code;
  catalog = messages;
  cardinal = new Intl.PluralRules(code);
  ordinalRules = new Intl.PluralRules(code, { type: 'ordinal' });
  numbers = new Intl.NumberFormat(code);
  const root = document.documentElement;
  root.lang = code;
  root.dir = RTL.has(code) ? 'rtl' : 'ltr';
}

export const language = () => lang;
export const rtl = () => RTL.has(lang);

// The reader's choice, kept for the next visit; the page is shown again in it.
export function chooseLanguage(code) {
  if (!CODES.includes(code)) return;
  try {
    window.localStorage.setItem(PREF, code);
  } catch (e) {
    // storage disabled: the choice lasts for this page only
  }
  window.location.reload();
}

// A message: a string, or its plural forms by Intl.PluralRules category (ordinal ones for
// keys ending in ".ordinal"), chosen by the parameter `n`.
function message(key, n) {
  const m = catalog[key];
  if (m == null) return key; // a missing key shows itself (tests/browser/test_languages.py fails on it)
  if (typeof m === 'string') return m;
  const rules = key.endsWith('.ordinal') ? ordinalRules : cardinal;
  return m[rules.select(Number(n) || 0)] ?? m.other;
}

const shown = (v) => (typeof v === 'number' ? numbers.format(v) : String(v ?? ''));

// t('seat.cards', { n: 3 }) -> "3 cards": {name} is filled from params, numbers by Intl.
export function t(key, params = {}) {
  return message(key, params.n).replace(/\{(\w+)\}/g, (all, name) => (name in params ? shown(params[name]) : all));
}

// The same, as parts for a template: a parameter may be an element ("<strong>2 of 4</strong>").
export function tx(key, params = {}) {
  const parts = [];
  const text = message(key, params.n);
  let at = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    if (!(m[1] in params)) continue;
    parts.push(text.slice(at, m.index));
    const v = params[m[1]];
    parts.push(typeof v === 'number' || typeof v === 'string' ? shown(v) : v);
    at = m.index + m[0].length;
  }
  parts.push(text.slice(at));
  return parts.filter((p) => p !== '');
}

export const has = (key) => key in catalog;
export const num = (n) => numbers.format(n);
// a rating, as a score is written: 1012, not 1,012
export const rating = (n) => new Intl.NumberFormat(lang, { useGrouping: false }).format(n);
export const list = (items) => new Intl.ListFormat(lang, { type: 'conjunction' }).format(items.map(String));
export const orList = (items) => new Intl.ListFormat(lang, { type: 'disjunction' }).format(items.map(String));
export const capitalise = (s) => (s ? s[0].toLocaleUpperCase(lang) + s.slice(1) : s);

export function dateTime(at) {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

// "42 seconds", "5 hours", "2 days": a length of time as a screen reader says it.
export const unit = (n, which) => new Intl.NumberFormat(lang, { style: 'unit', unit: which, unitDisplay: 'long' }).format(n);
