// Events in words: "Hard bot 3 played K♠: Ann must draw 5". Each sentence is the
// catalog's "ev.<type>" (its ".you" form when the one it speaks of is the viewer).
import { cardText, rankMark, suitWords } from './cards.js';
import { capitalise, has, list, t } from './i18n.js';

// "1st", "2nd" (English), "1." (German)…
export const ordinal = (n) => t('place.ordinal', { n });
export const cardsText = (cards) => cards.map(cardText).join(', ');

// "wishes for ♠ spades", "wishes for an 8", "makes a free wish": the wish's words, for
// `who` (the viewer: `mine`), or the first card's own wish (`first`).
function wishSentence(kind, value, who, { mine = false, first = false } = {}) {
  const form = first ? '.first' : '';
  const you = mine && !first ? '.you' : '';
  if (kind === 'suit') return t(`ev.wish_set.suit${form}${you}`, { who, suit: suitWords(value) });
  if (kind === 'rank') {
    const rank = t(['8', 'A'].includes(value) ? 'wish.an_rank' : 'wish.a_rank', { rank: rankMark(value) });
    return t(`ev.wish_set.rank${form}${you}`, { who, rank });
  }
  return t(`ev.wish_set.free${form}${you}`, { who });
}

// A wish right after the deal is the first card's own (RULES.md Z5): nobody chose it.
const upcardWish = (e, prev) => e.type === 'wish_set' && prev != null && prev.type === 'round_started'
  && prev.seq === e.seq - 1;

const CHAIN = { draw: 'draw', skip: 'skip', wish: 'wish' };
const DRAW_REASONS = new Set(['penalty', 'call_penalty', 'false_catch']);

