// The parts of a table that every viewer sees: the seats around it, the piles and what is
// pending, each seat's last move. Shared by the live table and the replay viewer.
import { html } from '../vendor/preact-htm.js';
import { Card, CardBack, cardName, cardText, parseCard, rankMark, suitWords } from './cards.js';
import { num, t, tx } from './i18n.js';
import { Countdown, botWords, seatName, shownName } from './ui.js';
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
  const words = move.action === 'draw' ? t('last.draw', { n: move.count }) : t(`last.${move.action}`);
  const cards = move.action === 'play' ? move.cards : [];
  return html`<span class=${`last-move ${move.action}`} data-last-action=${move.action}
      data-last-cards=${cards.length ? cards.join(' ') : undefined}>
    ${words}${cards.map((c, i) => html`<span key=${`${c}-${i}`}>${i ? ', ' : ''}<span class=${`last-card ${parseCard(c).red ? 'red-text' : ''}`}>${cardText(c)}</span></span>`)}
    ${move.jokerAs && html` ${t('last.joker_as', { card: cardText(move.jokerAs) })}`}
  </span>`;
}

// Where each seat sits around the table seen from `me` (at the bottom): the seats follow in
// seat order, clockwise on the screen, up the left side, along the top, down the right
// side. Cells of a grid, so that no seat can cover another or the piles: { r, row, col }
// per seat (r: places after `me`), and the cell of the centre and of the bottom seat.
export function ringLayout(n) {
  const k = n - 1; // the seats other than the bottom one
  const side = k >= 3 ? Math.floor(k / 3) : 0;
  const top = k - 2 * side;
  const cols = side ? top + 2 : top;
  const middle = Math.max(side, 1);
  const inner = side ? [2, 2 + top] : [1, 1 + top];
  const all = [1, cols + 1]; // a row of its own may take the whole width
  const cells = { 0: { row: [2 + middle, 3 + middle], col: all } };
  for (let r = 1; r <= k; r += 1) {
    if (r <= side) cells[r] = { row: [2 + side - r, 3 + side - r], col: [1, 2] };
    else if (r <= side + top) {
      const j = r - side - 1;
      let col = [j + 1, j + 2];
      if (side) col = top === 1 ? all : j === 0 ? [1, 3] : j === top - 1 ? [top + 1, top + 3] : [j + 2, j + 3];
      cells[r] = { row: [1, 2], col };
    } else cells[r] = { row: [2 + r - side - top - 1, 3 + r - side - top - 1], col: [cols, cols + 1] };
  }
  return { cells, centre: { row: [2, 2 + middle], col: inner }, side, top, cols };
}

const area = (cell) => ({ gridRow: `${cell.row[0]} / ${cell.row[1]}`, gridColumn: `${cell.col[0]} / ${cell.col[1]}` });

// A seat has a turn clock to show when a person plays it (a bot moves in a moment; a seat on
// autopilot is played by one).
export const hasClock = (info) => !!info && info.kind === 'human' && !info.autopilot;

