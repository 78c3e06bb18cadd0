// Your hand and what you may do with it. Everything offered comes from you.legal_moves;
// the order of the hand is yours (order.js).
import { html, useEffect, useLayoutEffect, useRef, useState } from '../vendor/preact-htm.js';
import { CardFace, SUITS, Suit, cardName, cardText, parseCard } from './cards.js';
import { catchTargets, choices, hasAction, passCardChoices, playBody, pressable, wishKey } from './moves.js';
import { arrange, loadOrder, moved, saveOrder } from './order.js';
import { Countdown, seatName } from './ui.js';
import { ordinal } from './words.js';

const SUIT_LABEL = { C: 'Clubs', D: 'Diamonds', H: 'Hearts', S: 'Spades' };
const DRAG_PX = 12; // a press that moves further sideways is a drag, not a click

function WishButton({ option, chosen, onChoose }) {
  const key = wishKey(option);
  let face;
  if (option.free) face = html`<span class="choice-text">Free</span>`;
  else if (option.suit) face = html`<${Suit} suit=${option.suit} className=${`suit ${['D', 'H'].includes(option.suit) ? 'red' : 'black'}`} /><span class="choice-text">${SUIT_LABEL[option.suit]}</span>`;
  else face = html`<span class="rank-wish">${option.rank}</span>`;
  return html`<button type="button" class="choice" data-wish=${key} aria-pressed=${chosen === key ? 'true' : 'false'}
    onClick=${() => onChoose(key)}>${face}</button>`;
}

const suitWords = (s) => (SUITS[s] ? `${SUITS[s].symbol} ${SUITS[s].name}` : s);

// Why a card of the hand cannot be pressed now, in words (from the table's state: the
// rules themselves are the service's).
export function whyNot(view, legal, { myTurn, selecting, passMode }) {
  const you = view.you.seat;
  const p = view.pending || {};
  if (view.status !== 'playing') return view.status === 'finished' ? 'the game is over' : 'the cards are not dealt yet';
  if (passMode) return 'it is not one of the cards you may pass';
  if (!myTurn) return 'it is not your turn';
  if (selecting) return 'it does not continue the cards you selected';
  if (p.draw && p.draw.target_seat === you) return `you must answer the draw of ${p.draw.amount}, or draw`;
  if (p.skip && p.skip.target_seat === you) return 'you must answer the skip, or sit out';
  if (p.follow_up_seat === you) return 'you must follow up your play';
  if (p.wish) {
    if (p.wish.kind === 'suit') return `the wish is for ${suitWords(p.wish.value)}`;
    if (p.wish.kind === 'rank') return `the wish is for rank ${p.wish.value}`;
  }
  if (!legal.some((m) => m.action === 'play')) return 'no card fits this turn';
  const top = view.top_card_as || view.top_card;
  const suit = view.effective_suit && (!top || !top.endsWith(view.effective_suit)) ? ` (suit ${suitWords(view.effective_suit)})` : '';
  return top ? `it does not fit on ${cardText(top)}${suit}` : 'it does not fit';
}

