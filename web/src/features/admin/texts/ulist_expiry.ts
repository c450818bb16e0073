import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/ulist_expiry.json" with { type: "json" };

/** How a password expiry reads on every admin screen: the time left or since, and its urgency. */
export const ULIST_EXPIRY = catalogue("ulist_expiry", en);
