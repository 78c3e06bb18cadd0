// Following the game: each seat's last move, moves shown one at a time, cards that travel,
// and a sound when it is your turn. Everything here is read from the events the page
// already holds; none of it decides what may be played.
import { useEffect, useRef, useState } from '../vendor/preact-htm.js';
import { prefs } from './api.js';

// A seat's own moves, and how long each is held on screen when others make them.
export const STEP_MS = { card_played: 1000, cards_drawn: 700, player_passed: 600, turn_skipped: 600, skip_accepted: 600,
  turn_timed_out: 600, call_made: 500 };
const MAX_BACKLOG = 6; // a longer backlog (a tab in the background) is skipped to its last moves

export const motionAllowed = () => !window.matchMedia('(prefers-reduced-motion: reduce)').matches;

// The settings a player may change: pacing and moving cards, and a sound on his turn.
export function usePref(key, fallback) {
  const [value, setValue] = useState(() => prefs.get(key, fallback));
  return [value, (v) => { prefs.set(key, v); setValue(String(v)); }];
}

// Each seat's last move since the round began, up to event `upto`:
// { seat: { action: 'play'|'draw'|'pass'|'skip'|'timeout'|'call', cards, count, jokerAs, seq } }
export function lastMoves(events, upto = Infinity) {
  const out = {};
  for (const e of events) {
    if (e.seq > upto) break;
    const d = e.data || {};
    if (e.type === 'round_started') {
      for (const k of Object.keys(out)) delete out[k];
      continue;
    }
    if (e.seat == null) continue;
    if (e.type === 'card_played') out[e.seat] = { action: 'play', cards: d.cards, jokerAs: d.joker_as || null, seq: e.seq };
    else if (e.type === 'cards_drawn') {
      const prev = out[e.seat];
      const count = (d.cards ? d.cards.length : d.count) || 0;
      out[e.seat] = prev && prev.action === 'draw' && prev.seq === e.seq - 1 ? { ...prev, count: prev.count + count, seq: e.seq }
        : { action: 'draw', count, seq: e.seq };
    } else if (e.type === 'player_passed') out[e.seat] = { action: 'pass', seq: e.seq };
    else if (e.type === 'turn_skipped' || e.type === 'skip_accepted') out[e.seat] = { action: 'skip', seq: e.seq };
    else if (e.type === 'turn_timed_out') out[e.seat] = { action: 'timeout', seq: e.seq };
  }
  return out;
}

// The card on top of the discard pile after event `upto`, and who put it there.
export function topAt(events, upto) {
  let top = null;
  for (const e of events) {
    if (e.seq > upto) break;
    if (e.type === 'round_started') top = { code: e.data.upcard, as: null, seat: null };
    else if (e.type === 'card_played') top = { code: e.data.cards[e.data.cards.length - 1], as: e.data.joker_as || null, seat: e.seat };
  }
  return top;
}

// The end of a round is a moment of its own: the last card lands, then who won the round
// and its scores, until the next deal (after ROUND_END_MS, or sooner if the player asks).
// (or, when the player asked to be waited for, only when he asks).
export const ROUND_END_MS = 6000;
const holdMs = (e, waitAtRoundEnd) => (e.type === 'round_ended' ? (waitAtRoundEnd ? Infinity : ROUND_END_MS) : STEP_MS[e.type]);

// What the table stops on: a move of another seat (when pacing), the end of a round that
// another follows (always: the last one ends the game, and the game's end shows that).
function isStep(e, you, pacing, events) {
  if (e.type === 'round_ended') return events.some((x) => x.seq > e.seq && x.type === 'round_started');
  return pacing && !!STEP_MS[e.type] && e.seat != null && e.seat !== you;
}

const roundOf = (events) => {
  for (let i = events.length - 1; i >= 0; i -= 1) if (events[i].type === 'round_started') return events[i].data.round;
  return 0;
};

