// The last step of every deletion of accounts (one user on its page, several from the list): the
// typed word DELETE. Anything else cancels, and the status line says so.

import { UDETAIL_DIALOGS } from "./texts/udetail_dialogs.ts";
import { text, useT } from "../../i18n/i18n.ts";
import { PromptDialog } from "../../ui/PromptDialog.tsx";

/** What the status line says when the typed word was not DELETE, in the language shown now. */
export function deleteMismatchText(): string {
  return text(UDETAIL_DIALOGS, "deleteMismatch");
}

/** Props of the typed confirmation. */
export interface TypeDeleteDialogProps {
  /** Who is deleted, as the prompt names them ('T001', '3 users'). */
  whom: string;
  confirmLabel: string;
  /** The typed word was DELETE. */
  onConfirmed: () => void;
  /** Anything else was typed. */
  onMismatch: () => void;
  onCancel: () => void;
}

/** Asks for DELETE in capitals before a deletion (the word itself is the same in every
 * language). */
export function TypeDeleteDialog(props: TypeDeleteDialogProps) {
  const t = useT(UDETAIL_DIALOGS);
  return (
    <PromptDialog
      title={t("typeDeleteTitle")}
      text={t("typeDeleteText", { whom: props.whom })}
      label={t("confirmation")}
      confirmLabel={props.confirmLabel}
      danger
      onCancel={props.onCancel}
      onSubmit={(value) => {
        props.onCancel();
        if (value.trim() === "DELETE") props.onConfirmed();
        else props.onMismatch();
      }}
    />
  );
}
