// A modal that asks for a line of text: a reject reason (optional), a custom password, or the
// typed word DELETE before a deletion. Cancel (or Escape) aborts; the caller gets the text.

import { useState } from "react";
import { Modal } from "../Modal.tsx";

/** Props of a prompt dialog; it is open while mounted. */
export interface PromptDialogProps {
  title: string;
  text: string;
  label: string;
  confirmLabel: string;
  /** An input type such as "password"; text by default. */
  type?: string;
  /** Checks the value; a message refuses it (shown under the field), null accepts it. */
  check?: (value: string) => string | null;
  danger?: boolean;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}

/** Asks for a value; Submit runs the check first. */
export function PromptDialog(props: PromptDialogProps) {
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Modal labelledBy="prompt-title" onCancel={props.onCancel}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const refused = props.check?.(value) ?? null;
          if (refused !== null) return setProblem(refused);
          props.onSubmit(value);
        }}
      >
        <h2 id="prompt-title">{props.title}</h2>
        <p>{props.text}</p>
        <label>
          {props.label}
          <input
            type={props.type ?? "text"}
            value={value}
            autoComplete="off"
            aria-invalid={problem !== null}
            onChange={(e) => {
              setValue(e.target.value);
              setProblem(null);
            }}
          />
        </label>
        <p className="error" role="alert">{problem}</p>
        <div className="actions">
          <button type="button" onClick={props.onCancel}>Cancel</button>
          <button type="submit" className={props.danger ? "danger" : "primary"}>
            {props.confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
