import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/ulist_table.json" with { type: "json" };

/** The user table's headers and cells (also on the user cards and the user page) and the status line. */
export const ULIST_TABLE = catalogue("ulist_table", en);
