import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/udetail_page.json" with { type: "json" };

/** The user detail page's texts: its sections, the two-factor status and its dialogs. */
export const UDETAIL_PAGE = catalogue("udetail_page", en);
