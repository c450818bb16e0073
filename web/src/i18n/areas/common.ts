import { catalogue } from "../i18n.ts";
import en from "../locales/en/common.json" with { type: "json" };

/** Words every area uses: Cancel, Save, Close, Copy, Loading… and the like. */
export const COMMON = catalogue("common", en);
