// How the portal looks on this device (issue 28): its language, its theme and whether it may
// notify. The signed-in account's preferences set them (the session check hands them over), the
// profile changes them (features/profile/preferences.ts), and the sign-in page's language switch
// sets the language before anyone signs in. They are kept on the device (localStorage
// 'portal.display'), so that the sign-in page and offline screens open as the last user left them;
// they name no account.

import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { Theme } from "../../../../api/rules/themes.ts";
import { COMMON } from "../../i18n/areas/common.ts";
import { setLanguage, text } from "../../i18n/i18n.ts";
import { isLanguage, type Language } from "../../i18n/language.ts";
import { keptInLocalStorage } from "../../lib/persisted.ts";
import { DISPLAY_KEY, isTheme, showTheme } from "./kept_display.ts";

/** What the device keeps. */
export interface Display {
  language: Language;
  theme: Theme;
  notifications: boolean;
}

/** The display store: the preferences and the one action that changes them. */
export interface DisplayState extends Display {
  /** The language picked on the sign-in page, not yet saved to an account (null: none). */
  picked: Language | null;
  /** Takes some preferences and shows them at once (document language, direction, theme). */
  apply(change: Partial<Record<keyof Display, unknown>>): void;
  /** The sign-in page's choice: shown at once, and saved to the account that signs in next, as
   * Keycloak's sign-in page does with the locale picked there. */
  pickLanguage(language: Language): void;
}

/** The display preferences a stored or answered value holds (anything unknown left out). */
function known(
  value: Partial<Record<keyof Display, unknown>> | null | undefined,
): Partial<Display> {
  const out: Partial<Display> = {};
  if (isLanguage(value?.language)) out.language = value.language;
  if (isTheme(value?.theme)) out.theme = value.theme;
  if (typeof value?.notifications === "boolean") out.notifications = value.notifications;
  return out;
}

/** The display store. */
export const useDisplay = create<DisplayState>()(persist(
  (set, get) => ({
    language: "en",
    theme: "light",
    notifications: true,
    picked: null,
    pickLanguage(language) {
      set({ picked: language });
      get().apply({ language });
    },
    apply(change) {
      const next = { ...pick(get()), ...known(change) };
      set(next);
      showTheme(next.theme);
      void show(next.language);
    },
  }),
  keptInLocalStorage<DisplayState, Display>(
    DISPLAY_KEY,
    { read: stored, legacy: () => null },
    pick,
  ),
));

/** The kept preferences of a stored state (the defaults for what it lacks). */
function stored(value: unknown): Display {
  return { language: "en", theme: "light", notifications: true, ...known(value as never) };
}

/** The kept part of the state. */
function pick(s: Display): Display {
  return { language: s.language, theme: s.theme, notifications: s.notifications };
}

/** Shows a language: its texts, the document's direction and the window's title. */
async function show(language: Language) {
  await setLanguage(language);
  if (globalThis.document) document.title = text(COMMON, "portalTitle");
}

/** Shows what the device kept, before the first screen renders (main.tsx). */
export function startDisplay() {
  const s = useDisplay.getState();
  showTheme(s.theme);
  void show(s.language);
}
