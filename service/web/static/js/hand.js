// Your hand and what you may do with it. Everything offered comes from you.legal_moves.
import { html, useEffect, useRef, useState } from '../vendor/preact-htm.js';
import { CardFace, Suit, cardName, cardText, parseCard, sortHand } from './cards.js';
import { catchTargets, choices, hasAction, passCardChoices, playBody, pressable, wishKey } from './moves.js';
import { Countdown, seatName } from './ui.js';
import { ordinal } from './words.js';

const SUIT_LABEL = { C: 'Clubs', D: 'Diamonds', H: 'Hearts', S: 'Spades' };

function WishButton({ option, chosen, onChoose }) {
  const key = wishKey(option);
  let face;
  if (option.free) face = html`<span>Free</span>`;
  else if (option.suit) face = html`<${Suit} suit=${option.suit} className=${`suit ${['D', 'H'].includes(option.suit) ? 'red' : 'black'}`} /><span>${SUIT_LABEL[option.suit]}</span>`;
  else face = html`<span class="rank-wish">${option.rank}</span>`;
  const label = option.free ? 'no particular wish (free)' : option.suit ? `wish for ${SUIT_LABEL[option.suit]}` : `wish for rank ${option.rank}`;
  return html`<button type="button" class="choice" data-wish=${key} aria-pressed=${chosen === key ? 'true' : 'false'}
    aria-label=${label} onClick=${() => onChoose(key)}>${face}</button>`;
}

