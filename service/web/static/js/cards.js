// Card faces, drawn with SVG paths written for this page. Suits differ by shape, not
// only by colour, and every card carries its code (API.md: 10H, QS, JKR) in its name.
// Their names are the language's (the catalog's card.* keys: docs/web-table.md says how
// players of each language name them).
import { html } from '../vendor/preact-htm.js';
import { t } from './i18n.js';

export const SUITS = {
  C: { symbol: '♣', red: false },
  D: { symbol: '♦', red: true },
  H: { symbol: '♥', red: true },
  S: { symbol: '♠', red: false },
};
const COURT = new Set(['J', 'Q', 'K', 'A']);
const SUIT_ORDER = { C: 0, D: 1, H: 2, S: 3, J: 4 };
const RANK_ORDER = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

export function parseCard(code) {
  if (code === 'JKR' || code === 'JKB') return { code, joker: true, red: code === 'JKR', rank: 'JK', suit: null };
  const suit = code.slice(-1);
  return { code, joker: false, rank: code.slice(0, -1), suit, red: SUITS[suit]?.red ?? false };
}

export const rankName = (rank) => (COURT.has(rank) ? t(`card.rank.${rank}`) : rank);
// the letter printed in a card's corner: K, or B (Bube), W (walet)…
export const rankMark = (rank) => (COURT.has(rank) ? t(`card.mark.${rank}`) : rank);
export const suitName = (suit) => (SUITS[suit] ? t(`card.suit.${suit}`) : suit);
// "♠ spades"
export const suitWords = (suit) => (SUITS[suit] ? `${SUITS[suit].symbol} ${suitName(suit)}` : suit);

// "10 of hearts", "queen of spades", "red joker"
export function cardName(code) {
  const c = parseCard(code);
  if (c.joker) return t(c.red ? 'card.joker.red' : 'card.joker.black');
  return t('card.name', { rank: rankName(c.rank), suit: suitName(c.suit) });
}

// "10♥", "Q♠", "red Joker": short text for logs
export function cardText(code) {
  const c = parseCard(code);
  if (c.joker) return t(c.red ? 'card.joker_short.red' : 'card.joker_short.black');
  return `${rankMark(c.rank)}${SUITS[c.suit]?.symbol ?? c.suit}`;
}

// The hand's cards in display order, [{ code, index }]: by suit (then rank), or by rank
// (then suit); jokers last.
export function sortHand(cards, by = 'suit') {
  const key = (code) => {
    const c = parseCard(code);
    const suit = c.joker ? 4 : SUIT_ORDER[c.suit];
    const rank = c.joker ? 99 : RANK_ORDER.indexOf(c.rank);
    return by === 'rank' ? [c.joker ? 1 : 0, rank, suit] : [suit, rank, 0];
  };
  return cards
    .map((code, index) => ({ code, index, k: key(code) }))
    .sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.k[2] - b.k[2] || a.index - b.index)
    .map(({ code, index }) => ({ code, index }));
}

const PATHS = {
  H: 'M50 90C22 66 5 50 5 30 5 15 16 5 29 5c9 0 16 5 21 13C55 10 62 5 71 5c13 0 24 10 24 25 0 20-17 36-45 60z',
  D: 'M50 3 87 50 50 97 13 50z',
  S: 'M50 5C36 24 6 40 6 61c0 13 10 22 22 22 9 0 15-4 19-10-1 9-5 16-12 22h30c-7-6-11-13-12-22 4 6 10 10 19 10 12 0 22-9 22-22C94 40 64 24 50 5z',
  C: 'M50 6a20 20 0 0 0-17 30A20 20 0 1 0 46 70c-1 10-5 18-12 25h32c-7-7-11-15-12-25a20 20 0 1 0 13-34A20 20 0 0 0 50 6z',
};

export function Suit({ suit, className = 'suit' }) {
  return html`<svg class=${className} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
    <path d=${PATHS[suit]} /></svg>`;
}

function JokerMark() {
  return html`<svg class="suit" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
    <path d="M50 4l13 30 33 3-25 22 8 33-29-17-29 17 8-33L4 37l33-3z" /></svg>`;
}

// The face itself (decorative: the element that holds it carries the accessible name).
// Its rank is drawn by CSS (``content: attr(data-rank)``), so the face adds no text to
// the name of the button or image that holds it.
export function CardFace({ code }) {
  const c = parseCard(code);
  const colour = c.red ? 'red' : 'black';
  if (c.joker) {
    return html`<span class=${`face joker ${colour}`} aria-hidden="true">
      <span class="index"><span class="rank" data-rank="★"></span></span>
      <${JokerMark} />
      <span class="joker-word"></span>
    </span>`;
  }
  return html`<span class=${`face ${colour} suit-${c.suit}`} aria-hidden="true">
    <span class="index"><span class="rank" data-rank=${rankMark(c.rank)}></span><${Suit} suit=${c.suit} className="suit corner" /></span>
    <${Suit} suit=${c.suit} className="suit pip" />
    <span class="index flip"><span class="rank" data-rank=${rankMark(c.rank)}></span><${Suit} suit=${c.suit} className="suit corner" /></span>
  </span>`;
}

// A card shown, not played: the top card, a replay's hands, a log entry.
export function Card({ code, size = '', label, attrs = {} }) {
  return html`<span class=${`card ${size}`} role="img" aria-label=${label || `${cardName(code)} (${code})`}
    data-card=${code} ...${attrs}><${CardFace} code=${code} /></span>`;
}

export function CardBack({ size = '', label = t('card.back') }) {
  return html`<span class=${`card back ${size}`} role="img" aria-label=${label}><span class="face"></span></span>`;
}
