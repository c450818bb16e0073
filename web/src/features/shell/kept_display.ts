// The language and theme this device keeps (localStorage 'portal.display', written by the display
// store in display.ts), read and shown without the stores, so that the page's first chunk
// (web/src/boot.ts) shows the sign-in form in the kept language, direction and theme before the
// app has loaded.

import { type Theme, THEMES } from "../../../../api/rules/themes.ts";
import { DIRECTION, isLanguage, type Language } from "../../i18n/language.ts";

/** The localStorage key of the display preferences. */
export const DISPLAY_KEY = "portal.display";

/** Whether a value names a theme. */
export const isTheme = (v: unknown): v is Theme => THEMES.some((t) => t === v);

/** The kept language and theme (English and light where nothing, or nothing readable, is kept). */
export function keptDisplay(): { language: Language; theme: Theme } {
  let state: { language?: unknown; theme?: unknown } | undefined;
  try {
    const raw = JSON.parse(globalThis.localStorage?.getItem(DISPLAY_KEY) ?? "null");
    // persist's form {state, version}, or an earlier version's bare object
    state = typeof raw === "object" && raw !== null
      ? ("state" in raw ? raw.state : raw)
      : undefined;
  } catch {
    // storage unavailable or not JSON: the defaults
  }
  return {
    language: isLanguage(state?.language) ? state.language : "en",
    theme: isTheme(state?.theme) ? state.theme : "light",
  };
}

/** Shows a theme: light or dark as chosen, or the system's (no attribute: the CSS follows
 * prefers-color-scheme). */
export function showTheme(theme: Theme) {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  if (theme === "system") delete root.dataset.theme;
  else root.dataset.theme = theme;
}

/** Sets the document's language and direction (the texts follow when their catalogues load). */
export function showDirection(language: Language) {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  root.lang = language;
  root.dir = DIRECTION[language];
}
