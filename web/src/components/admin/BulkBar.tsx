// The bulk action bar of the user list, shown while users are selected: activate, deactivate,
// change role, reset password and delete. A role change asks first and shows the permissions each
// user ends up with; deleting asks twice and then for the typed word DELETE.

import { useState } from "react";
import type { Role } from "../../../../api/store.ts";
import type { BulkProgress } from "../../admin/slices.ts";
import { useSession } from "../../stores/session.ts";
import { useAdminUsers } from "../../stores/user_list.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { can } from "../../../../api/rules/access.ts";
import { RoleChangeDialog } from "./RoleChangeDialog.tsx";
import { RoleSelect, rolesFor } from "./RoleSelect.tsx";
import { DELETE_MISMATCH, TypeDeleteDialog } from "./TypeDeleteDialog.tsx";
import "./admin_users.css";
import { plural } from "../../numbers.ts";

type Step = "none" | "role" | "reset" | "delete1" | "delete2" | "delete3";

/** The bar of actions on the selected users, with their confirmations. */
export function BulkBar() {
  const selected = useAdminUsers((s) => s.selected);
  const progress = useAdminUsers((s) => s.progress);
  const [role, setRole] = useState<Role | "">("");
  const [step, setStep] = useState<Step>("none");
  if (selected.length === 0 && progress === null) return null;
  return (
    <section className="bulk-bar" aria-label="Bulk actions">
      <p className="bulk-count">
        <strong>{selected.length}</strong> selected
      </p>
      {progress !== null
        ? <BulkProgressLine progress={progress} />
        : <BulkButtons role={role} setRole={setRole} setStep={setStep} />}
      <BulkDialogs
        step={step}
        setStep={setStep}
        role={role}
        setRole={setRole}
        users={plural(selected.length, "user")}
      />
    </section>
  );
}

/** How far the bulk action under way is: 'Deleting… 2 of 5' with a progress bar. */
function BulkProgressLine(props: { progress: BulkProgress }) {
  const { label, done, total } = props.progress;
  return (
    <div className="bulk-progress" role="status" aria-live="polite">
      <label>
        {label}… {done} of {total}
        <progress className="progress" value={done} max={total} />
      </label>
    </div>
  );
}

/** The buttons of the bar; the role change and the ones that ask first go through a step. */
function BulkButtons(
  props: { role: Role | ""; setRole: (role: Role | "") => void; setStep: (step: Step) => void },
) {
  const { role, setStep } = props;
  const actor = useSession((s) => s.user);
  const { bulkActive, clearSelection } = useAdminUsers.getState();
  return (
    <div className="bulk-actions">
      <button type="button" onClick={() => void bulkActive(true)}>Activate</button>
      <button type="button" onClick={() => void bulkActive(false)}>Deactivate</button>
      <form
        className="bulk-role"
        onSubmit={(e) => {
          e.preventDefault();
          if (role !== "") setStep("role");
        }}
      >
        <RoleSelect
          label="New role"
          roles={rolesFor(can(actor, "superAdmin"))}
          value={role}
          first={<option value="">Choose…</option>}
          onRole={(r) => props.setRole(r)}
        />
        <button type="submit" disabled={role === ""}>Change Role</button>
      </form>
      <button type="button" onClick={() => setStep("reset")}>Reset Password</button>
      <button type="button" className="danger" onClick={() => setStep("delete1")}>
        Delete
      </button>
      <button type="button" className="link-button" onClick={clearSelection}>
        Clear selection
      </button>
    </div>
  );
}

/** The confirmation of the step under way: role change, reset, and the three steps of a delete. */
function BulkDialogs(
  props: {
    step: Step;
    setStep: (step: Step) => void;
    role: Role | "";
    setRole: (role: Role | "") => void;
    users: string;
  },
) {
  const { step, setStep, role, users } = props;
  const { bulkRole, bulkReset, bulkDelete, say } = useAdminUsers.getState();
  const cancel = () => setStep("none");
  if (step === "role" && role !== "") {
    return (
      <RoleChangeDialog
        role={role}
        onCancel={cancel}
        onConfirm={() => {
          cancel();
          void bulkRole(role).then(() => props.setRole(""));
        }}
      />
    );
  }
  if (step === "reset") {
    return (
      <ConfirmDialog
        title="Reset Passwords"
        text={`Reset the password of ${users} to new one-time passwords? They are signed out, and each one-time password is shown to you once, with a file to download.`}
        confirmLabel="Reset Passwords"
        onCancel={cancel}
        onConfirm={() => {
          cancel();
          void bulkReset();
        }}
      />
    );
  }
  if (step === "delete1" || step === "delete2") {
    const first = step === "delete1";
    return (
      <ConfirmDialog
        title={first ? "Delete Users" : "Are you sure?"}
        text={first
          ? `Delete ${users}? Their accounts and sign-in history go away.`
          : `This permanently deletes ${users} and cannot be undone.`}
        confirmLabel={first ? "Continue" : "Yes, delete"}
        onCancel={cancel}
        onConfirm={() => setStep(first ? "delete2" : "delete3")}
      />
    );
  }
  if (step === "delete3") {
    return (
      <TypeDeleteDialog
        whom={users}
        confirmLabel="Delete Users"
        onCancel={cancel}
        onConfirmed={() => void bulkDelete()}
        onMismatch={() => say({ ok: false, text: DELETE_MISMATCH })}
      />
    );
  }
  return null;
}