// ctx: { name(seat) -> "Ann", you: seat | null, callWord: "Macau", variantName }; prev: the
// event before e, if known. The first letter is made a capital by the caller (logLines).
function sentence(e, ctx, prev) {
  const d = e.data || {};
  const isYou = (s) => ctx.you != null && s === ctx.you;
  const name = (s) => (isYou(s) ? t('log.you') : ctx.name(s));
  // the sentence of `key` about seat `s`: its ".you" form when s is the viewer
  const about = (key, s, params = {}) => t(isYou(s) && has(`${key}.you`) ? `${key}.you` : key, { who: name(s), ...params });
  const seat = e.seat;
  const call = ctx.callWord;
  switch (e.type) {
    case 'game_created': return t('ev.game_created', { variant: ctx.variantName || d.variant, seats: t('count.seats', { n: d.seats }) });
    case 'player_joined': return about('ev.player_joined', seat);
    case 'bot_joined': return about('ev.bot_joined', seat);
    case 'player_left': return about('ev.player_left', seat);
    case 'autopilot_changed': return about(d.on ? 'ev.autopilot_on' : 'ev.autopilot_off', seat);
    case 'game_started': return t('ev.game_started');
    case 'round_started': {
      const line = about('ev.round_started', d.dealer, { round: d.round, card: cardText(d.upcard) });
      const hand = ctx.you != null && d.hands && d.hands[ctx.you];
      return hand ? t('ev.round_started.hand', { line, cards: cardsText(hand) }) : line;
    }
    case 'turn_started': return about('ev.turn_started', seat);
    case 'card_played': return d.joker_as ? about('ev.card_played.joker', seat, { cards: cardsText(d.cards), as: cardText(d.joker_as) })
      : about('ev.card_played', seat, { cards: cardsText(d.cards) });
    case 'cards_drawn': {
      const what = d.cards ? cardsText(d.cards) : t('count.cards', { n: d.count });
      return about(DRAW_REASONS.has(d.reason) ? `ev.cards_drawn.${d.reason}` : 'ev.cards_drawn', seat, { what });
    }
    case 'player_passed': return about('ev.player_passed', seat);
    case 'turn_timed_out': return about('ev.turn_timed_out', seat);
    case 'turn_skipped': return about('ev.turn_skipped', seat);
    case 'direction_changed': return t(d.direction === 'ccw' ? 'ev.direction_changed.ccw' : 'ev.direction_changed.cw');
    case 'stock_reshuffled': return t('ev.stock_reshuffled');
    case 'hands_swapped': return isYou(d.with_seat) ? about('ev.hands_swapped.with_you', seat)
      : about('ev.hands_swapped', seat, { other: name(d.with_seat) });
    case 'draw_pending': return about('ev.draw_pending', d.target, { amount: d.amount });
    case 'skip_pending': return about('ev.skip_pending', d.target, { turns: t('count.turns', { n: d.turns }) });
    case 'chain_cancelled': return t(`ev.chain_cancelled.${CHAIN[d.kind] || 'other'}`);
    case 'penalty_taken': return d.drawn < d.amount ? about('ev.penalty_taken.short', seat, { amount: d.amount, drawn: d.drawn })
      : about('ev.penalty_taken', seat, { amount: d.amount });
    case 'skip_accepted': return about('ev.skip_accepted', seat, { turns: t('count.turns', { n: d.turns }) });
    case 'wish_set': return upcardWish(e, prev) ? wishSentence(d.kind, d.value, '', { first: true })
      : wishSentence(d.kind, d.value, name(seat), { mine: isYou(seat) });
    case 'wish_fulfilled': return t('ev.wish_fulfilled');
    case 'wish_expired': return t('ev.wish_expired');
    case 'follow_up_required': return about('ev.follow_up_required', seat);
    case 'skip_robin_started': return t('ev.skip_robin_started', { count: d.count });
    case 'skip_robin_joined': return t('ev.skip_robin_joined', { count: d.count });
    case 'skip_robin_declined': return about('ev.skip_robin_declined', seat);
    case 'skip_robin_ended': return seat == null ? t('ev.skip_robin_ended') : about('ev.skip_robin_ended.bonus', seat);
    case 'bonus_turns_granted': return about('ev.bonus_turns_granted', seat, { turns: t('count.bonus_turns', { n: d.turns }) });
    case 'call_made': return about('ev.call_made', seat, { call });
    case 'call_window_opened': return about('ev.call_window_opened', seat);
    case 'call_window_closed': return about('ev.call_window_closed', seat);
    case 'call_penalty_applied': {
      if (d.caught_by == null) return about('ev.call_penalty', seat, { call, amount: d.amount });
      if (isYou(d.caught_by)) return t('ev.call_penalty.caught.by_you', { who: name(seat), call, amount: d.amount });
      return about('ev.call_penalty.caught', seat, { catcher: name(d.caught_by), call, amount: d.amount });
    }
    case 'false_catch_penalized': return isYou(d.target) ? about('ev.false_catch.on_you', seat, { amount: d.amount })
      : about('ev.false_catch', seat, { target: name(d.target), amount: d.amount });
    case 'going_out_deferred': return about('ev.going_out_deferred', seat);
    case 'player_out': return about('ev.player_out', seat, { n: d.place, place: ordinal(d.place) });
    case 'round_ended': {
      const first = (d.standings || []).map((place, s) => [place, s]).filter(([place]) => place === 1).map(([, s]) => s);
      return first.length === 1 ? about('ev.round_ended.won', first[0], { round: d.round }) : t('ev.round_ended', { round: d.round });
    }
    case 'game_ended': {
      const winners = d.winners || [];
      if (!winners.length) return t('ev.game_ended');
      if (winners.length === 1) return about('ev.game_ended.one', winners[0]);
      return t('ev.game_ended.many', { names: list(winners.map(name)) });
    }
    case 'pass_cards_requested': return t('ev.pass_cards_requested');
    case 'pass_card_chosen': return d.card ? about('ev.pass_card_chosen.card', seat, { card: cardText(d.card) })
      : about('ev.pass_card_chosen', seat);
    case 'cards_passed': return t('ev.cards_passed');
    case 'rematch_offered': return t('ev.rematch_offered');
    default: return t('ev.other', { type: e.type.replace(/_/g, ' ') });
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
      const mine = ctx.you != null && e.seat === ctx.you;
      const subject = e.seat == null ? null : `${mine ? t('log.you') : ctx.name(e.seat)} `;
      if (e.seat === prev.seat && subject && text.startsWith(subject)) {
        prev.text = t('log.and', { first: prev.text, rest: text.slice(subject.length) });
      } else prev.text = t(prev.joined ? 'log.also' : 'log.then', { first: prev.text, rest: text });
      prev.joined = true;
      prev.last = e.seq;
      continue;
    }
    lines.push({ first: e.seq, last: e.seq, text: capitalise(text), quiet: QUIET.has(e.type), type: e.type, seat: e.seat });
  }
  return lines;
}
