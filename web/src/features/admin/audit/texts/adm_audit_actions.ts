import { catalogue } from "../../../../i18n/i18n.ts";
import en from "../locales/en/adm_audit_actions.json" with { type: "json" };

/** The audit log's action names (api/rules/audit.ts), keyed by the action in camelCase. */
export const ADM_AUDIT_ACTIONS = catalogue("adm_audit_actions", en);
