import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/shell_login.json" with { type: "json" };

/** The sign-in page: the form, the second step, the request panels and Clear Cache. */
export const SHELL_LOGIN = catalogue("shell_login", en);
