// Your hand and what you may do with it. Everything offered comes from you.legal_moves;
// the order of the hand is yours (order.js).
import { html, useEffect, useLayoutEffect, useRef, useState } from '../vendor/preact-htm.js';
import { CardFace, Suit, cardName, cardText, parseCard, rankMark, suitName, suitWords } from './cards.js';
import { capitalise, num, orList, rtl, t } from './i18n.js';
import { catchTargets, choices, hasAction, passCardChoices, playBody, playsOf, pressable, wishKey } from './moves.js';
import { arrange, loadOrder, moved, saveOrder } from './order.js';
import { Countdown, seatName } from './ui.js';
import { ordinal } from './words.js';

const DRAG_PX = 12; // a press that moves further sideways is a drag, not a click

function WishButton({ option, chosen, onChoose }) {
  const key = wishKey(option);
  let face;
  if (option.free) face = html`<span class="choice-text">${t('hand.wish_free')}</span>`;
  else if (option.suit) face = html`<${Suit} suit=${option.suit} className=${`suit ${['D', 'H'].includes(option.suit) ? 'red' : 'black'}`} /><span class="choice-text">${capitalise(suitName(option.suit))}</span>`;
  else face = html`<span class="rank-wish">${rankMark(option.rank)}</span>`;
  return html`<button type="button" class="choice" data-wish=${key} aria-pressed=${chosen === key ? 'true' : 'false'}
    onClick=${() => onChoose(key)}>${face}</button>`;
}

// Why a card of the hand cannot be pressed now, in words (from the table's state: the
// rules themselves are the service's).
export function whyNot(view, legal, { myTurn, selecting, passMode, roundOver }) {
  const you = view.you.seat;
  const p = view.pending || {};
  if (view.status !== 'playing') return view.status === 'finished' ? t('why.over') : t('why.not_dealt');
  if (roundOver) return t('why.round_over');
  if (passMode) return t('why.not_passable');
  if (!myTurn) return t('why.not_your_turn');
  if (selecting) return t('why.not_next');
  if (p.draw && p.draw.target_seat === you) return t('why.answer_draw', { amount: p.draw.amount });
  if (p.skip && p.skip.target_seat === you) return t('why.answer_skip');
  if (p.follow_up_seat === you) return t('why.follow_up');
  if (p.wish) {
    if (p.wish.kind === 'suit') return t('why.wish_suit', { suit: suitWords(p.wish.value) });
    if (p.wish.kind === 'rank') return t('why.wish_rank', { rank: rankMark(p.wish.value) });
  }
  if (!legal.some((m) => m.action === 'play')) return t('why.no_fit');
  const top = view.top_card_as || view.top_card;
  if (!top) return t('why.does_not_fit');
  const suit = view.effective_suit && !top.endsWith(view.effective_suit);
  return suit ? t('why.not_on_suit', { card: cardText(top), suit: suitWords(view.effective_suit) }) : t('why.not_on', { card: cardText(top) });
}

// What you may do, in words, from legal_moves alone (a screen reader's way to the moves):
// "You may play 5♥, play 9♥, or draw."
const MAX_PLAYS_SAID = 10;
export function movesWords(view) {
  const legal = view.you.legal_moves || [];
  if (!legal.length) return '';
  const plays = [...new Set(playsOf(legal).map((m) => m.cards.map(cardText).join('+')))];
  const options = plays.slice(0, MAX_PLAYS_SAID).map((cards) => t('moves.play', { cards }));
  if (plays.length > MAX_PLAYS_SAID) options.push(t('moves.more_plays', { n: plays.length - MAX_PLAYS_SAID }));
  const passes = [...passCardChoices(legal)].map(cardText);
  if (passes.length) options.push(t('moves.give', { cards: orList(passes) }));
  for (const action of ['draw', 'pass', 'announce']) if (hasAction(legal, action)) options.push(t(`moves.${action}`, { call: view.call_word }));
  for (const s of catchTargets(legal)) options.push(t('moves.catch', { who: seatName(view, s, view.you.seat) }));
  return t('moves.may', { moves: orList(options) });
}

