// Telling a player whose tab is in the background that it has become his turn: the tab's
// title says so first, and a browser notification appears if he allowed them (one click
// in the table's menu). Nothing while the tab is in front: he sees the table.
import { useEffect, useState } from '../vendor/preact-htm.js';

export const notificationsSupported = () => typeof window.Notification === 'function';

// Whether the page is in the background, kept up to date.
export function useHidden() {
  const [hidden, setHidden] = useState(() => document.visibilityState === 'hidden');
  useEffect(() => {
    const update = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return hidden;
}

// When `due` becomes true while the tab is hidden: a notification, if allowed.
export function useTurnNotification(due, hidden, enabled, { title, body, tag }) {
  useEffect(() => {
    if (!due || !hidden || !enabled || !notificationsSupported() || Notification.permission !== 'granted') return;
    try {
      const n = new Notification(title, { body, tag });
      n.onclick = () => { window.focus(); n.close(); };
    } catch (e) { /* a browser that only notifies from a service worker: the title still says it */ }
  }, [due]);
}

// The menu's switch: asking the browser's permission is the click that turns it on.
export async function askToNotify() {
  if (!notificationsSupported()) return 'unsupported';
  if (Notification.permission === 'granted') return 'granted';
  return Notification.requestPermission();
}
