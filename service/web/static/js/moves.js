// What the page may offer comes from you.legal_moves only: this module holds no rule of
// the game, it matches the cards a player selects (in order) against the listed plays.

export const playsOf = (legal) => legal.filter((m) => m.action === 'play');
export const hasAction = (legal, action) => legal.some((m) => m.action === action);
export const catchTargets = (legal) => legal.filter((m) => m.action === 'catch').map((m) => m.target_seat);
export const passCardChoices = (legal) => new Set(legal.filter((m) => m.action === 'choose_pass_card').map((m) => m.card));

const startsWith = (cards, prefix) => prefix.every((c, i) => cards[i] === c);

// Codes that may come next after `selected` in some legal play.
export function nextCards(legal, selected) {
  const out = new Set();
  for (const m of playsOf(legal)) {
    if (m.cards.length > selected.length && startsWith(m.cards, selected)) out.add(m.cards[selected.length]);
  }
  return out;
}

// Which cards of the hand (by index) can be pressed now: a selected card (to take it
// back), or one that extends the selection towards a legal play, counting duplicates
// (two decks: a hand may hold KS twice).
export function pressable(hand, legal, selectedIdx) {
  const selected = selectedIdx.map((i) => hand[i]);
  const next = nextCards(legal, selected);
  return hand.map((code, i) => selectedIdx.includes(i) || next.has(code));
}

// The legal plays that are exactly the selected cards, and what is still to choose:
// what a joker stands for (Pławno), a wish, whether to call with the play.
export function choices(legal, selectedCodes, jokerAs, wish) {
  const plays = playsOf(legal).filter((m) => m.cards.length === selectedCodes.length && startsWith(m.cards, selectedCodes));
  const jokerOptions = [...new Set(plays.map((m) => m.joker_as).filter((x) => x != null))];
  const needJoker = jokerOptions.length > 0 && plays.every((m) => m.joker_as != null);
  let chosenJoker = null;
  if (needJoker) chosenJoker = jokerOptions.includes(jokerAs) ? jokerAs : (jokerOptions.length === 1 ? jokerOptions[0] : null);
  const candidates = needJoker ? plays.filter((m) => m.joker_as === chosenJoker) : plays.filter((m) => m.joker_as == null);
  const wishOptions = [];
  for (const m of candidates) {
    for (const w of m.wish_options || []) {
      if (!wishOptions.some((x) => wishKey(x) === wishKey(w))) wishOptions.push(w);
    }
  }
  const needWish = candidates.length > 0 && candidates.every((m) => m.wish_options && m.wish_options.length);
  const wishOk = !needWish || wishOptions.some((w) => wishKey(w) === wish);
  return {
    matches: plays.length > 0,
    jokerOptions: needJoker ? jokerOptions : [],
    chosenJoker,
    wishOptions: needWish ? wishOptions : [],
    canAnnounce: candidates.some((m) => m.announce === true),
    canQuiet: candidates.some((m) => !m.announce),
    ready: candidates.length > 0 && wishOk,
  };
}

// The move body for a ready selection. `announce`: the player's choice, honoured when
// the list has a play of that form.
export function playBody(selectedCodes, c, wish, announce) {
  const body = { action: 'play', cards: selectedCodes };
  if (c.chosenJoker != null) body.joker_as = c.chosenJoker;
  if (wish != null && c.wishOptions.length) body.wish = wishValue(wish);
  if ((announce && c.canAnnounce) || !c.canQuiet) body.announce = true;
  return body;
}

// "H", "8", "free": the data-wish value of a wish option ({"suit"}|{"rank"}|{"free"})
export function wishKey(w) {
  if (w.free) return 'free';
  return w.suit || w.rank;
}

export function wishValue(key) {
  if (key === 'free') return { free: true };
  if (['C', 'D', 'H', 'S'].includes(key)) return { suit: key };
  return { rank: key };
}
