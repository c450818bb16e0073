import { catalogue } from "../../../../i18n/i18n.ts";
import en from "../locales/en/adm_queues.json" with { type: "json" };

/** The activation, password reset and registration request queues. */
export const ADM_QUEUES = catalogue("adm_queues", en);
