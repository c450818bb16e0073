import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/ext_passkey.json" with { type: "json" };

/** What a failed passkey step of the browser says. */
export const EXT_PASSKEY = catalogue("ext_passkey", en);
