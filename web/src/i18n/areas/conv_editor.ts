import { catalogue } from "../i18n.ts";
import en from "../locales/en/conv_editor.json" with { type: "json" };

/** The message editor with colour layers (converter, flight check, ULD extractor). */
export const CONV_EDITOR = catalogue("conv_editor", en);
