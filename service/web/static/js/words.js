// Events in words: "Hard bot 3 played K♠: Ann must draw 5".
import { cardText } from './cards.js';

const SUIT_WORDS = { C: '♣ clubs', D: '♦ diamonds', H: '♥ hearts', S: '♠ spades' };
const CHAIN_WORDS = { draw: 'the penalty', skip: 'the skip', wish: 'the wish' };
const DRAW_WORDS = {
  penalty: 'as a penalty', call_penalty: 'for not calling', false_catch: 'for a false catch', forced: '',
};
const ORDINAL = (n) => `${n}${['th', 'st', 'nd', 'rd'][(n % 100 > 10 && n % 100 < 14) || n % 10 > 3 ? 0 : n % 10]}`;

export const ordinal = ORDINAL;
export const cardsText = (cards) => cards.map(cardText).join(', ');
const count = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function wishText(kind, value, you = false) {
  const wish = you ? 'wish' : 'wishes';
  if (kind === 'suit') return `${wish} for ${SUIT_WORDS[value] || value}`;
  if (kind === 'rank') return `${wish} for ${['8', 'A'].includes(value) ? 'an' : 'a'} ${value}`;
  return you ? 'make a free wish' : 'makes a free wish';
}

// A wish right after the deal is the first card's own (RULES.md Z5): nobody chose it.
const upcardWish = (e, prev) => e.type === 'wish_set' && prev != null && prev.type === 'round_started'
  && prev.seq === e.seq - 1;

// ctx: { name(seat) -> "Ann" | "you", you: seat | null, callWord: "Macau", variantName }; prev: the
// event before e, if known. Lines are capitalised where they start
function sentence(e, ctx, prev) {
  const d = e.data || {};
  const who = e.seat == null ? '' : ctx.name(e.seat);
  const mine = ctx.you != null && e.seat === ctx.you;
  switch (e.type) {
    case 'game_created': return `Table created: ${ctx.variantName || d.variant}, ${count(d.seats, 'seat')}`;
    case 'player_joined': return `${who} sat down`;
    case 'bot_joined': return `${who} joined the table`;
    case 'player_left': return `${who} left; a bot plays on`;
    case 'autopilot_changed': return d.on ? `${who} is on autopilot` : `${who} is back`;
    case 'game_started': return 'The game starts';
    case 'round_started': {
      const hand = ctx.you != null && d.hands && d.hands[ctx.you];
      const dealt = hand ? `: you hold ${cardsText(hand)}` : '';
      return `Round ${d.round}: ${ctx.name(d.dealer)} ${ctx.you === d.dealer ? 'deal' : 'deals'}, `
        + `the first card is ${cardText(d.upcard)}${dealt}`;
    }
    case 'turn_started': return `${who}: ${mine ? 'your' : 'their'} turn`;
    case 'card_played': {
      const as = d.joker_as ? ` (joker as ${cardText(d.joker_as)})` : '';
      return `${who} played ${cardsText(d.cards)}${as}`;
    }
    case 'cards_drawn': {
      const what = d.cards ? cardsText(d.cards) : count(d.count, 'card');
      const why = DRAW_WORDS[d.reason] ? ` ${DRAW_WORDS[d.reason]}` : '';
      return `${who} drew ${what}${why}`;
    }
    case 'player_passed': return `${who} passed`;
    case 'turn_timed_out': return `${who} ran out of time`;
    case 'turn_skipped': return `${who} sat out a turn`;
    case 'direction_changed': return `play turns ${d.direction === 'ccw' ? 'counter-clockwise' : 'clockwise'}`;
    case 'stock_reshuffled': return 'The discard pile was shuffled into a new stock';
    case 'hands_swapped': return `${who} swapped hands with ${ctx.name(d.with_seat)}`;
    case 'draw_pending': return `${ctx.name(d.target)} must draw ${d.amount} or answer`;
    case 'skip_pending': return `${ctx.name(d.target)} must sit out ${count(d.turns, 'turn')} or answer`;
    case 'chain_cancelled': return `${CHAIN_WORDS[d.kind] || 'the effect'} is cancelled`;
    case 'penalty_taken': return `${who} took the penalty of ${d.amount}${d.drawn < d.amount ? ` (only ${d.drawn} left to draw)` : ''}`;
    case 'skip_accepted': return `${who} sat out ${count(d.turns, 'turn')}`;
    case 'wish_set': return upcardWish(e, prev) ? `the first card ${wishText(d.kind, d.value)}`
      : `${who} ${wishText(d.kind, d.value, mine)}`;
    case 'wish_fulfilled': return 'the wish is met';
    case 'wish_expired': return 'The wish has expired';
    case 'follow_up_required': return `${who} must follow up`;
    case 'skip_robin_started': return `a robin starts (${d.count})`;
    case 'skip_robin_joined': return `the robin grows to ${d.count}`;
    case 'skip_robin_declined': return `${who} let the robin pass`;
    case 'skip_robin_ended': return e.seat == null ? 'The robin ends' : `The robin ends: ${who} gets bonus turns`;
    case 'bonus_turns_granted': return `${who} gets ${count(d.turns, 'bonus turn')}`;
    case 'call_made': return `${who}: “${ctx.callWord}!”`;
    case 'call_window_opened': return `${who} ${mine ? 'have' : 'has'} one card left`;
    case 'call_window_closed': return `${who}: the call window closed`;
    case 'call_penalty_applied':
      return d.caught_by != null
        ? `${ctx.name(d.caught_by)} caught ${who} not calling “${ctx.callWord}”: ${d.amount} penalty cards`
        : `${who} did not call “${ctx.callWord}”: ${d.amount} penalty cards`;
    case 'false_catch_penalized': return `${who} called a false catch on ${ctx.name(d.target)}: ${d.amount} cards`;
    case 'going_out_deferred': return `${who} played the last card; the chain decides`;
    case 'player_out': return `${who} ${mine ? 'are' : 'is'} out, in ${ORDINAL(d.place)} place`;
    case 'round_ended': {
      const first = (d.standings || []).map((place, seat) => [place, seat]).filter(([place]) => place === 1).map(([, seat]) => ctx.name(seat));
      return first.length === 1 ? `Round ${d.round} is over: ${first[0]} ${first[0] === 'you' ? 'win' : 'wins'} it` : `Round ${d.round} is over`;
    }
    case 'game_ended': {
      const names = (d.winners || []).map(ctx.name);
      return names.length ? `Game over: ${names.join(' and ')} ${names.length === 1 && names[0] !== 'you' ? 'wins' : 'win'}` : 'Game over';
    }
    case 'pass_cards_requested': return 'Everyone passes a card to the left';
    case 'pass_card_chosen': return d.card ? `${who} chose ${cardText(d.card)} to pass` : `${who} chose a card to pass`;
    case 'cards_passed': return 'The cards were passed';
    case 'rematch_offered': return 'A rematch table is open';
    default: return `${e.type.replace(/_/g, ' ')}${who ? ` (${who})` : ''}`;
  }
}

