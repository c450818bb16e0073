import { catalogue } from "../../../../i18n/i18n.ts";
import en from "../locales/en/tools_csv.json" with { type: "json" };
/** The CSV User Import screen: its texts, status lines, preview headers and file names. */
export const TOOLS_CSV = catalogue("tools_csv", en);
