import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/conv_page.json" with { type: "json" };

/** The converter's screen: its tabs, panels, buttons, totals, NTM match and status line. */
export const CONV_PAGE = catalogue("conv_page", en);
