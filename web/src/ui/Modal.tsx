// The one owner of the native modal <dialog>: open while mounted (focus stays inside), Escape
// calls onCancel, and the first element marked data-autofocus (else the first field or button)
// takes the focus.

import { type ReactNode, useEffect, useRef } from "react";

/** Props of a modal dialog. */
export interface ModalProps {
  labelledBy: string;
  describedBy?: string;
  className?: string;
  onCancel: () => void;
  children: ReactNode;
}

/** A modal dialog, open while mounted. */
export function Modal(props: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (el === null) return;
    if (!el.open) el.showModal?.();
    el.querySelector<HTMLElement>("[data-autofocus], input, select, textarea, button")?.focus();
    return () => el.close?.();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={props.className ?? "dialog"}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel();
      }}
    >
      {props.children}
    </dialog>
  );
}
