import { catalogue } from "../../../../i18n/i18n.ts";
import en from "../locales/en/udetail_create.json" with { type: "json" };

/** The create user form's and the edit form's texts: field labels, sections and notes. */
export const UDETAIL_CREATE = catalogue("udetail_create", en);
