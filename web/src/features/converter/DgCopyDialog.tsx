// The question before a UWS that lacks the NOTOC's DG codes is copied (issue 52, dg_omission.ts):
// each ULD with its missing codes listed, Cancel focused first and Escape cancelling; the copy
// button names the codes, so copying is a deliberate answer. Afterwards the focus goes back to
// where it was (the button pressed, or the box where Ctrl+Enter was typed).

import { useState } from "react";
import "./dg_omission.css";
import { useConverter } from "./converter.ts";
import { missingCodes } from "./dg_omission.ts";
import { CONV_PAGE } from "./texts/conv_page.ts";
import { COMMON } from "../../i18n/areas/common.ts";
import { useT } from "../../i18n/i18n.ts";
import { Modal } from "../../ui/Modal.tsx";

/** The dialog, while the store asks (a copy of a UWS with a DG omission). */
export function DgCopyDialog() {
  const asked = useConverter((s) => s.dgAsk);
  if (asked === null) return null;
  return <Ask />;
}

function Ask() {
  const t = useT(CONV_PAGE);
  const c = useT(COMMON);
  const omissions = useConverter((s) => s.dgAsk) ?? [];
  const answer = useConverter((s) => s.answerDgAsk);
  // the element that had the focus before the dialog took it (read on the first render)
  const [opener] = useState(() => document.activeElement);
  const reply = (copy: boolean) => {
    void answer(copy).finally(() => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    });
  };
  return (
    <Modal
      labelledBy="dg-ask-title"
      describedBy="dg-ask-text"
      className="dialog dg-ask"
      onCancel={() => reply(false)}
    >
      <h2 id="dg-ask-title">{t("dgAskTitle")}</h2>
      <p id="dg-ask-text">{t("dgAskText")}</p>
      <ul aria-label={t("dgAskList")}>
        {omissions.map((o) => (
          <li key={o.uldId}>
            <bdi>{o.uldId}: {o.codes}</bdi>
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" data-autofocus onClick={() => reply(false)}>{c("cancel")}</button>
        <button type="button" className="danger" onClick={() => reply(true)}>
          {t("dgAskCopy", { codes: missingCodes(omissions) })}
        </button>
      </div>
    </Modal>
  );
}
