"""Boxes measured in the page: what the layout tests compare (bounding boxes from Chromium)."""

from __future__ import annotations

# Every seat box, pending badge and pile (card and label) on the felt, the turn line and a
# round's end panel: [kind, label, left, top, right, bottom], rounded to a tenth of a pixel.
FELT_BOXES = """() => {
  const out = [];
  const add = (kind, el, label) => { const r = el.getBoundingClientRect();
    if (r.width && r.height) out.push([kind, label, ...[r.left, r.top, r.right, r.bottom].map((v) => Math.round(v * 10) / 10)]); };
  document.querySelectorAll('.felt [data-seat]').forEach((el) => add('seat', el, 'seat ' + el.dataset.seat));
  document.querySelectorAll('.felt .state .badge').forEach((el, i) => add('badge', el, 'badge ' + i + ' ' + el.textContent.trim()));
  document.querySelectorAll('.felt .pile').forEach((el) => add('pile', el, el.classList.contains('stock') ? 'stock' : 'discard'));
  document.querySelectorAll('.felt .turn-line, .felt .round-end').forEach((el) => add('line', el, el.className));
  const felt = document.querySelector('.felt');
  const f = felt ? felt.getBoundingClientRect() : null;
  return { boxes: out, felt: f && [f.left, f.top, f.right, f.bottom], width: innerWidth, height: innerHeight,
           scrollWidth: document.documentElement.scrollWidth };
}"""


def overlaps(boxes: list, tolerance: float = 0.5) -> list:
    """The pairs of boxes that cover each other (by more than `tolerance` px both ways)."""
    out = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if min(a[4], b[4]) - max(a[2], b[2]) > tolerance and min(a[5], b[5]) - max(a[3], b[3]) > tolerance:
                out.append((a[1], b[1]))
    return out


def outside(boxes: list, frame: list, tolerance: float = 0.5) -> list:
    """The boxes that stick out of `frame` [left, top, right, bottom]."""
    return [b[1] for b in boxes if b[2] < frame[0] - tolerance or b[4] > frame[2] + tolerance
            or b[3] < frame[1] - tolerance or b[5] > frame[3] + tolerance]
