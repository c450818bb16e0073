import { catalogue } from "../../../../i18n/i18n.ts";
import en from "../locales/en/ulist_expiring.json" with { type: "json" };

/** The Expiring Users screen. */
export const ULIST_EXPIRING = catalogue("ulist_expiring", en);