export function Hand({ view, busy, onMove }) {
  const you = view.you;
  const legal = you.legal_moves || [];
  const [selected, setSelected] = useState([]); // indices into you.hand, in play order
  const [jokerAs, setJokerAs] = useState(null);
  const [wish, setWish] = useState(null);
  const [announce, setAnnounce] = useState(true);
  const legalKey = JSON.stringify([you.hand, legal]);
  const lastKey = useRef(legalKey);
  const heading = useRef(null);

  if (lastKey.current !== legalKey) { // the table moved on: start the selection afresh
    lastKey.current = legalKey;
    if (selected.length || jokerAs || wish) {
      setSelected([]);
      setJokerAs(null);
      setWish(null);
    }
  }

  const focused = useRef(false); // the keyboard was in the hand
  useEffect(() => { // a played card took the focus with it: keep the keyboard in the hand
    if (focused.current && document.activeElement === document.body && heading.current) heading.current.focus();
  });

  const passChoices = passCardChoices(legal);
  const passMode = passChoices.size > 0;
  const codes = selected.map((i) => you.hand[i]);
  const extend = passMode ? you.hand.map(() => false) : pressable(you.hand, legal, selected);
  const start = passMode ? you.hand.map((c) => passChoices.has(c)) : pressable(you.hand, legal, []);
  const c = passMode ? null : choices(legal, codes, jokerAs, wish);

  const press = (i) => {
    if (busy) return;
    if (passMode) {
      setSelected(selected[0] === i ? [] : [i]);
      return;
    }
    const at = selected.indexOf(i);
    let next;
    if (at >= 0) next = selected.slice(0, at); // take back this card and those after it
    else if (extend[i]) next = [...selected, i];
    else if (start[i]) next = [i];
    else return;
    setSelected(next);
    setJokerAs(null);
    setWish(null);
  };

  const play = () => {
    if (!c || !c.ready) return;
    onMove(playBody(codes, c, wish, announce));
  };

  const myTurn = view.current_seat === you.seat && view.status === 'playing';
  const pendingDraw = view.pending && view.pending.draw && view.pending.draw.target_seat === you.seat ? view.pending.draw.amount : null;
  const targets = catchTargets(legal);
  const sorted = sortHand(you.hand);
  const hint = handHint(view, legal, myTurn, c, codes, passMode);

  const me = view.seats[you.seat];
  const calling = view.announcement && view.announcement.seat === you.seat;
  return html`<section class=${`me ${myTurn ? 'my-turn' : ''}`} aria-labelledby="hand-heading"
      onFocusIn=${() => { focused.current = true; }}>
    <div class="hand-head">
      <h2 id="hand-heading" tabindex="-1" ref=${heading}>Your hand <span class="muted">(${you.hand.length})</span></h2>
      <span class="tags">
        <span class="tag">${me.name}</span>
        <span class="tag">Score ${me.score}</span>
        ${me.place != null && html`<span class="tag place">${ordinal(me.place)}</span>`}
        ${me.autopilot && html`<span class="tag warn">autopilot</span>`}
        ${view.dealer_seat === you.seat && html`<span class="tag">dealer</span>`}
        ${myTurn && html`<${Countdown} deadline=${view.turn_deadline} label="your turn clock" />`}
        ${calling && html`<span class="tag warn">one card: call it! <${Countdown} deadline=${view.announcement.deadline} label="call window" /></span>`}
      </span>
    </div>
    <p class="hint" id="hand-hint">${hint}</p>
    <div class=${`hand ${myTurn ? '' : 'waiting'}`} role="group" aria-labelledby="hand-heading" aria-describedby="hand-hint">
      ${sorted.map(({ code, index }) => {
    const order = selected.indexOf(index);
    const enabled = order >= 0 || extend[index] || start[index];
    const follows = order < 0 && selected.length > 0 && extend[index];
    return html`<button type="button" key=${`${code}-${index}`} class=${`card hand-card${order >= 0 ? ' selected' : ''}${follows ? ' follows' : ''}`}
          data-card=${code} aria-label=${`${cardName(code)} (${code})${order >= 0 ? `, selected ${order + 1}` : ''}`}
          aria-pressed=${order >= 0 ? 'true' : 'false'} aria-disabled=${enabled ? 'false' : 'true'}
          onClick=${() => enabled && press(index)}>
          <${CardFace} code=${code} />
          ${order >= 0 && html`<span class="order" aria-hidden="true">${order + 1}</span>`}
        </button>`;
  })}
    </div>
    ${c && c.jokerOptions.length > 0 && html`<div class="picker" role="group" aria-label="The joker stands for">
      <span class="picker-label">Joker as</span>
      ${c.jokerOptions.map((j) => html`<button type="button" class="choice" key=${j} data-joker-as=${j}
        aria-pressed=${c.chosenJoker === j ? 'true' : 'false'} aria-label=${`joker as ${cardName(j)} (${j})`}
        onClick=${() => { setJokerAs(j); setWish(null); }}><span class=${parseCard(j).red ? 'red-text' : ''}>${cardText(j)}</span></button>`)}
    </div>`}
    ${c && c.wishOptions.length > 0 && html`<div class="picker" role="group" aria-label="Choose a wish">
      <span class="picker-label">Wish</span>
      ${c.wishOptions.map((w) => html`<${WishButton} key=${wishKey(w)} option=${w} chosen=${wish} onChoose=${setWish} />`)}
    </div>`}
    ${c && c.canAnnounce && c.canQuiet && html`<label class="announce-with">
      <input type="checkbox" checked=${announce} onChange=${(e) => setAnnounce(e.currentTarget.checked)} />
      Call “${view.call_word}!” with this play</label>`}
    ${view.status === 'playing' && html`<div class="actions" role="group" aria-label="Actions">
      ${passMode ? html`<button type="button" class="primary" disabled=${busy || selected.length !== 1}
          onClick=${() => onMove({ action: 'choose_pass_card', card: you.hand[selected[0]] })}>Give card</button>`
    : html`<button type="button" class="primary" disabled=${busy || !c || !c.ready} onClick=${play}>Play</button>`}
      ${hasAction(legal, 'draw') && html`<button type="button" disabled=${busy} onClick=${() => onMove({ action: 'draw' })}>Draw${pendingDraw ? html`<span class="sub" aria-hidden="true"> ${pendingDraw}</span>` : ''}</button>`}
      ${hasAction(legal, 'pass') && html`<button type="button" disabled=${busy} onClick=${() => onMove({ action: 'pass' })}>Pass</button>`}
      ${hasAction(legal, 'announce') && html`<button type="button" class="call" disabled=${busy} onClick=${() => onMove({ action: 'announce' })}>Announce<span class="sub" aria-hidden="true"> “${view.call_word}!”</span></button>`}
      ${targets.map((t) => html`<button type="button" class="catch" key=${t} data-target-seat=${String(t)} disabled=${busy}
        onClick=${() => onMove({ action: 'catch', target_seat: t })}>Catch<span class="sub" aria-hidden="true"> ${seatName(view, t, you.seat)}</span></button>`)}
      ${selected.length > 0 && html`<button type="button" class="ghost" onClick=${() => setSelected([])}>Clear selection</button>`}
    </div>`}
  </section>`;
}

function handHint(view, legal, myTurn, c, codes, passMode) {
  if (view.status === 'finished') return 'The game is over.';
  if (view.status !== 'playing') return 'The cards are dealt when every seat is taken.';
  if (passMode) return 'Choose a card to pass to your left.';
  if (!myTurn) return legal.length ? 'Not your turn, but you may act now.' : 'Wait for your turn.';
  if (!codes.length) {
    if (legal.some((m) => m.action === 'play')) return 'Your turn: select cards in the order you play them, then Play.';
    return 'Your turn: no card fits. Draw.';
  }
  if (c && c.jokerOptions.length && !c.chosenJoker) return 'Choose what the joker stands for.';
  if (c && c.wishOptions.length && !c.ready) return 'Choose a wish, then Play.';
  if (c && c.ready) return 'Play, or add another card.';
  return 'Add a card to make a legal play.';
}