// The version the table shows: the view's, reached one step at a time (each held a while)
// when pacing is on, at once otherwise (and on the first load), stopping at the end of each
// round. A step is shown from the first render that knows of it, so the later state never
// flashes by first; a long backlog (a tab in the background) is skipped to its last moves.
// Returns [the version shown, a function that ends the step shown now].
const EVENTS_GRACE_MS = 800; // a view may arrive before the stream's events that lead to it

export function usePacedVersion(view, events, you, pacing, waitAtRoundEnd = false) {
  const [held, setHeld] = useState(null); // { seq, until }: the step on screen now
  const [, setTick] = useState(0);
  const done = useRef(0); // every event up to here has been shown
  const seen = useRef([0, 0]); // [the view's version, when it came]
  const heldRef = useRef(null);
  heldRef.current = held;
  const version = view ? view.version : 0;
  if (seen.current[0] !== version) seen.current = [version, Date.now()];
  // pacing, a view ahead of the events is shown once they come (or after a grace period)
  // (and, pacing or not, a view of a later round: the end of this one is to be shown first)
  const known = events.length ? events[events.length - 1].seq : 0;
  const roundAhead = !!view && view.round > roundOf(events);
  const lagging = (pacing || roundAhead) && done.current > 0 && known < version
    && Date.now() - seen.current[1] < EVENTS_GRACE_MS;
  const target = lagging ? Math.max(known, done.current) : version;
  useEffect(() => {
    if (!lagging) return undefined;
    const id = setTimeout(() => setTick((t) => t + 1), EVENTS_GRACE_MS);
    return () => clearTimeout(id);
  }, [lagging, version]);
  let next = null;
  if (!held && done.current > 0 && !document.hidden) {
    const steps = events.filter((e) => e.seq > done.current && e.seq <= target && isStep(e, you, pacing, events));
    next = steps[0] || null;
    if (steps.length > MAX_BACKLOG) next = steps[steps.length - MAX_BACKLOG];
  }
  useEffect(() => {
    if (!view) return undefined;
    if (next) {
      setHeld({ seq: next.seq, until: Date.now() + holdMs(next, waitAtRoundEnd) });
      return undefined;
    }
    if (!held) {
      done.current = Math.max(done.current, target);
      return undefined;
    }
    if (held.until === Infinity) return undefined; // until the player goes on
    const id = setTimeout(() => {
      done.current = held.seq;
      setHeld(null); // the next render shows the next step, or the view
    }, Math.max(0, held.until - Date.now()));
    return () => clearTimeout(id);
  }, [next && next.seq, held, target]);
  const release = () => {
    const h = heldRef.current;
    if (!h) return;
    done.current = h.seq;
    setHeld(null);
  };
  if (!view) return [0, release];
  if (held) return [Math.min(held.seq, target), release];
  return [next ? next.seq : target, release];
}

