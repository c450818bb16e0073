import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/ext_details.json" with { type: "json" };

/** The ULD Extractor's message details, type summary and export. */
export const EXT_DETAILS = catalogue("ext_details", en);
