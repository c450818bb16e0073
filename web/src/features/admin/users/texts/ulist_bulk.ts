import { catalogue } from "../../../../i18n/i18n.ts";
import en from "../locales/en/ulist_bulk.json" with { type: "json" };

/** The user list's bulk bar, its confirmations and the actions over every matching user. */
export const ULIST_BULK = catalogue("ulist_bulk", en);
