// A modal confirmation: Cancel has the focus first, Escape cancels.

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
  return (
    <Modal labelledBy="confirm-title" describedBy="confirm-text" onCancel={props.onCancel}>
      <h2 id="confirm-title">{props.title}</h2>
      <p id="confirm-text">{props.text}</p>
      <div className="actions">
        <button type="button" data-autofocus onClick={props.onCancel}>Cancel</button>
        <button type="button" className="danger" onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
