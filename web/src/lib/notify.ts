// The portal's notifications (the `notifications` preference, issue 28): when a conversion or an
// extraction finishes while the portal's tab is in the background, the browser says so, if the
// user's preference is on and the browser allows it. Nothing is sent anywhere.

import { useDisplay } from "../features/shell/display.ts";

/** Whether the portal may notify now; `ask` asks the browser's permission when it has not been
 * given or refused yet (only on a person's action, as browsers require). */
export async function mayNotify(ask = false): Promise<boolean> {
  const N = globalThis.Notification;
  if (N === undefined) return false;
  if (N.permission === "granted") return true;
  if (!ask || N.permission === "denied") return false;
  return (await N.requestPermission()) === "granted";
}

/** Tells the user that long work finished, when the tab is hidden and notifications are on. */
export function notifyDone(title: string, body: string) {
  if (!useDisplay.getState().notifications || !globalThis.document?.hidden) return;
  if (globalThis.Notification?.permission !== "granted") return;
  try {
    new Notification(title, { body, tag: "portal-done" });
  } catch {
    // a browser that allows notifications only from a service worker: nothing to show
  }
}