// One seat: name, bot level, hand size, score, place, autopilot, whose turn and its clock,
// its last move. `hand`: the cards, when the viewer may see them (the replay shows every
// hand). `live`: a clock runs (not in a replay).
export function Seat({ view, seat, you, hand, last, acting, live = true, cell, children, onAddBot, heldFor }) {
  const info = view.seats[seat];
  const pos = cell ? area(cell) : undefined;
  if (!info.player_id) { // a waiting table's free seat
    const held = view.seats[seat].reserved;
    return html`<li class=${`seat open ${held ? 'held' : ''}`} data-seat=${String(seat)} data-hand-size="0" style=${pos}>
      <div class="seat-head"><span class="avatar" aria-hidden="true">?</span>
        <span class="seat-name"><span class="who">${held ? t('seat.held_for', { name: heldFor || t('seat.held_for_someone') }) : t('seat.open')}</span></span></div>
      ${onAddBot && html`<button type="button" class="small add-bot" data-add-bot=${String(seat)}
        onClick=${() => onAddBot(seat)}>${t('seat.add_bot')}<span class="sr-only"> ${t('seat.add_bot_to', { n: seat + 1 })}</span></button>`}
    </li>`;
  }
  const current = view.status === 'playing' && view.current_seat === seat;
  const calling = view.announcement && view.announcement.seat === seat;
  const name = shownName(info, seat);
  const isBot = info.kind === 'bot';
  const classes = ['seat', current ? 'current' : '', acting ? 'acting' : '', info.out ? 'out' : '', seat === you ? 'mine' : ''].join(' ');
  const level = isBot && info.bot_level ? botWords(info.bot_level) : null;
  return html`<li class=${classes} data-seat=${String(seat)} data-hand-size=${String(info.hand_size)}
      aria-current=${current ? 'true' : undefined} style=${pos}>
    <div class="seat-head">
      <span class=${`avatar ${isBot ? 'bot' : 'human'}`} aria-hidden="true">${isBot ? html`<${BotIcon} />` : initials(name)}</span>
      <span class="seat-name">
        <span class="who" title=${name}>${seat === you ? t('seat.name_you', { name }) : name}${current && html`<span class="sr-only"> ${t('seat.to_play')}</span>`}</span>
        <span class="tags">
          ${level && !name.toLowerCase().includes(level.toLowerCase()) && html`<span class="tag">${level}</span>`}
          ${info.autopilot && html`<span class="tag warn">${t('seat.autopilot')}</span>`}
          ${view.dealer_seat === seat && html`<span class="tag">${t('seat.dealer')}</span>`}
          ${info.place != null && html`<span class="tag place">${ordinal(info.place)}</span>`}
        </span>
      </span>
    </div>
    <div class="seat-body">
      ${hand ? html`<span class="seat-hand">${hand.map((c, i) => html`<${Card} key=${`${c}-${i}`} code=${c} size="mini" />`)}</span>`
    : html`<${Backs} n=${info.hand_size} />`}
      <span class="count">${tx('seat.cards', { n: info.hand_size, count: html`<strong>${num(info.hand_size)}</strong>` })}</span>
      <span class="score">${tx('seat.score', { score: html`<strong>${num(info.score)}</strong>` })}</span>
      ${current && live && hasClock(info) && html`<${Countdown} deadline=${view.turn_deadline} label=${t('clock.seat', { name })} />`}
    </div>
    ${last !== undefined && html`<div class="seat-last">${last ? html`<${LastMove} move=${last} />` : null}</div>`}
    ${calling && html`<div class="calling">${t('seat.one_card_left')}${live && html` <${Countdown} deadline=${view.announcement.deadline} label=${t('clock.call_window')} />`}</div>`}
    ${info.out && info.place == null && html`<div class="muted">${t('seat.out')}</div>`}
    ${children}
  </li>`;
}

// The seats around the table (the live table: the others; the replay: everyone), in seat
// order from `me`; on a narrow screen a row in that order, arrows showing the direction.
// `me`: the seat placed at the bottom; `you`: the viewer's seat (none in a replay).
export function SeatRing({ view, me, you = me, seats, lasts, acting, live, hands, onAddBot, heldFor, label, children }) {
  const n = view.seats.length;
  const layout = ringLayout(n);
  const ordered = seats.map((s) => ({ s, r: (s - (me ?? 0) + n) % n })).sort((a, b) => a.r - b.r);
  const ccw = view.direction === 'ccw';
  const columns = layout.side ? `var(--side-w) repeat(${layout.top}, minmax(0, 1fr)) var(--side-w)`
    : `repeat(${layout.top}, minmax(0, 1fr))`;
  return html`<div class=${`ring seats-${n} ${ccw ? 'ccw' : 'cw'} ${ordered.some((o) => o.r === 0) ? 'with-bottom' : ''}`}
      style=${{ gridTemplateColumns: columns }}>
    <span class="direction-ring" aria-hidden="true">${ccw ? '↺' : '↻'}</span>
    <ul class="seats" aria-label=${label}>
      ${ordered.map(({ s, r }) => html`<${Seat} key=${s} view=${view} seat=${s} you=${you} cell=${layout.cells[r]}
        last=${lasts ? (lasts[s] || null) : undefined} acting=${acting === s} live=${live}
        hand=${hands ? hands[s] : undefined} onAddBot=${onAddBot} heldFor=${heldFor && heldFor[s]} />`)}
    </ul>
    <div class="ring-centre" style=${area(layout.centre)}>${children}</div>
  </div>`;
}

function wishWords(wish) {
  if (wish.kind === 'suit') return suitWords(wish.value);
  if (wish.kind === 'rank') return t('badge.rank_wish', { rank: rankMark(wish.value) });
  return t('badge.free_wish');
}

