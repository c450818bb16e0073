// The one-time passwords just issued (design 5.3): shown once to the administrator who acted, each
// with a Copy button, and as a file when there are several, with a warning that it holds
// passwords. Done forgets them: the server keeps only their hashes. While one has been neither
// copied nor downloaded, Done and Escape ask first, naming it (issue 52 item 8).

import { useEffect, useRef, useState } from "react";
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
  const markKept = useOneTimePasswords((s) => s.markKept);
  // what the copy did: said in the language shown
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(item.password);
      setCopied("copied");
      markKept([item.employeeCode]);
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

/** The question asked before closing while some passwords are kept nowhere else; its safe
 * answer (back to the passwords) takes the focus. */
function CloseQuestion(props: {
  unkept: readonly IssuedPassword[];
  total: number;
  back: () => void;
  close: () => void;
}) {
  const t = useT(UDETAIL_DIALOGS);
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  const codes = props.unkept.map((i) => i.employeeCode).join(", ");
  return (
    <div className="otp-question">
      <p className="warning" role="alert">
        {t("otpUnkept", { count: props.unkept.length, codes })}
      </p>
      <div className="actions">
        <button type="button" ref={back} data-autofocus onClick={props.back}>
          {t("otpBack", { count: props.total })}
        </button>
        <button type="button" className="danger" onClick={props.close}>
          {t("otpCloseAnyway", { count: props.unkept.length })}
        </button>
      </div>
    </div>
  );
}

/** The dialog of the passwords waiting to be read; nothing when there are none. */
export function OneTimePasswords() {
  const issued = useOneTimePasswords((s) => s.issued);
  const dismiss = useOneTimePasswords((s) => s.dismiss);
  const markKept = useOneTimePasswords((s) => s.markKept);
  const zone = useSession((s) => s.user?.timezone) ?? DEFAULT_TIME_ZONE;
  const t = useT(UDETAIL_DIALOGS);
  const common = useT(COMMON);
  const asking = useOneTimePasswords((s) => s.asking);
  const setAsking = useOneTimePasswords((s) => s.setAsking);
  const done = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    // back from the question, whose buttons are gone: the focus returns to Done
    if (wasAsking.current && !asking) done.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (issued.length === 0) return null;
  const several = issued.length > 1;
  const unkept = issued.filter((i) => !i.kept);
  function download() {
    const rows = issued.map((i) => [i.employeeCode, i.fullName, i.password, i.expiresAt]);
    // the header row stays the same in every language: it names the columns for other tools
    const file = csvFile(["employeeCode", "fullName", "oneTimePassword", "expiresAt"], rows);
    downloadFile(t("otpFileName"), file, "text/csv;charset=utf-8");
    markKept(issued.map((i) => i.employeeCode));
  }
  // Done and Escape: a password kept nowhere else is not lost without the admin saying so
  const finish = () => unkept.length === 0 ? dismiss() : setAsking(true);
  const back = () => setAsking(false);
  return (
    <Modal labelledBy="otp-title" describedBy="otp-text" onCancel={asking ? back : finish}>
      <h2 id="otp-title">{t(several ? "otpTitleMany" : "otpTitleOne")}</h2>
      <p id="otp-text">{t(several ? "otpTextMany" : "otpTextOne")}</p>
      <ul className="one-time-passwords">
        {issued.map((i) => <Issued key={i.employeeCode} item={i} zone={zone} />)}
      </ul>
      {several && <p className="warning" role="note">{t("otpFileWarning")}</p>}
      {asking && unkept.length > 0
        ? <CloseQuestion unkept={unkept} total={issued.length} back={back} close={dismiss} />
        : (
          <div className="actions">
            {several && <button type="button" onClick={download}>{t("downloadCsv")}</button>}
            <button type="button" ref={done} data-autofocus onClick={finish}>
              {common("done")}
            </button>
          </div>
        )}
    </Modal>
  );
}
