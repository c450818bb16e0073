import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/adm_frame.json" with { type: "json" };

/** The admin frame: the admin navigation, a failed load's box and Clear Cache. */
export const ADM_FRAME = catalogue("adm_frame", en);
