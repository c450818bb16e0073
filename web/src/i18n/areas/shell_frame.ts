import { catalogue } from "../i18n.ts";
import en from "../locales/en/shell_frame.json" with { type: "json" };

/** The frame of every screen: header badges, footer, error screens, install and update, times. */
export const SHELL_FRAME = catalogue("shell_frame", en);
