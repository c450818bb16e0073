// The bulk action bar of the user list, shown while users are selected: activate, deactivate,
// change role, reset password and delete. A role change asks first and shows the permissions each
// user ends up with; deleting asks twice and then for the typed word DELETE.

import { useState } from "react";
import type { Role } from "../../../../api/store.ts";
import { ROLE_NAMES } from "../../stores/admin_users.ts";
import { useSession } from "../../stores/session.ts";
import { useAdminUsers } from "../../stores/user_list.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { can } from "../../../../api/rules/access.ts";
import { PromptDialog } from "./PromptDialog.tsx";
import { RoleChangeDialog } from "./RoleChangeDialog.tsx";
import "./admin_users.css";
import { plural } from "../../numbers.ts";

type Step = "none" | "role" | "reset" | "delete1" | "delete2" | "delete3";

/** The bar of actions on the selected users, with their confirmations. */
export function BulkBar() {
  const actor = useSession((s) => s.user);
  const selected = useAdminUsers((s) => s.selected);
  const bulk = useAdminUsers((s) => s.bulk);
  const { bulkActive, bulkRole, bulkReset, bulkDelete, clearSelection, say } = useAdminUsers
    .getState();
  const [role, setRole] = useState<Role | "">("");
  const [step, setStep] = useState<Step>("none");
  if (selected.length === 0 && bulk === null) return null;
  const n = selected.length;
  const users = plural(n, "user");
  const busy = bulk !== null;
  // only super admins may make or unmake super admins (design 3)
  const roles: Role[] = can(actor, "superAdmin")
    ? ["user", "admin", "super_admin"]
    : ["user", "admin"];

  return (
    <section className="bulk-bar" aria-label="Bulk actions">
      <p className="bulk-count">
        <strong>{n}</strong> selected
      </p>
      {busy
        ? (
          <div className="bulk-progress" role="status" aria-live="polite">
            <label>
              {bulk.label}… {bulk.done} of {bulk.total}
              <progress className="progress" value={bulk.done} max={bulk.total} />
            </label>
          </div>
        )
        : (
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
              <label>
                New role
                <select value={role} onChange={(e) => setRole(e.target.value as Role | "")}>
                  <option value="">Choose…</option>
                  {roles.map((r) => <option key={r} value={r}>{ROLE_NAMES[r]}</option>)}
                </select>
              </label>
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
        )}
      {step === "role" && role !== "" && (
        <RoleChangeDialog
          role={role}
          onCancel={() => setStep("none")}
          onConfirm={() => {
            setStep("none");
            void bulkRole(role).then(() => setRole(""));
          }}
        />
      )}
      {step === "reset" && (
        <ConfirmDialog
          title="Reset Passwords"
          text={`Reset the password of ${users} to new one-time passwords? They are signed out, and each one-time password is shown to you once, with a file to download.`}
          confirmLabel="Reset Passwords"
          onCancel={() => setStep("none")}
          onConfirm={() => {
            setStep("none");
            void bulkReset();
          }}
        />
      )}
      {step === "delete1" && (
        <ConfirmDialog
          title="Delete Users"
          text={`Delete ${users}? Their accounts and sign-in history go away.`}
          confirmLabel="Continue"
          onCancel={() => setStep("none")}
          onConfirm={() => setStep("delete2")}
        />
      )}
      {step === "delete2" && (
        <ConfirmDialog
          title="Are you sure?"
          text={`This permanently deletes ${users} and cannot be undone.`}
          confirmLabel="Yes, delete"
          onCancel={() => setStep("none")}
          onConfirm={() => setStep("delete3")}
        />
      )}
      {step === "delete3" && (
        <PromptDialog
          title="Type DELETE to confirm"
          text={`Type DELETE in capitals to delete ${users}.`}
          label="Confirmation"
          confirmLabel="Delete Users"
          danger
          onCancel={() => setStep("none")}
          onSubmit={(value) => {
            setStep("none");
            if (value.trim() === "DELETE") void bulkDelete();
            else say({ ok: false, text: "Deletion cancelled - confirmation text did not match" });
          }}
        />
      )}
    </section>
  );
}
