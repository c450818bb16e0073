import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/ext_lists.json" with { type: "json" };

/** The ULD Extractor's lists, marks, balance and conflicts. */
export const EXT_LISTS = catalogue("ext_lists", en);
