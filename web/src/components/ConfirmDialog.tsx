// A modal confirmation (native <dialog>: focus stays inside, Escape cancels).

import { useEffect, useRef } from "react";

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
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (el !== null && !el.open) el.showModal?.();
    cancel.current?.focus();
    return () => el?.close?.();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id="confirm-title">{props.title}</h2>
      <p id="confirm-text">{props.text}</p>
      <div className="actions">
        <button type="button" ref={cancel} onClick={props.onCancel}>Cancel</button>
        <button type="button" className="danger" onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