// The piles and everything pending, as badges next to the top card. `top`: the card
// shown on the pile and who played it. `paced`: the moves of others are being shown one
// by one, the pile shows the card of the move shown, and what is pending (the view's, of
// the latest state) waits until they all are.
export function Center({ view, you, top, paced = false }) {
  const p = view.pending || {};
  const name = (s) => seatName(view, s, you);
  const badges = [];
  if (p.draw) badges.push(['draw', t('badge.draw', { who: name(p.draw.target_seat), amount: p.draw.amount }), t('badge.draw_term')]);
  if (p.skip) badges.push(['skip', t('badge.skip', { who: name(p.skip.target_seat), turns: p.skip.turns }), t('badge.skip_term')]);
  if (p.wish) badges.push(['wish', wishWords(p.wish), t('badge.wish_term', { who: name(p.wish.by_seat) })]);
  if (p.follow_up_seat != null) badges.push(['info', t('badge.follow_up', { who: name(p.follow_up_seat) }), t('badge.follow_up_term')]);
  if (p.skip_robin) badges.push(['skip', t('badge.robin', { count: p.skip_robin.count }), t('badge.robin_term')]);
  if (p.bonus_turns) badges.push(['info', t('badge.bonus', { who: name(p.bonus_turns.seat), left: p.bonus_turns.left }), t('badge.bonus_term')]);
  if (view.free_play) badges.push(['info', t('badge.free_play'), t('badge.free_play_term')]);
  const code = top ? top.code : view.top_card;
  const as = top ? top.as : view.top_card_as;
  const topSuit = code && code.length > 1 && !code.startsWith('JK') ? code.slice(-1) : null;
  const showSuit = view.effective_suit && (view.effective_suit !== topSuit || as);
  const by = top && top.seat != null ? name(top.seat) : null;
  return html`<div class="center-piles">
    <div class="pile stock">
      <${CardBack} size="big" label=${t('pile.stock_card', { n: view.stock_size })} />
      <span class="pile-label">${tx('pile.stock', { count: html`<strong>${num(view.stock_size)}</strong>` })}</span>
    </div>
    <div class="pile discard">
      ${code ? html`<${Card} code=${code} size="big" label=${by ? t('pile.top_by', { card: cardName(code), code, who: by }) : t('pile.top', { card: cardName(code), code })}
          attrs=${{ 'data-top-card': code }} key=${code} />`
    : html`<span class="card big empty" aria-label=${t('pile.none')} role="img"></span>`}
      <span class="pile-label">${by ? html`<span class="played-by">${by}</span>` : tx('pile.discard', { count: html`<strong>${num(view.discard_size)}</strong>` })}</span>
    </div>
    <dl class="state">
      ${paced ? '' : html`${as && html`<div class="badge info"><dt>${t('badge.joker_term')}</dt><dd>${cardText(as)}</dd></div>`}
      ${showSuit && html`<div class="badge suit"><dt>${t('badge.suit_term')}</dt><dd>${suitWords(view.effective_suit)}</dd></div>`}
      ${view.effective_rank && as && html`<div class="badge"><dt>${t('badge.rank_term')}</dt><dd>${rankMark(view.effective_rank)}</dd></div>`}
      ${badges.map(([kind, text, term]) => html`<div class=${`badge ${kind}`} key=${kind + term}><dt>${term}</dt><dd>${text}</dd></div>`)}`}
      <div class="badge dir"><dt>${t('badge.direction_term')}</dt><dd>${t(view.direction === 'ccw' ? 'badge.ccw' : 'badge.cw')}</dd></div>
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
      <thead><tr><th scope="col">${t('standings.place')}</th><th scope="col">${t('standings.player')}</th>${points && html`<th scope="col">${t('standings.points')}</th>`}<th scope="col">${t('standings.score')}</th></tr></thead>
      <tbody>${rows.map((r) => html`<tr key=${r.seat} class=${r.seat === you ? 'mine' : ''} data-standing-seat=${String(r.seat)}>
        <td>${r.place != null ? ordinal(r.place) : '–'}</td><td>${r.name}</td>${points && html`<td>${num(r.points)}</td>`}<td>${num(r.score)}</td></tr>`)}
      </tbody>
    </table>
  </section>`;
}
