import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/udetail_dialogs.json" with { type: "json" };

/** The admin dialogs' texts: assign apps, role change, typed deletion, one-time passwords. */
export const UDETAIL_DIALOGS = catalogue("udetail_dialogs", en);
