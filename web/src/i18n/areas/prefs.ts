import { catalogue } from "../i18n.ts";
import en from "../locales/en/prefs.json" with { type: "json" };

/** The preferences section of the profile and the sign-in page's language switch. */
export const PREFS = catalogue("prefs", en);
