// The parts of a table that every viewer sees: the seats around it, the piles and what is
// pending, each seat's last move. Shared by the live table and the replay viewer.
import { html } from '../vendor/preact-htm.js';
import { Card, CardBack, SUITS, cardText, parseCard } from './cards.js';
import { Countdown, BOT_WORDS, seatName } from './ui.js';
import { ordinal } from './words.js';

const MAX_BACKS = 8;

function Backs({ n }) {
  const shown = Math.min(n, MAX_BACKS);
  return html`<span class="backs" aria-hidden="true">
    ${Array.from({ length: shown }, (_, i) => html`<span class="mini-back" key=${i}></span>`)}
  </span>`;
}

function BotIcon() {
  return html`<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" class="bot-icon">
    <path d="M11 2h2v3h-2z" /><circle cx="12" cy="2.5" r="1.6" />
    <rect x="4" y="6" width="16" height="13" rx="4" />
    <circle cx="9" cy="12" r="1.8" class="eye" /><circle cx="15" cy="12" r="1.8" class="eye" />
    <rect x="8.5" y="15.5" width="7" height="1.6" rx=".8" class="eye" /></svg>`;
}

function initials(name) {
  const words = String(name || '?').trim().split(/\s+/);
  return (words.length > 1 ? words[0][0] + words[words.length - 1][0] : words[0].slice(0, 2)).toUpperCase();
}

// A seat's last move in words and small cards: "played K♠", "drew 2", "passed".
export function LastMove({ move }) {
  if (!move) return null;
  const words = { play: 'played', draw: `drew ${move.count}`, pass: 'passed', skip: 'sat out', timeout: 'ran out of time' }[move.action];
  const cards = move.action === 'play' ? move.cards : [];
  return html`<span class=${`last-move ${move.action}`} data-last-action=${move.action}
      data-last-cards=${cards.length ? cards.join(' ') : undefined}>
    ${words}${cards.map((c, i) => html`${i ? ',' : ''} <span class=${`last-card ${parseCard(c).red ? 'red-text' : ''}`} key=${`${c}-${i}`}>${cardText(c)}</span>`)}
    ${move.jokerAs && html` as ${cardText(move.jokerAs)}`}
  </span>`;
}

// Where a seat sits around the table, seen from `me` (who sits at the bottom): the seats
// follow in seat order, clockwise on the screen. Percentages of the table's box.
export function around(seat, me, n) {
  const r = (seat - me + n) % n;
  const angle = Math.PI / 2 + (r * 2 * Math.PI) / n;
  return { r, x: 50 + 44 * Math.cos(angle), y: 50 + 41 * Math.sin(angle) };
}

