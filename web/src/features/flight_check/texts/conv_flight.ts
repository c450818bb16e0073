import { catalogue } from "../../../i18n/i18n.ts";
import en from "../locales/en/conv_flight.json" with { type: "json" };

/** The converter's Flight check tab: the paste, the findings and the ULD table. */
export const CONV_FLIGHT = catalogue("conv_flight", en);
