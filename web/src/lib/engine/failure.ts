// What an engine call that threw says, in the page's language: the converter, the flight check
// and the extractor all run on the one worker bridge, so a crashed engine reads the same on each.

import { RESTARTED } from "./bridge.ts";
import { COMMON } from "../../i18n/areas/common.ts";
import { text } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";

/** A thrown engine call's text: a crashed (restarted) engine in the shared words, an error with a
 * text of its own as the server's texts are shown, else `fallback`. */
export function engineFailure(err: unknown, fallback: string): string {
  if (!(err instanceof Error) || err.message === "") return fallback;
  return err.message === RESTARTED ? text(COMMON, "engineRestarted") : serverText(err.message);
}
