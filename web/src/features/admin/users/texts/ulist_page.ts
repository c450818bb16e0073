import { catalogue } from "../../../../i18n/i18n.ts";
import en from "../locales/en/ulist_page.json" with { type: "json" };

/** The user list screen: its toolbar, filters, columns menu, states and the list store's lines. */
export const ULIST_PAGE = catalogue("ulist_page", en);
