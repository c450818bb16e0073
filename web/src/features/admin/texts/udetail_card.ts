import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/udetail_card.json" with { type: "json" };

/** A user's card and action buttons in the user list. */
export const UDETAIL_CARD = catalogue("udetail_card", en);
