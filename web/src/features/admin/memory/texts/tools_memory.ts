import { catalogue } from "../../../../i18n/i18n.ts";
import en from "../locales/en/tools_memory.json" with { type: "json" };
/** The AI Memory screen: its texts, memory types, status lines and export file name. */
export const TOOLS_MEMORY = catalogue("tools_memory", en);
