import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/shell_home.json" with { type: "json" };

/** Home (greeting, app cards, password expiry banner) and the access-denied screens. */
export const SHELL_HOME = catalogue("shell_home", en);
