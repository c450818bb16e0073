// The one-time passwords just issued (design 5.3): shown once to the administrator who acted, each
// with a Copy button, and as a file when there are several, with a warning that it holds
// passwords. Done forgets them: the server keeps only their hashes.

import { useState } from "react";
import { csvFile } from "../../../../api/rules/csv.ts";
import { COMMON } from "../../i18n/areas/common.ts";
import { UDETAIL_DIALOGS } from "./texts/udetail_dialogs.ts";
import { useT } from "../../i18n/i18n.ts";
import { useSession } from "../shell/session.ts";
import { type IssuedPassword, useOneTimePasswords } from "./one_time_passwords.ts";
import { DEFAULT_TIME_ZONE, formatDateTime } from "../../lib/time.ts";
import { downloadFile } from "../../lib/download.ts";
import { Modal } from "../../ui/Modal.tsx";

/** One account's password with its Copy button. */
function Issued(props: { item: IssuedPassword; zone: string }) {
  const { item } = props;
  const t = useT(UDETAIL_DIALOGS);
  const common = useT(COMMON);
  // what the copy did: said in the language shown
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(item.password);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }
  return (
    <li>
      <span className="otp-who">
        <bdi>{item.fullName} ({item.employeeCode})</bdi>
      </span>
      <code className="secret" dir="ltr" aria-label={t("otpOf", { code: item.employeeCode })}>
        {item.password}
      </code>
      <button type="button" onClick={() => void copy()}>{common("copy")}</button>
      <small>{t("validUntil", { time: formatDateTime(item.expiresAt, props.zone) })}</small>
      <span className="otp-copied" role="status">
        {copied === "copied" ? common("copied") : copied === "failed" ? t("copyFailed") : null}
      </span>
    </li>
  );
}

/** The dialog of the passwords waiting to be read; nothing when there are none. */
export function OneTimePasswords() {
  const issued = useOneTimePasswords((s) => s.issued);
  const dismiss = useOneTimePasswords((s) => s.dismiss);
  const zone = useSession((s) => s.user?.timezone) ?? DEFAULT_TIME_ZONE;
  const t = useT(UDETAIL_DIALOGS);
  const common = useT(COMMON);
  if (issued.length === 0) return null;
  const several = issued.length > 1;
  function download() {
    const rows = issued.map((i) => [i.employeeCode, i.fullName, i.password, i.expiresAt]);
    // the header row stays the same in every language: it names the columns for other tools
    const file = csvFile(["employeeCode", "fullName", "oneTimePassword", "expiresAt"], rows);
    downloadFile(t("otpFileName"), file, "text/csv;charset=utf-8");
  }
  return (
    <Modal labelledBy="otp-title" describedBy="otp-text" onCancel={dismiss}>
      <h2 id="otp-title">{t(several ? "otpTitleMany" : "otpTitleOne")}</h2>
      <p id="otp-text">{t(several ? "otpTextMany" : "otpTextOne")}</p>
      <ul className="one-time-passwords">
        {issued.map((i) => <Issued key={i.employeeCode} item={i} zone={zone} />)}
      </ul>
      {several && <p className="warning" role="note">{t("otpFileWarning")}</p>}
      <div className="actions">
        {several && <button type="button" onClick={download}>{t("downloadCsv")}</button>}
        <button type="button" data-autofocus onClick={dismiss}>{common("done")}</button>
      </div>
    </Modal>
  );
}
