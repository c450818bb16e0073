// Recovery codes in the two-factor section: the codes just made, shown once (Download, "I have
// saved them"), and otherwise how many are left with "Generate new recovery codes" (asked first,
// with the user's password: the old ones stop working).

import { useEffect, useRef, useState } from "react";
import { COMMON } from "../../i18n/areas/common.ts";
import { EXT_TWOFACTOR } from "./texts/ext_twofactor.ts";
import { useT } from "../../i18n/i18n.ts";
import { useSession } from "../shell/session.ts";
import { useTwoFactor } from "./two_factor.ts";
import { formatDateTime } from "../../lib/time.ts";
import { downloadFile } from "../../lib/download.ts";
import { useTimeZone } from "../../ui/When.tsx";
import { PasswordConfirm } from "./PasswordConfirm.tsx";
import { recoveryCodesText, recoveryFileName } from "./recovery_file.ts";
import "./two_factor.css";

/** The codes just made, shown once; nothing when there are none to show. */
export function RecoveryCodesShown() {
  const t = useT(EXT_TWOFACTOR);
  const common = useT(COMMON);
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
      <h3 id="tf-codes-title" ref={title} tabIndex={-1}>{t("codesTitle")}</h3>
      <p>{t("codesSaveNow")}</p>
      <ol className="tf-codes" dir="ltr">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="actions tf-actions">
        <button type="button" onClick={download}>{common("download")}</button>
        <button
          type="button"
          className="primary"
          onClick={() => useTwoFactor.getState().dismissCodes()}
        >
          {t("savedThem")}
        </button>
      </div>
    </section>
  );
}

/** How many codes are left, and new ones (asked first); only with a second factor. */
export function RecoveryCodesPart() {
  const t = useT(EXT_TWOFACTOR);
  const status = useTwoFactor((s) => s.status);
  const shown = useTwoFactor((s) => s.recoveryCodes !== null);
  const busy = useTwoFactor((s) => s.busy);
  const [asking, setAsking] = useState(false);
  if (status === null || !status.enabled || shown) return null;
  const left = status.recoveryCodesLeft;
  return (
    <section className="tf-part" aria-labelledby="tf-recovery-title">
      <h3 id="tf-recovery-title">{t("recoveryTitle")}</h3>
      <p className={left <= 2 ? "error" : undefined}>{t("codesLeft", { count: left })}</p>
      <div className="actions tf-actions">
        <button type="button" disabled={busy} onClick={() => setAsking(true)}>
          {t("generate")}
        </button>
      </div>
      {asking && (
        <PasswordConfirm
          title={t("generateTitle")}
          text={t("generateText")}
          confirmLabel={t("generateConfirm")}
          danger
          run={(password) => useTwoFactor.getState().regenerateCodes(password)}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  );
}
