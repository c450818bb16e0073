// The box an admin screen shows when its data could not be read: the offline wording when the
// server was not reached, else the screen's title with the server's message; Retry loads again.

import type { ApiError } from "../../lib/api/client.ts";
import { ADM_FRAME } from "./texts/adm_frame.ts";
import { COMMON } from "../../i18n/areas/common.ts";
import { useT } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";

/** A screen's own words for a failed load (in the language shown: the screen translates them). */
export interface LoadErrorTexts {
  /** The title when the server answered with an error ('Error Loading Settings'). */
  failed: string;
  /** The text when the server could not be reached. */
  offline: string;
}

/** A failed load with Retry. */
export function LoadError(props: { error: ApiError; texts: LoadErrorTexts; onRetry: () => void }) {
  const t = useT(ADM_FRAME);
  const common = useT(COMMON);
  const offline = props.error.status === 0;
  return (
    <div className="empty" role="alert">
      <strong>{offline ? t("unreachable") : props.texts.failed}</strong>
      <p>{offline ? props.texts.offline : serverText(props.error.message)}</p>
      <button type="button" onClick={props.onRetry}>{common("retry")}</button>
    </div>
  );
}
