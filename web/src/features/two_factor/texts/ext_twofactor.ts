import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/ext_twofactor.json" with { type: "json" };

/** The two-factor sign-in section and its setup page. */
export const EXT_TWOFACTOR = catalogue("ext_twofactor", en);