export function Hand({ view, gameId, busy, paced, roundOver = false, onMove, onPlayFrom }) {
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
  const why = whyNot(view, legal, { myTurn, selecting: selected.length > 0, passMode, roundOver });

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
    else setReason(t('hand.why', { card: cardText(code), why }));
  };

  const onKeyDown = (e, pos) => {
    if (!e.altKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    const to = pos + ((e.key === 'ArrowLeft') !== rtl() ? -1 : 1); // the arrow's way on the screen
    if (to < 0 || to >= shown.length) return;
    moveCard(pos, to);
    focusAfter.current = to;
    setReason(t('hand.moved', { card: cardText(shown[pos].code), place: to + 1, of: shown.length }));
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
  const hint = reason || handHint(view, legal, myTurn, c, codes, passMode, paced, roundOver);
  const me = view.seats[you.seat];
  const calling = view.announcement && view.announcement.seat === you.seat;
  const perRow = usePerRow(row);
  const sortButton = (by, label) => html`<button type="button" class="ghost small" aria-pressed=${order.by === by ? 'true' : 'false'}
    onClick=${() => setOrder({ by, codes: order.codes })}>${label}</button>`;
  const leftward = rtl() ? 1 : -1; // ◀ moves a card to the left on the screen, whichever way the page reads
  const canStep = (d) => picked != null && picked + d >= 0 && picked + d < shown.length;
  const step = (d) => { moveCard(picked, picked + d); setPicked(picked + d); };

  return html`<section class=${`me ${myTurn ? 'my-turn' : ''}`} aria-labelledby="hand-heading" aria-busy=${busy ? 'true' : 'false'}
      onFocusIn=${() => { focused.current = true; }}>
    <div class="hand-head">
      <h2 id="hand-heading" tabindex="-1" ref=${heading}>${t('hand.heading')} <span class="muted">(${num(you.hand.length)})</span></h2>
      <span class="tags">
        <span class="tag minor">${t('seat.score', { score: me.score })}</span>
        ${me.place != null && html`<span class="tag place">${ordinal(me.place)}</span>`}
        ${me.autopilot && html`<span class="tag warn">${t('seat.autopilot')}</span>`}
        ${view.dealer_seat === you.seat && html`<span class="tag minor">${t('seat.dealer')}</span>`}
        ${calling && html`<span class="tag warn">${t('hand.call_it')} <${Countdown} deadline=${view.announcement.deadline} label=${t('clock.call_window')} /></span>`}
      </span>
      <span class="order-tools" role="group" aria-label=${t('hand.order')}>
        ${sortButton('suit', t('hand.by_suit'))}${sortButton('rank', t('hand.by_rank'))}
        <button type="button" class="ghost small" aria-pressed=${arranging ? 'true' : 'false'}
          onClick=${() => { setArranging(!arranging); setPicked(null); setReason(arranging ? null : t('hand.arrange_hint')); }}>
          ${t('hand.arrange')}</button>
      </span>
    </div>
    <p class="hint" id="hand-hint">${hint}</p>
    <span class="sr-only" role="status">${reason || (codes.length ? hint : '')}</span>
    <p class="sr-only" id="hand-moves">${myTurn || legal.length ? movesWords({ ...view, you: { ...you, legal_moves: legal } }) : ''}</p>
    <div class=${`hand ${myTurn ? '' : 'not-mine'} ${arranging ? 'arranging' : ''} ${drag ? 'dragging' : ''}`}
      role="group" aria-labelledby="hand-heading" aria-describedby="hand-hint hand-moves" ref=${row}
      onPointerMove=${onPointerMove} onPointerUp=${onPointerUp} onPointerCancel=${onPointerCancel}>
      ${rowsOf(shown, perRow).map((cards, r) => html`<div class="hand-row" key=${r}>${cards.map(({ code, index, pos }) => {
    const at = selected.indexOf(index);
    const enabled = at >= 0 || extend[index] || start[index];
    const follows = at < 0 && selected.length > 0 && extend[index];
    const dim = !enabled && !arranging; // arranging, every card can be picked up
    let label = t('hand.card', { card: cardName(code), code });
    if (at >= 0) label = t('hand.card_selected', { label, n: at + 1 });
    if (dim) label = t('hand.card_why', { label, why });
    if (arranging && picked === pos) label = t('hand.card_picked', { label });
    const classes = ['card', 'hand-card', at >= 0 ? 'selected' : '', follows ? 'follows' : '', picked === pos ? 'picked' : '',
      drag && drag.from === pos ? 'lifted' : '', drag && drag.to === pos && drag.from !== pos ? 'drop-here' : ''].join(' ');
    return html`<span class="slot" key=${`${code}-${index}`}><button type="button" class=${classes}
          data-card=${code} aria-label=${label} title=${dim ? t('hand.why', { card: cardText(code), why }) : undefined}
          aria-pressed=${at >= 0 ? 'true' : 'false'} aria-disabled=${dim ? 'true' : 'false'}
          onPointerDown=${(e) => onPointerDown(e, pos)} onKeyDown=${(e) => onKeyDown(e, pos)}
          onClick=${() => clickCard(pos, index, enabled, code)}>
          <${CardFace} code=${code} />
          ${at >= 0 && html`<span class="order" aria-hidden="true" data-order=${String(at + 1)}></span>`}
        </button></span>`;
  })}</div>`)}
    </div>
    <div class="controls">
    ${arranging && html`<div class="arrange-bar" role="group" aria-label=${t('hand.move_picked')}>
      <button type="button" class="small" disabled=${!canStep(leftward)} onClick=${() => step(leftward)}>${t('hand.left')}</button>
      <button type="button" class="small" disabled=${!canStep(-leftward)} onClick=${() => step(-leftward)}>${t('hand.right')}</button>
      <button type="button" class="small primary" onClick=${() => { setArranging(false); setPicked(null); setReason(null); }}>${t('hand.done')}</button>
    </div>`}
    ${c && c.jokerOptions.length > 0 && html`<div class="picker" role="group" aria-label=${t('hand.joker_group')}>
      <span class="picker-label" aria-hidden="true">${t('badge.joker_term')}</span>
      ${c.jokerOptions.map((j) => html`<button type="button" class="choice" key=${j} data-joker-as=${j}
        aria-pressed=${c.chosenJoker === j ? 'true' : 'false'} aria-label=${t('hand.joker_as', { short: cardText(j), card: cardName(j), code: j })}
        onClick=${() => { setJokerAs(j); setWish(null); }}><span class=${parseCard(j).red ? 'red-text' : ''}>${cardText(j)}</span></button>`)}
    </div>`}
    ${c && c.wishOptions.length > 0 && html`<div class="picker" role="group" aria-label=${t('hand.wish_group')}>
      <span class="picker-label" aria-hidden="true">${t('hand.wish')}</span>
      ${c.wishOptions.map((w) => html`<${WishButton} key=${wishKey(w)} option=${w} chosen=${wish} onChoose=${setWish} />`)}
    </div>`}
    ${c && c.canAnnounce && c.canQuiet && html`<label class="announce-with">
      <input type="checkbox" checked=${announce} onChange=${(e) => setAnnounce(e.currentTarget.checked)} />
      ${t('hand.announce_with', { call: view.call_word })}</label>`}
    ${view.status === 'playing' && !roundOver && html`<div class="actions" role="group" aria-label=${t('hand.actions')}>
      ${passMode ? html`<button type="button" class="primary" disabled=${busy || selected.length !== 1}
          onClick=${() => onMove({ action: 'choose_pass_card', card: you.hand[selected[0]] })}>${t('action.give')}</button>`
    : html`<button type="button" class="primary" disabled=${busy || !c || !c.ready} onClick=${play}>${t('action.play')}</button>`}
      ${hasAction(legal, 'draw') && html`<button type="button" disabled=${busy} onClick=${() => onMove({ action: 'draw' })}>${t('action.draw')}${pendingDraw ? html`<span class="sub" aria-hidden="true"> ${num(pendingDraw)}</span>` : ''}</button>`}
      ${hasAction(legal, 'pass') && html`<button type="button" disabled=${busy} onClick=${() => onMove({ action: 'pass' })}>${t('action.pass')}</button>`}
      ${hasAction(legal, 'announce') && html`<button type="button" class="call" disabled=${busy} onClick=${() => onMove({ action: 'announce' })}>${t('action.announce')}<span class="sub" aria-hidden="true"> “${view.call_word}!”</span></button>`}
      ${targets.map((s) => html`<button type="button" class="catch" key=${s} data-target-seat=${String(s)} disabled=${busy}
        onClick=${() => onMove({ action: 'catch', target_seat: s })}>${t('action.catch')}<span class="sub" aria-hidden="true"> ${seatName(view, s, you.seat)}</span></button>`)}
      ${selected.length > 0 && html`<button type="button" class="ghost" onClick=${() => setSelected([])}>${t('action.clear')}</button>`}
    </div>`}
    </div>
  </section>`;
}

// How many cards a row of the hand holds: as many as leave each card a strip of STRIP_PX
// to press where they overlap, at most MAX_PER_ROW; more cards take more rows.
const STRIP_PX = 24;
const MAX_PER_ROW = 14;

function usePerRow(row) {
  const [fit, setFit] = useState(MAX_PER_ROW);
  useLayoutEffect(() => {
    const el = row.current;
    if (!el) return undefined;
    const measure = () => {
      const card = el.querySelector('.hand-card');
      const cw = card ? card.offsetWidth : 96;
      setFit(Math.max(1, Math.min(MAX_PER_ROW, Math.floor(1 + (el.clientWidth - cw) / STRIP_PX))));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return fit;
}

function rowsOf(shown, perRow) {
  const rows = Math.max(1, Math.ceil(shown.length / perRow));
  const per = Math.ceil(shown.length / rows);
  const out = [];
  shown.forEach((c, pos) => {
    const r = Math.floor(pos / per);
    (out[r] = out[r] || []).push({ ...c, pos });
  });
  return out;
}

// The line above the hand: what to do now, from legal_moves (never "Draw" when only Pass is
// there).
function handHint(view, legal, myTurn, c, codes, passMode, paced, roundOver) {
  if (view.status === 'finished') return t('hint.over');
  if (view.status !== 'playing') return t('hint.not_dealt');
  if (roundOver) return t('hint.round_over');
  if (paced) return t('hint.paced');
  if (passMode) return t('hint.pass_card');
  if (!myTurn) return legal.length ? t('hint.act_now') : t('hint.wait');
  if (!codes.length) {
    if (hasAction(legal, 'play')) return t('hint.select');
    const draw = hasAction(legal, 'draw');
    const pass = hasAction(legal, 'pass');
    const p = view.pending || {};
    if (draw && pass) return t('hint.no_fit_draw_or_pass');
    if (draw) return t('hint.no_fit_draw');
    if (pass) return p.skip && p.skip.target_seat === view.you.seat ? t('hint.sit_out') : t('hint.no_fit_pass');
    if (hasAction(legal, 'announce')) return t('hint.announce', { call: view.call_word });
    return t('hint.wait');
  }
  if (c && c.jokerOptions.length && !c.chosenJoker) return t('hint.choose_joker');
  if (c && c.wishOptions.length && !c.ready) return t('hint.choose_wish');
  if (c && c.ready) return t('hint.ready');
  return t('hint.add_card');
}