// One seat: name, bot level, hand size, score, place, autopilot, whose turn and its clock,
// its last move. `hand`: the cards, when the viewer may see them (the replay shows every
// hand). `live`: a clock runs (not in a replay).
export function Seat({ view, seat, you, hand, last, acting, live = true, place, children, onAddBot, heldFor }) {
  const info = view.seats[seat];
  const pos = place ? { '--x': `${place.x}%`, '--y': `${place.y}%` } : undefined;
  if (!info.player_id) { // a waiting table's free seat
    const held = view.seats[seat].reserved;
    return html`<li class=${`seat open ${held ? 'held' : ''}`} data-seat=${String(seat)} data-hand-size="0" style=${pos}>
      <div class="seat-head"><span class="avatar" aria-hidden="true">?</span>
        <span class="seat-name"><span class="who">${held ? `Held for ${heldFor || 'a player of the last game'}` : 'Open seat'}</span></span></div>
      ${onAddBot && html`<button type="button" class="small add-bot" data-add-bot=${String(seat)}
        onClick=${() => onAddBot(seat)}>Add a bot<span class="sr-only"> to seat ${seat + 1}</span></button>`}
    </li>`;
  }
  const current = view.status === 'playing' && view.current_seat === seat;
  const calling = view.announcement && view.announcement.seat === seat;
  const name = info.name || `Seat ${seat}`;
  const isBot = info.kind === 'bot';
  const classes = ['seat', current ? 'current' : '', acting ? 'acting' : '', info.out ? 'out' : '', seat === you ? 'mine' : ''].join(' ');
  const level = isBot && info.bot_level ? BOT_WORDS[info.bot_level] : null;
  return html`<li class=${classes} data-seat=${String(seat)} data-hand-size=${String(info.hand_size)}
      aria-current=${current ? 'true' : undefined} style=${pos}>
    <div class="seat-head">
      <span class=${`avatar ${isBot ? 'bot' : 'human'}`} aria-hidden="true">${isBot ? html`<${BotIcon} />` : initials(name)}</span>
      <span class="seat-name">
        <span class="who" title=${name}>${seat === you ? `${name} (you)` : name}${current && html`<span class="sr-only"> (to play)</span>`}</span>
        <span class="tags">
          ${level && !name.toLowerCase().includes(level.toLowerCase()) && html`<span class="tag">${level}</span>`}
          ${info.autopilot && html`<span class="tag warn">autopilot</span>`}
          ${view.dealer_seat === seat && html`<span class="tag">dealer</span>`}
          ${info.place != null && html`<span class="tag place">${ordinal(info.place)}</span>`}
        </span>
      </span>
      ${current && live && html`<${Countdown} deadline=${view.turn_deadline} label=${`${name}'s turn clock`} />`}
    </div>
    <div class="seat-body">
      ${hand ? html`<span class="seat-hand">${hand.map((c, i) => html`<${Card} key=${`${c}-${i}`} code=${c} size="mini" />`)}</span>`
    : html`<${Backs} n=${info.hand_size} />`}
      <span class="count"><strong>${info.hand_size}</strong> ${info.hand_size === 1 ? 'card' : 'cards'}</span>
      <span class="score">Score <strong>${info.score}</strong></span>
    </div>
    ${last !== undefined && html`<div class="seat-last">${last ? html`<${LastMove} move=${last} />` : ''}</div>`}
    ${calling && html`<div class="calling">One card left!${live && html` <${Countdown} deadline=${view.announcement.deadline} label="call window" />`}</div>`}
    ${info.out && info.place == null && html`<div class="muted">out</div>`}
    ${children}
  </li>`;
}

// The seats around the table (the live table: the others; the replay: everyone), in seat
// order from `me`; on a narrow screen a row in that order, arrows showing the direction.
// `me`: the seat placed at the bottom; `you`: the viewer's seat (none in a replay).
export function SeatRing({ view, me, you = me, seats, lasts, acting, live, hands, onAddBot, heldFor, label, children }) {
  const n = view.seats.length;
  const ordered = seats.map((s) => ({ s, p: around(s, me ?? 0, n) })).sort((a, b) => a.p.r - b.p.r);
  const ccw = view.direction === 'ccw';
  return html`<div class=${`ring seats-${n} ${ccw ? 'ccw' : 'cw'}`}>
    <span class="direction-ring" aria-hidden="true">${ccw ? '↺' : '↻'}</span>
    <ul class="seats" aria-label=${label}>
      ${ordered.map(({ s, p }) => html`<${Seat} key=${s} view=${view} seat=${s} you=${you} place=${p}
        last=${lasts ? (lasts[s] || null) : undefined} acting=${acting === s} live=${live}
        hand=${hands ? hands[s] : undefined} onAddBot=${onAddBot} heldFor=${heldFor && heldFor[s]} />`)}
    </ul>
    <div class="ring-centre">${children}</div>
  </div>`;
}

const suitWord = (s) => (SUITS[s] ? `${SUITS[s].symbol} ${SUITS[s].name}` : s);

function wishWords(wish) {
  if (wish.kind === 'suit') return `${suitWord(wish.value)}`;
  if (wish.kind === 'rank') return `rank ${wish.value}`;
  return 'free wish';
}

