import { catalogue } from "../../../../i18n/i18n.ts";
import en from "../locales/en/adm_audit.json" with { type: "json" };

/** The audit log screen: its filters, pages and table. */
export const ADM_AUDIT = catalogue("adm_audit", en);
