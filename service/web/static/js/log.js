// The game log: events in words, newest last. Routine events (whose turn it is) stay in
// the list for completeness but hidden, so assistive technology reads only what matters.
// On a narrow screen it is folded away under its heading (the table shows the game). It
// is not read out as it grows: the table's announcer says each move once (table.js).
import { html, useEffect, useLayoutEffect, useRef, useState } from '../vendor/preact-htm.js';
import { t } from './i18n.js';

const WIDE = '(min-width: 901px)';

export function EventLog({ lines, title = t('log.title'), what = t('log.the_log') }) {
  const box = useRef(null);
  const pinned = useRef(true); // follow the newest line until the reader scrolls up
  const autoTop = useRef(-1);
  const [open, setOpen] = useState(() => window.matchMedia(WIDE).matches);
  const follow = () => {
    const el = box.current;
    if (el && pinned.current) {
      el.scrollTop = el.scrollHeight;
      autoTop.current = el.scrollTop;
    }
  };
  useLayoutEffect(follow);
  useEffect(() => { // lines re-wrap when the column changes width: stay on the newest
    const observer = new ResizeObserver(follow);
    observer.observe(box.current);
    return () => observer.disconnect();
  }, []);
  const onScroll = () => {
    const el = box.current;
    if (Math.abs(el.scrollTop - autoTop.current) < 2) return; // our own scroll, not the reader's
    pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
  };
  const shown = lines.filter((l) => !l.quiet);
  const newest = shown.length ? shown[shown.length - 1].text : '';
  return html`<section class=${`log ${open ? 'open' : 'folded'}`} aria-labelledby="log-heading">
    <div class="log-head">
      <h2 id="log-heading">${title}</h2>
      ${!open && newest && html`<span class="log-newest" aria-hidden="true">${newest}</span>`}
      <button type="button" class="ghost small" aria-expanded=${open ? 'true' : 'false'} aria-controls="log-lines"
        onClick=${() => setOpen(!open)}>${open ? t('log.hide') : t('log.show')}<span class="sr-only"> ${what}</span></button>
    </div>
    <div class="log-lines" id="log-lines" role="log" aria-live="off" aria-labelledby="log-heading" ref=${box}
      onScroll=${onScroll} tabindex="0" hidden=${!open}>
      <ol>
        ${lines.map((l) => html`<li key=${l.first} data-seq=${String(l.first)} data-last-seq=${String(l.last)}
          class=${`ev-${l.type}`} hidden=${l.quiet}>${l.text}</li>`)}
      </ol>
    </div>
  </section>`;
}
