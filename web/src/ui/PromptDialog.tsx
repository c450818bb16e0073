// A modal that asks for a line of text: a reject reason (optional), a custom password, the typed
// word DELETE before a deletion, or the user's own password before a change of their second
// factors. Cancel (or Escape) aborts; the caller gets the text.

import { useState } from "react";
import { COMMON } from "../i18n/areas/common.ts";
import { useT } from "../i18n/i18n.ts";
import { Modal } from "./Modal.tsx";

/** Props of a prompt dialog; it is open while mounted. */
export interface PromptDialogProps {
  title: string;
  text: string;
  label: string;
  confirmLabel: string;
  /** An input type such as "password"; text by default. */
  type?: string;
  /** The field's autocomplete ("current-password" lets a password manager fill it); off by
   * default. */
  autoComplete?: string;
  /** A rule stated under the field (the password policy). */
  hint?: string;
  /** Checks the value; a message refuses it (shown under the field), null accepts it. */
  check?: (value: string) => string | null;
  danger?: boolean;
  /** The title's id ("prompt-title" when not given), apart when a dialog opens over another. */
  titleId?: string;
  /** Takes the value. A promise keeps the dialog open while it runs; a message it gives back is
   * shown under the field, with what was typed still there. */
  onSubmit: (value: string) => void | Promise<string | null | void>;
  onCancel: () => void;
}

/** Asks for a value; Submit runs the check first. */
export function PromptDialog(props: PromptDialogProps) {
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const common = useT(COMMON);
  const titleId = props.titleId ?? "prompt-title";
  return (
    <Modal labelledBy={titleId} onCancel={props.onCancel}>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const refused = props.check?.(value) ?? null;
          if (refused !== null) return setProblem(refused);
          const pending = props.onSubmit(value);
          if (!(pending instanceof Promise)) return;
          setBusy(true);
          const answer = await pending;
          setBusy(false);
          if (typeof answer === "string") setProblem(answer);
        }}
      >
        <h2 id={titleId}>{props.title}</h2>
        <p>{props.text}</p>
        <label>
          {props.label}
          <input
            type={props.type ?? "text"}
            value={value}
            autoComplete={props.autoComplete ?? "off"}
            aria-invalid={problem !== null}
            aria-describedby={props.hint ? `${titleId}-hint` : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setProblem(null);
            }}
          />
        </label>
        {props.hint && <p id={`${titleId}-hint`} className="hint">{props.hint}</p>}
        <p className="error" role="alert">{problem}</p>
        <div className="actions">
          <button type="button" onClick={props.onCancel}>{common("cancel")}</button>
          <button type="submit" className={props.danger ? "danger" : "primary"} disabled={busy}>
            {props.confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
