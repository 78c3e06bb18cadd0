// The custom rules editor: a base preset and overrides of any of its parameters. The
// form is generated from the preset's rule set as the service describes it (GET
// /v1/variants/{id}); only changed values are sent. The API names an invalid parameter
// ("rules.deal.hand_size: ..."), and the error is shown next to that field.
import { html, useEffect, useState } from '../vendor/preact-htm.js';
import { api } from './api.js';
import { language, t } from './i18n.js';
import { variantName } from './ui.js';

// A parameter's name: in English its words ("hand size"); in another language the API's
// own identifier (hand_size, RULES.md §4), marked as English.
const paramName = (key) => (language() === 'en' ? key.replace(/_/g, ' ') : html`<code lang="en">${key}</code>`);

const HIDDEN = new Set(['id', 'base']);

export const fieldId = (path) => `rule-${path.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

// Leaves of the rule set: [{ path: "deal.hand_size", value }]; lists are one leaf each.
export function leaves(rules, prefix = '') {
  const out = [];
  for (const [key, value] of Object.entries(rules)) {
    if (!prefix && HIDDEN.has(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) out.push(...leaves(value, path));
    else out.push({ path, value });
  }
  return out;
}

function setPath(obj, path, value) {
  const keys = path.split('.');
  let node = obj;
  keys.slice(0, -1).forEach((k) => {
    node[k] = node[k] || {};
    node = node[k];
  });
  node[keys[keys.length - 1]] = value;
}

// Text of a leaf as edited (booleans stay booleans).
export function initialText(value) {
  if (typeof value === 'boolean') return value;
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function parseText(text, base) {
  if (typeof base === 'boolean') return text;
  if (typeof base === 'number') {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n) ? n : text; // not a number: the service names it
  }
  if (base === null || typeof base === 'object') {
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text);
    } catch (e) {
      return text; // sent as written: the service says what is wrong with it
    }
  }
  return text;
}

// The overrides to send: every leaf whose edited value differs from the base.
export function overrides(baseRules, edits) {
  const out = {};
  for (const { path, value } of leaves(baseRules)) {
    if (!(path in edits)) continue;
    const parsed = parseText(edits[path], value);
    if (JSON.stringify(parsed) !== JSON.stringify(value)) setPath(out, path, parsed);
  }
  return out;
}

// The field an API error names: the longest field path the parameter starts with.
export function fieldFor(param, paths) {
  const p = param.replace(/^rules\./, '');
  let best = null;
  for (const path of paths) {
    if ((p === path || p.startsWith(`${path}.`) || p.startsWith(`${path}[`)) && (!best || path.length > best.length)) best = path;
  }
  return best;
}

export function RulesEditor({ presets, base, onBase, edits, onEdit, errors, onRules }) {
  const [rules, setRules] = useState(null);
  useEffect(() => {
    let alive = true;
    setRules(null);
    api('GET', `/variants/${encodeURIComponent(base)}`).then(({ data }) => {
      if (alive) {
        setRules(data.rules);
        onRules(data.rules);
      }
    }).catch(() => {});
    return () => { alive = false; };
  }, [base]);
  const groups = {};
  for (const leaf of rules ? leaves(rules) : []) {
    const top = leaf.path.split('.')[0];
    (groups[top] = groups[top] || []).push(leaf);
  }
  return html`<fieldset class="rules-editor">
    <legend>${t('rules.legend')}</legend>
    <div class="field">
      <label for="rule-base">${t('rules.base')}</label>
      <select id="rule-base" name="rules.base" value=${base} onChange=${(e) => onBase(e.currentTarget.value)}
        aria-invalid=${errors['rules.base'] ? 'true' : undefined} aria-describedby=${errors['rules.base'] ? 'rule-base-error' : undefined}>
        ${presets.map((v) => html`<option key=${v.id} value=${v.id}>${variantName(v.id, v.name)}</option>`)}
      </select>
      ${errors['rules.base'] && html`<p class="field-error" id="rule-base-error">${errors['rules.base']}</p>`}
    </div>
    <p class="muted">${t('rules.help')}</p>
    ${!rules ? html`<p role="status">${t('rules.loading')}</p>` : Object.entries(groups).map(([group, items]) => html`
      <details class="rule-group" key=${group} open=${items.some((l) => errors[l.path])}>
        <summary>${paramName(group)}</summary>
        <div class="rule-grid">
          ${items.map((leaf) => html`<${RuleField} key=${leaf.path} leaf=${leaf} text=${leaf.path in edits ? edits[leaf.path] : initialText(leaf.value)}
            error=${errors[leaf.path]} onEdit=${onEdit} />`)}
        </div>
      </details>`)}
  </fieldset>`;
}

function RuleField({ leaf, text, error, onEdit }) {
  const id = fieldId(leaf.path);
  const errorId = `${id}-error`;
  const label = leaf.path.split('.').slice(1).join('.') || leaf.path;
  const common = {
    id, name: `rules.${leaf.path}`, 'aria-invalid': error ? 'true' : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  let input;
  if (typeof leaf.value === 'boolean') {
    input = html`<input type="checkbox" ...${common} checked=${text} onChange=${(e) => onEdit(leaf.path, e.currentTarget.checked)} />`;
  } else if (leaf.value !== null && typeof leaf.value === 'object') {
    input = html`<textarea ...${common} rows="2" spellcheck="false" value=${text} onInput=${(e) => onEdit(leaf.path, e.currentTarget.value)}></textarea>`;
  } else {
    input = html`<input type="text" inputmode=${typeof leaf.value === 'number' ? 'decimal' : undefined} ...${common}
      value=${text} placeholder=${leaf.value === null ? t('rules.none') : undefined} onInput=${(e) => onEdit(leaf.path, e.currentTarget.value)} />`;
  }
  return html`<div class=${`field ${typeof leaf.value === 'boolean' ? 'check' : ''} ${error ? 'has-error' : ''}`} data-rule=${leaf.path}>
    <label for=${id}>${paramName(label)}</label>
    ${input}
    ${error && html`<p class="field-error" id=${errorId}>${error}</p>`}
  </div>`;
}