export function Hand({ view, gameId, busy, paced, onMove, onPlayFrom }) {
  const you = view.you;
  // while the moves of others are shown, only what cannot wait is offered (a call, a catch)
  const legal = (you.legal_moves || []).filter((m) => !paced || m.action === 'announce' || m.action === 'catch');
  const [selected, setSelected] = useState([]); // indices into you.hand, in play order
  const [jokerAs, setJokerAs] = useState(null);
  const [wish, setWish] = useState(null);
  const [announce, setAnnounce] = useState(true);
  const [order, setOrderState] = useState(() => loadOrder(gameId));
  const [arranging, setArranging] = useState(false);
  const [picked, setPicked] = useState(null); // arranging: the position of the card being moved
  const [reason, setReason] = useState(null); // why the card last tapped cannot be played
  const [drag, setDrag] = useState(null); // { from, to } while a card is dragged
  const press0 = useRef(null);
  const swallowClick = useRef(false);
  const focusAfter = useRef(null);
  const legalKey = JSON.stringify([you.hand, legal]);
  const lastKey = useRef(legalKey);
  const heading = useRef(null);
  const row = useRef(null);

  if (lastKey.current !== legalKey) { // the table moved on: start the selection afresh
    lastKey.current = legalKey;
    if (selected.length || jokerAs || wish || reason) {
      setSelected([]);
      setJokerAs(null);
      setWish(null);
      setReason(null);
    }
  }

  const focused = useRef(false); // the keyboard was in the hand
  useLayoutEffect(() => { // a moved card keeps the focus (moving it in the page took it away)
    if (focusAfter.current != null && row.current) {
      const el = row.current.querySelectorAll('button[data-card]')[focusAfter.current];
      if (el && document.activeElement !== el) el.focus();
    }
  });
  useEffect(() => { // a played card took the focus with it: keep the keyboard in the hand
    if (focusAfter.current != null) {
      focusAfter.current = null;
    } else if (focused.current && document.activeElement === document.body && heading.current) heading.current.focus();
  });

  const setOrder = (o) => {
    setOrderState(o);
    saveOrder(gameId, o);
  };
  const shown = arrange(you.hand, order);
  const moveCard = (from, to) => {
    if (from === to || to < 0 || to >= shown.length) return;
    setOrder({ by: 'own', codes: moved(shown, from, to) });
  };

  const passChoices = passCardChoices(legal);
  const passMode = passChoices.size > 0;
  const codes = selected.map((i) => you.hand[i]);
  const extend = passMode ? you.hand.map(() => false) : pressable(you.hand, legal, selected);
  const start = passMode ? you.hand.map((c) => passChoices.has(c)) : pressable(you.hand, legal, []);
  const c = passMode ? null : choices(legal, codes, jokerAs, wish);
  const myTurn = view.current_seat === you.seat && view.status === 'playing' && !paced;
  const why = whyNot(view, legal, { myTurn, selecting: selected.length > 0, passMode });

  const press = (i) => {
    if (busy) return;
    setReason(null);
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

  const clickCard = (pos, index, enabled, code) => {
    if (swallowClick.current) { // the end of a drag
      swallowClick.current = false;
      return;
    }
    if (arranging) {
      if (picked == null) setPicked(pos);
      else {
        moveCard(picked, pos);
        setPicked(null);
      }
      return;
    }
    if (enabled) press(index);
    else setReason(`${cardText(code)}: ${why}`);
  };

  const onKeyDown = (e, pos) => {
    if (!e.altKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    const to = pos + (e.key === 'ArrowLeft' ? -1 : 1);
    if (to < 0 || to >= shown.length) return;
    moveCard(pos, to);
    focusAfter.current = to;
    setReason(`Moved ${cardText(shown[pos].code)} to place ${to + 1} of ${shown.length}.`);
  };

  // dragging with a mouse, a pen or a finger: the card goes where it is let go
  const slotAt = (x, y) => { // the card nearest the pointer
    const cards = [...row.current.querySelectorAll('button[data-card]')];
    let best = 0;
    let bestD = Infinity;
    cards.forEach((el, i) => {
      const r = el.getBoundingClientRect();
      const d = Math.abs(x - (r.left + r.width / 2)) + 3 * Math.max(0, Math.abs(y - (r.top + r.height / 2)) - r.height / 2);
      if (d < bestD) {
        best = i;
        bestD = d;
      }
    });
    return best;
  };
  const onPointerDown = (e, pos) => {
    if (e.button !== 0) return;
    press0.current = { pos, x: e.clientX, y: e.clientY, id: e.pointerId, dragging: false, el: e.currentTarget };
  };
  const onPointerMove = (e) => {
    const p = press0.current;
    if (!p || p.id !== e.pointerId) return;
    if (!p.dragging) {
      if (Math.abs(e.clientX - p.x) < DRAG_PX || Math.abs(e.clientX - p.x) < Math.abs(e.clientY - p.y)) return;
      p.dragging = true;
      try { p.el.setPointerCapture(e.pointerId); } catch (err) { /* released already */ }
    }
    setDrag({ from: p.pos, to: slotAt(e.clientX, e.clientY) });
  };
  const onPointerUp = (e) => {
    const p = press0.current;
    press0.current = null;
    if (!p || !p.dragging) return;
    swallowClick.current = true;
    setTimeout(() => { swallowClick.current = false; }, 0);
    moveCard(p.pos, slotAt(e.clientX, e.clientY));
    setDrag(null);
  };
  const onPointerCancel = () => {
    press0.current = null;
    setDrag(null);
  };

  const play = () => {
    if (!c || !c.ready) return;
    onPlayFrom(codes);
    onMove(playBody(codes, c, wish, announce));
  };

  const pendingDraw = view.pending && view.pending.draw && view.pending.draw.target_seat === you.seat ? view.pending.draw.amount : null;
  const targets = catchTargets(legal);
  const hint = reason || handHint(view, legal, myTurn, c, codes, passMode, paced);
  const me = view.seats[you.seat];
  const calling = view.announcement && view.announcement.seat === you.seat;
  const sortButton = (by, label) => html`<button type="button" class="ghost small" aria-pressed=${order.by === by ? 'true' : 'false'}
    onClick=${() => setOrder({ by, codes: order.codes })}>${label}</button>`;

  return html`<section class=${`me ${myTurn ? 'my-turn' : ''}`} aria-labelledby="hand-heading"
      onFocusIn=${() => { focused.current = true; }}>
    <div class="hand-head">
      <h2 id="hand-heading" tabindex="-1" ref=${heading}>Your hand <span class="muted">(${you.hand.length})</span></h2>
      <span class="tags">
        <span class="tag minor">Score ${me.score}</span>
        ${me.place != null && html`<span class="tag place">${ordinal(me.place)}</span>`}
        ${me.autopilot && html`<span class="tag warn">autopilot</span>`}
        ${view.dealer_seat === you.seat && html`<span class="tag minor">dealer</span>`}
        ${calling && html`<span class="tag warn">one card: call it! <${Countdown} deadline=${view.announcement.deadline} label="call window" /></span>`}
      </span>
      <span class="order-tools" role="group" aria-label="Order of your hand">
        ${sortButton('suit', 'Suit')}${sortButton('rank', 'Rank')}
        <button type="button" class="ghost small" aria-pressed=${arranging ? 'true' : 'false'}
          onClick=${() => { setArranging(!arranging); setPicked(null); setReason(arranging ? null : 'Tap a card, then the place to put it; or use ◀ ▶. Alt+← → moves the focused card.'); }}>
          Arrange</button>
      </span>
    </div>
    <p class="hint" id="hand-hint" role="status">${hint}</p>
    <div class=${`hand ${myTurn ? '' : 'waiting'} ${arranging ? 'arranging' : ''} ${drag ? 'dragging' : ''}`}
      role="group" aria-labelledby="hand-heading" aria-describedby="hand-hint" ref=${row}
      onPointerMove=${onPointerMove} onPointerUp=${onPointerUp} onPointerCancel=${onPointerCancel}>
      ${rowsOf(shown).map((cards, r) => html`<div class="hand-row" key=${r}>${cards.map(({ code, index, pos }) => {
    const at = selected.indexOf(index);
    const enabled = at >= 0 || extend[index] || start[index];
    const follows = at < 0 && selected.length > 0 && extend[index];
    const dim = !enabled && !arranging; // arranging, every card can be picked up
    const label = `${cardName(code)} (${code})${at >= 0 ? `, selected ${at + 1}` : ''}${dim ? `: ${why}` : ''}`
      + `${arranging && picked === pos ? ', picked up to move' : ''}`;
    const classes = ['card', 'hand-card', at >= 0 ? 'selected' : '', follows ? 'follows' : '', picked === pos ? 'picked' : '',
      drag && drag.from === pos ? 'lifted' : '', drag && drag.to === pos && drag.from !== pos ? 'drop-here' : ''].join(' ');
    return html`<span class="slot" key=${`${code}-${index}`}><button type="button" class=${classes}
          data-card=${code} aria-label=${label} title=${dim ? `${cardText(code)}: ${why}` : undefined}
          aria-pressed=${at >= 0 ? 'true' : 'false'} aria-disabled=${dim ? 'true' : 'false'}
          onPointerDown=${(e) => onPointerDown(e, pos)} onKeyDown=${(e) => onKeyDown(e, pos)}
          onClick=${() => clickCard(pos, index, enabled, code)}>
          <${CardFace} code=${code} />
          ${at >= 0 && html`<span class="order" aria-hidden="true" data-order=${String(at + 1)}></span>`}
        </button></span>`;
  })}</div>`)}
    </div>
    <div class="controls">
    ${arranging && html`<div class="arrange-bar" role="group" aria-label="Move the picked card">
      <button type="button" class="small" disabled=${picked == null || picked === 0}
        onClick=${() => { moveCard(picked, picked - 1); setPicked(picked - 1); }}>◀ Left</button>
      <button type="button" class="small" disabled=${picked == null || picked >= shown.length - 1}
        onClick=${() => { moveCard(picked, picked + 1); setPicked(picked + 1); }}>Right ▶</button>
      <button type="button" class="small primary" onClick=${() => { setArranging(false); setPicked(null); setReason(null); }}>Done</button>
    </div>`}
    ${c && c.jokerOptions.length > 0 && html`<div class="picker" role="group" aria-label="The joker stands for">
      <span class="picker-label" aria-hidden="true">Joker as</span>
      ${c.jokerOptions.map((j) => html`<button type="button" class="choice" key=${j} data-joker-as=${j}
        aria-pressed=${c.chosenJoker === j ? 'true' : 'false'} aria-label=${`${cardText(j)}: joker as ${cardName(j)} (${j})`}
        onClick=${() => { setJokerAs(j); setWish(null); }}><span class=${parseCard(j).red ? 'red-text' : ''}>${cardText(j)}</span></button>`)}
    </div>`}
    ${c && c.wishOptions.length > 0 && html`<div class="picker" role="group" aria-label="Choose a wish">
      <span class="picker-label" aria-hidden="true">Wish</span>
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
    </div>
  </section>`;
}

const PER_ROW = 14; // more cards than this: two rows (or more), overlapping less

function rowsOf(shown) {
  const rows = Math.max(1, Math.ceil(shown.length / PER_ROW));
  const per = Math.ceil(shown.length / rows);
  const out = [];
  shown.forEach((c, pos) => {
    const r = Math.floor(pos / per);
    (out[r] = out[r] || []).push({ ...c, pos });
  });
  return out;
}

function handHint(view, legal, myTurn, c, codes, passMode, paced) {
  if (view.status === 'finished') return 'The game is over.';
  if (view.status !== 'playing') return 'The cards are dealt when every seat is taken.';
  if (paced) return 'Showing the moves of the others…';
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