// Shown in the log only as state (the table shows whose turn it is).
const QUIET = new Set(['turn_started', 'call_window_closed']);
// Consequences of the play just before them: one line, "X played K♠: Y must draw 5".
const ATTACHED = new Set(['draw_pending', 'skip_pending', 'wish_set', 'direction_changed', 'chain_cancelled',
  'wish_fulfilled', 'skip_robin_started', 'skip_robin_joined', 'follow_up_required']);

export function describe(event, ctx, prev = null) {
  return sentence(event, ctx, prev);
}

// Log lines from events: [{ first, last, text, quiet, type, seat }]
export function logLines(events, ctx) {
  const lines = [];
  let before = null;
  for (const e of events) {
    const text = sentence(e, ctx, before);
    before = e;
    const prev = lines[lines.length - 1];
    const sameSeatNext = prev && prev.seat === e.seat && prev.last === e.seq - 1;
    if (sameSeatNext && ((e.type === 'penalty_taken' && prev.type === 'cards_drawn' && e.data.drawn === e.data.amount)
      || (e.type === 'turn_skipped' && prev.type === 'skip_accepted'))) { // the line before says it all
      prev.last = e.seq;
      continue;
    }
    if (prev && !prev.quiet && prev.type === 'card_played' && ATTACHED.has(e.type) && prev.last === e.seq - 1) {
      const subject = e.seat == null ? null : `${ctx.name(e.seat)} `;
      if (e.seat === prev.seat && subject && text.startsWith(subject)) prev.text += ` and ${text.slice(subject.length)}`;
      else prev.text += prev.joined ? `; ${text}` : `: ${text}`;
      prev.joined = true;
      prev.last = e.seq;
      continue;
    }
    lines.push({ first: e.seq, last: e.seq, text: capitalise(text), quiet: QUIET.has(e.type), type: e.type, seat: e.seat });
  }
  return lines;
}

const capitalise = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
