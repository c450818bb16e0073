import { catalogue } from "../../../../i18n/i18n.ts";
import en from "../locales/en/tools_settings.json" with { type: "json" };
/** The System Settings screen: its fields, help texts and status lines. */
export const TOOLS_SETTINGS = catalogue("tools_settings", en);
