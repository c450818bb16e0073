// When Home warns that the password is about to expire (spec 2 Home: "a banner when a password
// change is needed"). A password that must be changed now never reaches Home: the signed-in layout
// sends its user to the forced change (design 5.3). So the banner is the week before the expiry,
// the window the admin area calls "7 days or less" (spec 002 section 4), while a change is still
// the user's own choice.

import { SHELL_HOME } from "./texts/shell_home.ts";
import { text } from "../../i18n/i18n.ts";

/** How long before the expiry Home starts to warn. */
export const EXPIRY_WARNING_DAYS = 7;

const DAY = 24 * 60 * 60 * 1000;

/** 'in 5 days', 'in 1 day' or 'today' (in the language shown) while the password expires within
 * the warning window, else null (no expiry, expired already, or further away). */
export function expiresWithin(expiry: string | null, now: number): string | null {
  if (expiry === null) return null;
  const left = Date.parse(expiry) - now;
  if (!(left >= 0) || left > EXPIRY_WARNING_DAYS * DAY) return null;
  return left < DAY ? text(SHELL_HOME, "today") : text(SHELL_HOME, "inDays", {
    count: Math.ceil(left / DAY),
  });
}
