import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/ext_page.json" with { type: "json" };

/** The ULD Extractor's page, Settings tab and store messages. */
export const EXT_PAGE = catalogue("ext_page", en);
