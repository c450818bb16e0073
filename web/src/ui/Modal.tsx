// The one owner of the native modal <dialog>: open while mounted (focus stays inside), Escape
// calls onCancel, and the first element marked data-autofocus (else the first field or button)
// takes the focus. A dialog the browser closes by itself (Chromium closes a modal on a second
// Escape without a click between, whatever its cancel handler does) opens again while mounted:
// what closes it is its owner's state, never the browser alone.

import { type ReactNode, useEffect, useRef } from "react";

/** Props of a modal dialog. */
export interface ModalProps {
  labelledBy: string;
  describedBy?: string;
  className?: string;
  onCancel: () => void;
  children: ReactNode;
}

/** Opens the dialog and gives the focus to its first element marked data-autofocus, else its
 * first field or button. */
function open(el: HTMLDialogElement) {
  if (!el.open) el.showModal?.();
  // one query per kind: a selector list would pick whichever comes first in the dialog
  const first = el.querySelector<HTMLElement>("[data-autofocus]") ??
    el.querySelector<HTMLElement>("input, select, textarea, button");
  first?.focus();
}

/** A modal dialog, open while mounted. */
export function Modal(props: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const mounted = useRef(false);
  useEffect(() => {
    const el = dialog.current;
    if (el === null) return;
    mounted.current = true;
    open(el);
    return () => {
      mounted.current = false;
      el.close?.();
    };
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
      onClose={() => {
        const el = dialog.current;
        if (mounted.current && el !== null && !el.open) open(el);
      }}
    >
      {props.children}
    </dialog>
  );
}
