// The status line of the user screens: one aria-live region that is always there, so screen
// readers hear each outcome; a bulk outcome whose text does not count adds its counts, and one
// line per user.

import type { Status } from "./status.ts";
import { COMMON } from "../../i18n/areas/common.ts";
import { ULIST_TABLE } from "./texts/ulist_table.ts";
import { useT } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";

/** The outcome of the last action, or nothing. */
export function UserStatusLine(props: { status: Status | null; onClose?: () => void }) {
  const t = useT(ULIST_TABLE);
  const common = useT(COMMON);
  const { status } = props;
  return (
    <div className={`user-status-box ${status === null ? "" : status.ok ? "ok" : "failed"}`}>
      <div className="user-status" role="status" aria-live="polite">
        {status !== null && (
          <>
            <p className={status.ok ? "success" : "error"}>{serverText(status.text)}</p>
            {status.counts !== undefined && !status.ok && (
              <p className="user-status-counts">
                {t("counts", status.counts)}
              </p>
            )}
            {status.details !== undefined && status.details.length > 0 && (
              <ul className="user-status-details" aria-label={t("details")}>
                {status.details.map((d, i) => <li key={i}>{d}</li>)}
              </ul>
            )}
          </>
        )}
      </div>
      {status !== null && props.onClose !== undefined && (
        // outside the live region, so the outcome is read without the button's name
        <button type="button" className="link-button" onClick={props.onClose}>
          {common("dismiss")}
        </button>
      )}
    </div>
  );
}
