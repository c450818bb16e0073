import { catalogue } from "../i18n.ts";
import en from "../locales/en/shell_paging.json" with { type: "json" };

/** The paging bar of the lists. */
export const SHELL_PAGING = catalogue("shell_paging", en);