// The piles and everything pending, as badges next to the top card. `top`: the card
// shown on the pile and who played it. `paced`: the moves of others are being shown one
// by one, the pile shows the card of the move shown, and what is pending (the view's, of
// the latest state) waits until they all are.
export function Center({ view, you, top, paced = false }) {
  const p = view.pending || {};
  const name = (s) => seatName(view, s, you);
  const badges = [];
  if (p.draw) badges.push(['draw', `${name(p.draw.target_seat)}: draw ${p.draw.amount}`, 'Pending draw']);
  if (p.skip) badges.push(['skip', `${name(p.skip.target_seat)}: sit out ${p.skip.turns}`, 'Pending skip']);
  if (p.wish) badges.push(['wish', wishWords(p.wish), `Wish by ${name(p.wish.by_seat)}`]);
  if (p.follow_up_seat != null) badges.push(['info', `${name(p.follow_up_seat)} must follow up`, 'Follow-up']);
  if (p.skip_robin) badges.push(['skip', `robin of ${p.skip_robin.count}`, 'Robin']);
  if (p.bonus_turns) badges.push(['info', `${name(p.bonus_turns.seat)}: ${p.bonus_turns.left} bonus`, 'Bonus turns']);
  if (view.free_play) badges.push(['info', 'any card', 'Free play']);
  const code = top ? top.code : view.top_card;
  const as = top ? top.as : view.top_card_as;
  const topSuit = code && code.length > 1 && !code.startsWith('JK') ? code.slice(-1) : null;
  const showSuit = view.effective_suit && (view.effective_suit !== topSuit || as);
  const by = top && top.seat != null ? name(top.seat) : null;
  return html`<div class="center-piles">
    <div class="pile stock">
      <${CardBack} size="big" label=${`stock, ${view.stock_size} cards`} />
      <span class="pile-label">Stock <strong>${view.stock_size}</strong></span>
    </div>
    <div class="pile discard">
      ${code ? html`<${Card} code=${code} size="big" label=${`top card: ${code}${by ? `, played by ${by}` : ''}`} attrs=${{ 'data-top-card': code }} key=${code} />`
    : html`<span class="card big empty" aria-label="no card yet" role="img"></span>`}
      <span class="pile-label">${by ? html`<span class="played-by">${by}</span>` : html`Discard <strong>${view.discard_size}</strong>`}</span>
    </div>
    <dl class="state">
      ${paced ? '' : html`${as && html`<div class="badge info"><dt>Joker as</dt><dd>${as}</dd></div>`}
      ${showSuit && html`<div class="badge suit"><dt>Suit</dt><dd>${suitWord(view.effective_suit)}</dd></div>`}
      ${view.effective_rank && as && html`<div class="badge"><dt>Rank</dt><dd>${view.effective_rank}</dd></div>`}
      ${badges.map(([kind, text, term]) => html`<div class=${`badge ${kind}`} key=${term}><dt>${term}</dt><dd>${text}</dd></div>`)}`}
      <div class="badge dir"><dt>Direction</dt><dd>${view.direction === 'ccw' ? '↺ counter-clockwise' : '↻ clockwise'}</dd></div>
    </dl>
  </div>`;
}

// The standings of a finished game, or of the round that just ended.
export function Standings({ view, you, title, places, points, scores }) {
  const rows = view.seats.map((s, i) => ({ seat: i, name: seatName(view, i, you), place: places[i], points: points && points[i], score: scores[i] }))
    .sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || a.seat - b.seat);
  return html`<section class="standings" aria-label=${title}>
    <h2>${title}</h2>
    <table>
      <thead><tr><th scope="col">Place</th><th scope="col">Player</th>${points && html`<th scope="col">Points</th>`}<th scope="col">Score</th></tr></thead>
      <tbody>${rows.map((r) => html`<tr key=${r.seat} class=${r.seat === you ? 'mine' : ''} data-standing-seat=${String(r.seat)}>
        <td>${r.place != null ? ordinal(r.place) : '–'}</td><td>${r.name}</td>${points && html`<td>${r.points}</td>`}<td>${r.score}</td></tr>`)}
      </tbody>
    </table>
  </section>`;
}

