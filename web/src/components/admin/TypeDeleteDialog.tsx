// The last step of every deletion of accounts (one user on its page, several from the list): the
// typed word DELETE. Anything else cancels, and the status line says so.

import { PromptDialog } from "./PromptDialog.tsx";

/** What the status line says when the typed word was not DELETE. */
export const DELETE_MISMATCH = "Deletion cancelled - confirmation text did not match";

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

/** Asks for DELETE in capitals before a deletion. */
export function TypeDeleteDialog(props: TypeDeleteDialogProps) {
  return (
    <PromptDialog
      title="Type DELETE to confirm"
      text={`Type DELETE in capitals to delete ${props.whom}.`}
      label="Confirmation"
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
