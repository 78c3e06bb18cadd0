// The game log: events in words, newest last. Routine events (whose turn it is) stay in
// the list for completeness but hidden, so assistive technology reads only what matters.
import { html, useEffect, useLayoutEffect, useRef } from '../vendor/preact-htm.js';

export function EventLog({ lines, title = 'Game log' }) {
  const box = useRef(null);
  const pinned = useRef(true); // follow the newest line until the reader scrolls up
  const autoTop = useRef(-1);
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
  return html`<section class="log" aria-labelledby="log-heading">
    <h2 id="log-heading">${title}</h2>
    <ol class="log-lines" role="log" aria-live="polite" aria-labelledby="log-heading" ref=${box} onScroll=${onScroll} tabindex="0">
      ${lines.map((l) => html`<li key=${l.first} data-seq=${String(l.first)} data-last-seq=${String(l.last)}
        class=${`ev-${l.type}`} hidden=${l.quiet}>${l.text}</li>`)}
    </ol>
  </section>`;
}
