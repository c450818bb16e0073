import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/udetail_actions.json" with { type: "json" };

/** What the admin area's account actions and error texts say on the status line. */
export const UDETAIL_ACTIONS = catalogue("udetail_actions", en);
