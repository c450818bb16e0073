// A modal confirmation: Cancel has the focus first, Escape cancels.

import { COMMON } from "../i18n/areas/common.ts";
import { useT } from "../i18n/i18n.ts";
import { Modal } from "./Modal.tsx";

/** Props of a confirmation dialog; it is open while mounted. */
export interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something that cannot be undone; Cancel has the focus first. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const t = useT(COMMON);
  return (
    <Modal labelledBy="confirm-title" describedBy="confirm-text" onCancel={props.onCancel}>
      <h2 id="confirm-title">{props.title}</h2>
      <p id="confirm-text">{props.text}</p>
      <div className="actions">
        <button type="button" data-autofocus onClick={props.onCancel}>{t("cancel")}</button>
        <button type="button" className="danger" onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
