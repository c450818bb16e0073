// Recovery codes in the two-factor section: the codes just made, shown once (Download, "I have
// saved them"), and otherwise how many are left with "Generate new recovery codes" (asked first:
// the old ones stop working).

import { useEffect, useRef, useState } from "react";
import { useSession } from "../../stores/session.ts";
import { useTwoFactor } from "../../stores/two_factor.ts";
import { formatDateTime } from "../../time.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { downloadFile } from "../download.ts";
import { useTimeZone } from "../When.tsx";
import { recoveryCodesText, recoveryFileName } from "./recovery_file.ts";
import "../../two_factor.css";

/** The codes just made, shown once; nothing when there are none to show. */
export function RecoveryCodesShown() {
  const codes = useTwoFactor((s) => s.recoveryCodes);
  const code = useSession((s) => s.user?.employeeCode ?? "");
  const zone = useTimeZone();
  const title = useRef<HTMLHeadingElement>(null);
  // where the user's attention must go: the codes are not shown again
  useEffect(() => {
    if (codes !== null) title.current?.focus();
  }, [codes]);
  if (codes === null) return null;

  function download() {
    const made = formatDateTime(Date.now(), zone);
    downloadFile(recoveryFileName(code), recoveryCodesText(codes!, code, made), "text/plain");
  }

  return (
    <section className="tf-part tf-codes-shown" aria-labelledby="tf-codes-title">
      <h3 id="tf-codes-title" ref={title} tabIndex={-1}>Your recovery codes</h3>
      <p>
        Save these codes now: they are not shown again. Each works once, in place of a code from
        your app or a passkey, if you lose them.
      </p>
      <ol className="tf-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="actions tf-actions">
        <button type="button" onClick={download}>Download</button>
        <button
          type="button"
          className="primary"
          onClick={() => useTwoFactor.getState().dismissCodes()}
        >
          I have saved them
        </button>
      </div>
    </section>
  );
}

/** How many codes are left, and new ones (asked first); only with a second factor. */
export function RecoveryCodesPart() {
  const status = useTwoFactor((s) => s.status);
  const shown = useTwoFactor((s) => s.recoveryCodes !== null);
  const busy = useTwoFactor((s) => s.busy);
  const [asking, setAsking] = useState(false);
  if (status === null || !status.enabled || shown) return null;
  const left = status.recoveryCodesLeft;
  return (
    <section className="tf-part" aria-labelledby="tf-recovery-title">
      <h3 id="tf-recovery-title">Recovery codes</h3>
      <p className={left <= 2 ? "error" : undefined}>
        {left === 1 ? "1 recovery code left." : `${left} recovery codes left.`}
      </p>
      <div className="actions tf-actions">
        <button type="button" disabled={busy} onClick={() => setAsking(true)}>
          Generate new recovery codes
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title="Generate new recovery codes?"
          text="Your old recovery codes stop working at once."
          confirmLabel="Generate"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void useTwoFactor.getState().regenerateCodes();
          }}
        />
      )}
    </section>
  );
}
