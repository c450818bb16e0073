// The bulk action bar of the user list, shown while users are selected: activate, deactivate,
// unlock, extend passwords, change role, reset password and delete. Every action asks first,
// naming how many users it touches (issue 27, item 9); a role change shows the permissions each
// user ends up with; deleting asks twice and then for the typed word DELETE. Once the page is
// chosen, "Select all N matching" chooses every user the search and filters match: Unlock and
// Extend then run on the server over all of them, with progress and Stop (BulkMatching.tsx).

import type { ExtensionDays } from "../../../../../api/rules/periods.ts";
import { useState } from "react";
import type { Role } from "../../../../../api/rules/roles.ts";
import type { BulkProgress } from "../slices.ts";
import { useSession } from "../../shell/session.ts";
import { useAdminUsers } from "./user_list.ts";
import { can } from "../../../../../api/rules/access.ts";
import { RoleSelect, rolesFor } from "../RoleSelect.tsx";
import { BulkDialogs, type Step } from "./BulkDialogs.tsx";
import { ExtendDays, MatchingLine, useExtendDays } from "./BulkMatching.tsx";
import "../admin_users.css";
import { formatCount } from "../../../lib/numbers.ts";
import { ULIST_BULK } from "./texts/ulist_bulk.ts";
import { useT } from "../../../i18n/i18n.ts";
import { Rich } from "../../../i18n/Rich.tsx";

/** The bar of actions on the selected users, with their confirmations. */
export function BulkBar() {
  const t = useT(ULIST_BULK);
  const selected = useAdminUsers((s) => s.selected);
  const progress = useAdminUsers((s) => s.progress);
  const allMatching = useAdminUsers((s) => s.allMatching);
  const total = useAdminUsers((s) => s.total);
  const [role, setRole] = useState<Role | "">("");
  const [days, setDays] = useExtendDays();
  const [step, setStep] = useState<Step>("none");
  if (selected.length === 0 && progress === null) return null;
  const users = allMatching
    ? t("allMatching", { count: total })
    : t("users", { count: selected.length });
  return (
    <section className="bulk-bar" aria-label={t("bulkActions")}>
      <p className="bulk-count">
        {allMatching
          ? <Rich text={t("selectedAll", { count: total })} parts={[<strong key="0" />]} />
          : <Rich text={t("selected", { count: selected.length })} parts={[<strong key="0" />]} />}
      </p>
      {progress !== null ? <BulkProgressLine progress={progress} /> : (
        <>
          <BulkButtons
            role={role}
            setRole={setRole}
            days={days}
            setDays={setDays}
            setStep={setStep}
          />
          <MatchingLine />
        </>
      )}
      <BulkDialogs
        step={step}
        setStep={setStep}
        role={role}
        setRole={setRole}
        days={days}
        users={users}
      />
    </section>
  );
}

/** How far the bulk action under way is: 'Unlocking… 200 of 1,234' with a progress bar, and
 * Stop for an action over every matching user. */
function BulkProgressLine(props: { progress: BulkProgress }) {
  const t = useT(ULIST_BULK);
  const { label, done, total, stoppable, stopping } = props.progress;
  return (
    <div className="bulk-progress">
      <label role="status" aria-live="polite">
        {t("progress", { label, done: formatCount(done), total: formatCount(total) })}
        {stopping && t("stopping")}
        <progress className="progress" value={done} max={Math.max(total, 1)} />
      </label>
      {stoppable && (
        <button
          type="button"
          disabled={stopping}
          onClick={() => useAdminUsers.getState().stopBulk()}
        >
          {t("stop")}
        </button>
      )}
    </div>
  );
}

/** The buttons of the bar; each action goes through its confirmation step. */
function BulkButtons(
  props: {
    role: Role | "";
    setRole: (role: Role | "") => void;
    days: ExtensionDays;
    setDays: (days: ExtensionDays) => void;
    setStep: (step: Step) => void;
  },
) {
  const t = useT(ULIST_BULK);
  const { role, setStep } = props;
  const actor = useSession((s) => s.user);
  const allMatching = useAdminUsers((s) => s.allMatching);
  const { clearSelection } = useAdminUsers.getState();
  const extend = can(actor, "extendPasswords") && (
    <form
      className="bulk-extend"
      onSubmit={(e) => {
        e.preventDefault();
        setStep("extend");
      }}
    >
      <ExtendDays days={props.days} setDays={props.setDays} />
      <button type="submit">{t("extend")}</button>
    </form>
  );
  return (
    <div className="bulk-actions">
      {!allMatching && (
        <>
          <button type="button" onClick={() => setStep("activate")}>{t("activate")}</button>
          <button type="button" onClick={() => setStep("deactivate")}>{t("deactivate")}</button>
        </>
      )}
      <button type="button" onClick={() => setStep("unlock")}>{t("unlock")}</button>
      {extend}
      {!allMatching && (
        <>
          <form
            className="bulk-role"
            onSubmit={(e) => {
              e.preventDefault();
              if (role !== "") setStep("role");
            }}
          >
            <RoleSelect
              label={t("newRole")}
              roles={rolesFor(can(actor, "superAdmin"))}
              value={role}
              first={<option value="">{t("choose")}</option>}
              onRole={(r) => props.setRole(r)}
            />
            <button type="submit" disabled={role === ""}>{t("changeRole")}</button>
          </form>
          <button type="button" onClick={() => setStep("reset")}>{t("resetPassword")}</button>
          <button type="button" className="danger" onClick={() => setStep("delete1")}>
            {t("delete")}
          </button>
        </>
      )}
      <button type="button" className="link-button" onClick={clearSelection}>
        {t("clearSelection")}
      </button>
    </div>
  );
}
