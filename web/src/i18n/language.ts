// The languages of the portal and which one is shown now (issue 28). A module of its own, free of
// Lingui, so that the time and number formatters can ask for the language without loading the
// message machinery. The i18n module (i18n.ts) is the only one that changes it.

/** The languages the portal speaks: English (the spec's texts) first, then Arabic. To add one,
 * see the README ("Adding a language"). */
export const LANGUAGES = ["en", "ar"] as const;

/** A language of the portal. */
export type Language = (typeof LANGUAGES)[number];

/** Each language's own name, as its speakers write it (for the language switches). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ar: "العربية" };

/** Which way each language's text runs. */
export const DIRECTION: Record<Language, "ltr" | "rtl"> = { en: "ltr", ar: "rtl" };

/** The locale each language formats with: Latin digits in every language, as codes, weights and
 * message data are written (issue 28: the rule for counts and dates is the same). */
export const INTL_LOCALE: Record<Language, string> = { en: "en-GB", ar: "ar-EG-u-nu-latn" };

/** Whether a text names a language of the portal. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

let current: Language = "en";
const listeners = new Set<() => void>();

/** The language shown now. */
export function currentLanguage(): Language {
  return current;
}

/** Makes `language` the one shown (only i18n.ts calls this, once its texts are loaded). */
export function setCurrentLanguage(language: Language) {
  current = language;
  shown++;
  for (const listener of listeners) listener();
}

/** Tells the screens that texts of the language shown arrived after they rendered (an area's
 * catalogue that another area's screen read through `text()`), so that they render again. */
export function textsArrived() {
  shown++;
  for (const listener of listeners) listener();
}

let shown = 0;

/** What a screen showing texts depends on: the language, and the texts loaded so far. */
export function textsShown(): number {
  return shown;
}

/** Calls `listener` whenever the language changes; answers the unsubscribe. */
export function onLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