// The table as it stood after event `upto`, from the events alone: what the felt shows
// while earlier moves are shown (the view is the latest state). Null when the events do
// not reach back to the round's deal. `you`: the viewer's seat, whose hand is rebuilt.
export function tableAt(events, upto, you = null) {
  let at = null;
  let scores = null;
  for (const e of events) {
    if (e.seq > upto) break;
    const d = e.data || {};
    if (e.type === 'round_started') {
      const sizes = d.hand_sizes || (d.hands || []).map((h) => (h ? h.length : 0));
      at = { round: d.round, dealer: d.dealer, sizes: [...sizes], stock: d.stock_size, discard: 1, out: sizes.map(() => false),
        places: sizes.map(() => null), scores: scores || sizes.map(() => 0), hand: you != null && d.hands && d.hands[you] ? [...d.hands[you]] : null,
        direction: null, ended: false };
      continue;
    }
    if (e.type === 'round_ended' || e.type === 'game_ended') scores = [...d.scores];
    if (!at) continue;
    const mine = you != null && e.seat === you && at.hand;
    switch (e.type) {
      case 'card_played':
        at.sizes[e.seat] -= d.cards.length;
        at.discard += d.cards.length;
        if (mine) for (const c of d.cards) at.hand.splice(at.hand.indexOf(c), 1);
        break;
      case 'cards_drawn': {
        const n = d.cards ? d.cards.length : d.count;
        at.sizes[e.seat] += n;
        at.stock = Math.max(0, at.stock - n);
        if (mine && d.cards) at.hand.push(...d.cards);
        break;
      }
      case 'stock_reshuffled':
        at.stock = d.stock_size ?? at.stock;
        at.discard = 1;
        break;
      case 'hands_swapped':
        at.sizes[e.seat] = d.seat_hand_size ?? (d.seat_hand || []).length;
        at.sizes[d.with_seat] = d.with_hand_size ?? (d.with_hand || []).length;
        if (you != null && at.hand && e.seat === you && d.seat_hand) at.hand = [...d.seat_hand];
        if (you != null && at.hand && d.with_seat === you && d.with_hand) at.hand = [...d.with_hand];
        break;
      case 'cards_passed':
        for (const [from, to, card] of d.transfers || []) {
          at.sizes[from] -= 1;
          at.sizes[to] += 1;
          if (at.hand && from === you && card) at.hand.splice(at.hand.indexOf(card), 1);
          if (at.hand && to === you && card) at.hand.push(card);
        }
        break;
      case 'direction_changed':
        at.direction = d.direction;
        break;
      case 'player_out':
        at.out[e.seat] = true;
        at.places[e.seat] = d.place;
        break;
      case 'round_ended':
        if (d.hand_sizes) at.sizes = [...d.hand_sizes];
        at.scores = [...d.scores];
        at.ended = true;
        if (you != null && d.hands && d.hands[you]) at.hand = [...d.hands[you]];
        break;
      case 'game_ended':
        at.scores = [...d.scores];
        break;
      default:
    }
  }
  return at;
}

// ---------------------------------------------------------------- cards that travel
let layer = null;

function flightLayer() {
  if (!layer || !layer.isConnected) {
    layer = document.createElement('div');
    layer.className = 'flights';
    layer.setAttribute('aria-hidden', 'true');
    document.body.appendChild(layer);
  }
  return layer;
}

export const rectOf = (selector) => {
  const el = typeof selector === 'string' ? document.querySelector(selector) : selector;
  return el ? el.getBoundingClientRect() : null;
};

// A card (a face, or a back when `face` is null) that travels from one box to another:
// a copy in a layer over the page, moved by a CSS transition of its transform.
export function fly(from, to, face, { ms = 450 } = {}) {
  if (!from || !to || !motionAllowed()) return;
  const card = document.createElement('span');
  card.className = `card flyer ${face ? '' : 'back'}`;
  if (face) card.appendChild(face.cloneNode(true));
  else card.appendChild(Object.assign(document.createElement('span'), { className: 'face' }));
  const w = Math.min(to.width, 90);
  card.style.width = `${w}px`;
  card.style.height = `${w * 1.42}px`;
  const at = (r) => `translate(${r.left + r.width / 2 - w / 2}px, ${r.top + r.height / 2 - (w * 1.42) / 2}px)`;
  card.style.transform = at(from);
  card.style.transitionDuration = `${ms}ms`;
  flightLayer().appendChild(card);
  card.getBoundingClientRect(); // the start is laid out before the move begins
  requestAnimationFrame(() => { card.style.transform = at(to); });
  const done = () => card.remove();
  card.addEventListener('transitionend', done);
  setTimeout(done, ms + 300);
}

// A face to fly: the rendered face of a card code somewhere on the page, if any.
export const faceOf = (code) => {
  const el = document.querySelector(`[data-card="${CSS.escape(code)}"] .face`);
  return el || null;
};

// ---------------------------------------------------------------- a sound on your turn
let audio = null;

export function chime() {
  try {
    audio = audio || new AudioContext();
    const t = audio.currentTime;
    [660, 880].forEach((f, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, t + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, t + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.12 + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start(t + i * 0.12);
      osc.stop(t + i * 0.12 + 0.3);
    });
  } catch (e) {
    // no audio here: nothing to do
  }
}
