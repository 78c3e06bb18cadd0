// Your hand in the order you keep it: sorted by suit or by rank, or arranged by hand
// (dragged, or moved with keys and buttons). Kept per game in this browser.
import { kept } from './api.js';
import { sortHand } from './cards.js';

const key = (gameId) => `macau:hand:${gameId}`;

export function loadOrder(gameId) {
  const o = kept.get(key(gameId));
  if (o && ['suit', 'rank', 'own'].includes(o.by) && Array.isArray(o.codes)) return o;
  return { by: 'suit', codes: [] };
}

export const saveOrder = (gameId, order) => kept.set(key(gameId), order);

// The hand ([codes], as the service lists it) in display order, [{ code, index }]. Arranged
// by hand: the kept order first (a card held twice, twice), then cards new to the hand, in
// the order they came.
export function arrange(hand, order) {
  if (order.by !== 'own') return sortHand(hand, order.by);
  const left = hand.map((code, index) => ({ code, index }));
  const out = [];
  for (const code of order.codes) {
    const at = left.findIndex((c) => c.code === code);
    if (at >= 0) out.push(left.splice(at, 1)[0]);
  }
  return out.concat(left);
}

// The codes in display order after moving the card at position `from` to position `to`.
export function moved(shown, from, to) {
  const codes = shown.map((c) => c.code);
  const [card] = codes.splice(from, 1);
  codes.splice(Math.max(0, Math.min(to, codes.length)), 0, card);
  return codes;
}
