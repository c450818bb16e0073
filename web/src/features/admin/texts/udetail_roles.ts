import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/udetail_roles.json" with { type: "json" };

/** The role names shown to people (super admin, admin, user). */
export const UDETAIL_ROLES = catalogue("udetail_roles", en);
