// The confirmations of the user list's bulk actions, each naming how many users it touches:
// activate, deactivate, unlock, extend, role change, reset, and the three steps of a delete.
// Unlock and Extend over every matching user go to the server with the filters.

import type { ExtensionDays } from "../../../../../api/rules/periods.ts";
import type { Role } from "../../../../../api/rules/roles.ts";
import { useAdminUsers } from "./user_list.ts";
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx";
import { RoleChangeDialog } from "../user_detail/RoleChangeDialog.tsx";
import { TypeDeleteDialog } from "../TypeDeleteDialog.tsx";
import { ULIST_BULK } from "./texts/ulist_bulk.ts";
import { type Translate, useT } from "../../../i18n/i18n.ts";

/** A text of the bulk bar's catalogue. */
type BulkKey = (typeof ULIST_BULK.keys)[number];

/** The confirmation step under way. */
export type Step =
  | "none"
  | "activate"
  | "deactivate"
  | "unlock"
  | "extend"
  | "role"
  | "reset"
  | "delete1"
  | "delete2"
  | "delete3";

/** The confirmation texts of the simple steps: title, question and button. */
function simpleStep(t: Translate<BulkKey>, step: Step, users: string, days: number) {
  switch (step) {
    case "activate":
      return [t("activateTitle"), t("activateText", { users }), t("activate")] as const;
    case "deactivate":
      return [t("deactivateTitle"), t("deactivateText", { users }), t("deactivate")] as const;
    case "unlock":
      return [t("unlockTitle"), t("unlockText", { users }), t("unlock")] as const;
    case "extend":
      return [t("extendTitle"), t("extendText", { users, days }), t("extend")] as const;
    default:
      return null;
  }
}

/** Runs a step that one confirmation starts, on the selected page or on every matching user. */
function runSimple(step: Step, days: ExtensionDays): Promise<unknown> {
  const s = useAdminUsers.getState();
  if (step === "activate" || step === "deactivate") return s.bulkActive(step === "activate");
  if (step === "unlock") return s.allMatching ? s.matchingUnlock() : s.bulkUnlock();
  return s.allMatching ? s.matchingExtend(days) : s.bulkExtend(days);
}

/** The three confirmations of a bulk delete: two questions, then the typed word. */
function DeleteDialogs(props: { step: Step; setStep: (step: Step) => void; users: string }) {
  const t = useT(ULIST_BULK);
  const { step, setStep, users } = props;
  const s = useAdminUsers.getState();
  const cancel = () => setStep("none");
  if (step === "delete1" || step === "delete2") {
    const first = step === "delete1";
    return (
      <ConfirmDialog
        title={first ? t("deleteTitle") : t("sureTitle")}
        text={first ? t("deleteText", { users }) : t("deleteForever", { users })}
        confirmLabel={first ? t("continue") : t("yesDelete")}
        onCancel={cancel}
        onConfirm={() => setStep(first ? "delete2" : "delete3")}
      />
    );
  }
  if (step === "delete3") {
    return (
      <TypeDeleteDialog
        whom={users}
        confirmLabel={t("deleteTitle")}
        onCancel={cancel}
        onConfirmed={() => void s.bulkDelete()}
        onMismatch={() => s.say({ ok: false, text: t("deleteMismatch") })}
      />
    );
  }
  return null;
}

/** The confirmation of the step under way. */
export function BulkDialogs(
  props: {
    step: Step;
    setStep: (step: Step) => void;
    role: Role | "";
    setRole: (role: Role | "") => void;
    days: ExtensionDays;
    users: string;
  },
) {
  const t = useT(ULIST_BULK);
  const { step, setStep, role, users, days } = props;
  const s = useAdminUsers.getState();
  const cancel = () => setStep("none");
  const simple = simpleStep(t, step, users, days);
  if (simple !== null) {
    return (
      <ConfirmDialog
        title={simple[0]}
        text={simple[1]}
        confirmLabel={simple[2]}
        onCancel={cancel}
        onConfirm={() => {
          cancel();
          void runSimple(step, days);
        }}
      />
    );
  }
  if (step === "role" && role !== "") {
    return (
      <RoleChangeDialog
        role={role}
        onCancel={cancel}
        onConfirm={() => {
          cancel();
          void s.bulkRole(role).then(() => props.setRole(""));
        }}
      />
    );
  }
  if (step === "reset") {
    return (
      <ConfirmDialog
        title={t("resetTitle")}
        text={t("resetText", { users })}
        confirmLabel={t("resetTitle")}
        onCancel={cancel}
        onConfirm={() => {
          cancel();
          void s.bulkReset();
        }}
      />
    );
  }
  return <DeleteDialogs step={step} setStep={setStep} users={users} />;
}
