import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/shell_profile.json" with { type: "json" };

/** The own profile: details, editable contact fields and the sessions section. */
export const SHELL_PROFILE = catalogue("shell_profile", en);
