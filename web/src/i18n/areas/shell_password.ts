import { catalogue } from "../i18n.ts";
import en from "../locales/en/shell_password.json" with { type: "json" };

/** The own password change: the forced change screen, the profile's change and their fields. */
export const SHELL_PASSWORD = catalogue("shell_password", en);
