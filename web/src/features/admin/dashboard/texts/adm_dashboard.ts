import { catalogue } from "../../../../i18n/i18n.ts";
import en from "../locales/en/adm_dashboard.json" with { type: "json" };

/** The admin dashboard: greeting, alerts, pending request cards, quick actions, statistics. */
export const ADM_DASHBOARD = catalogue("adm_dashboard", en);
