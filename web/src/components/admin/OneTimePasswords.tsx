// The one-time passwords just issued (design 5.3): shown once to the administrator who acted, each
// with a Copy button, and as a file when there are several, with a warning that it holds
// passwords. Done forgets them: the server keeps only their hashes.

import { useState } from "react";
import { csvFile } from "../../../../api/rules/csv.ts";
import { useSession } from "../../stores/session.ts";
import { type IssuedPassword, useOneTimePasswords } from "../../stores/one_time_passwords.ts";
import { DEFAULT_TIME_ZONE, formatDateTime } from "../../time.ts";
import { downloadFile } from "../download.ts";
import { Modal } from "../Modal.tsx";

/** One account's password with its Copy button. */
function Issued(props: { item: IssuedPassword; zone: string }) {
  const { item } = props;
  const [copied, setCopied] = useState<string | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(item.password);
      setCopied("Copied");
    } catch {
      setCopied("Copy failed: select the password and copy it by hand");
    }
  }
  return (
    <li>
      <span className="otp-who">{item.fullName} ({item.employeeCode})</span>
      <code className="secret" aria-label={`One-time password of ${item.employeeCode}`}>
        {item.password}
      </code>
      <button type="button" onClick={() => void copy()}>Copy</button>
      <small>Valid for one sign-in until {formatDateTime(item.expiresAt, props.zone)}</small>
      <span className="otp-copied" role="status">{copied}</span>
    </li>
  );
}

/** The dialog of the passwords waiting to be read; nothing when there are none. */
export function OneTimePasswords() {
  const issued = useOneTimePasswords((s) => s.issued);
  const dismiss = useOneTimePasswords((s) => s.dismiss);
  const zone = useSession((s) => s.user?.timezone) ?? DEFAULT_TIME_ZONE;
  if (issued.length === 0) return null;
  const several = issued.length > 1;
  function download() {
    const rows = issued.map((i) => [i.employeeCode, i.fullName, i.password, i.expiresAt]);
    const file = csvFile(["employeeCode", "fullName", "oneTimePassword", "expiresAt"], rows);
    downloadFile("one-time-passwords.csv", file, "text/csv;charset=utf-8");
  }
  return (
    <Modal labelledBy="otp-title" describedBy="otp-text" onCancel={dismiss}>
      <h2 id="otp-title">{several ? "One-time passwords" : "One-time password"}</h2>
      <p id="otp-text">
        {several
          ? "Give each person their one-time password."
          : "Give this one-time password to its owner."}{" "}
        It is shown only now, works for one sign-in, and must then be replaced by a password of
        their own.
      </p>
      <ul className="one-time-passwords">
        {issued.map((i) => <Issued key={i.employeeCode} item={i} zone={zone} />)}
      </ul>
      {several && (
        <p className="warning" role="note">
          The file holds passwords: give each one to its owner, then delete the file.
        </p>
      )}
      <div className="actions">
        {several && <button type="button" onClick={download}>Download (CSV)</button>}
        <button type="button" data-autofocus onClick={dismiss}>Done</button>
      </div>
    </Modal>
  );
}
