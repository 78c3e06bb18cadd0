// The server's clock, from the Date header of API responses (whole seconds): turn
// deadlines are the server's times.
let offsetMs = 0;
export function noteServerDate(response) {
  const date = Date.parse(response.headers.get('Date') || '');
  if (Number.isNaN(date)) return;
  const estimate = date + 500 - Date.now();
  if (Math.abs(estimate - offsetMs) > 1500) offsetMs = estimate;
}
export const serverNow = () => Date.now() + offsetMs;

export function secondsLeft(deadline) {
  if (!deadline) return null;
  return Math.max(0, Math.ceil((Date.parse(deadline) - serverNow()) / 1000));
}

