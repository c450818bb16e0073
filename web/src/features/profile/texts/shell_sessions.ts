import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/shell_sessions.json" with { type: "json" };

/** The session list of an account (the profile's own, the admin user page's). */
export const SHELL_SESSIONS = catalogue("shell_sessions", en);
