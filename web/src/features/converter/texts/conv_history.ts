import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/conv_history.json" with { type: "json" };

/** The converter's History tab: the conversions kept on this device. */
export const CONV_HISTORY = catalogue("conv_history", en);
