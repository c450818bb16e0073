import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/conv_db.json" with { type: "json" };

/** The converter's Database operations tab: the reference lists and their status lines. */
export const CONV_DB = catalogue("conv_db", en);
