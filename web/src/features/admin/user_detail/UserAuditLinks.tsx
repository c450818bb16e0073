// A user's page links to that user's audit trail and sign-in history (issue 27): the audit log
// filtered by the user as target (and by sign-in events: time, address, result), kept in the
// address so the link, Back and reload all show it. Only for those who may open the audit log.

import { Link } from "@tanstack/react-router";
import { can } from "../../../../../api/rules/access.ts";
import { UDETAIL_PAGE } from "../texts/udetail_page.ts";
import { useT } from "../../../i18n/i18n.ts";
import type { AdminUser } from "../admin_users.ts";
import { useSession } from "../../shell/session.ts";

/** The Activity section of a user's page. */
export function UserAuditLinks(props: { user: AdminUser }) {
  const actor = useSession((s) => s.user);
  const t = useT(UDETAIL_PAGE);
  if (actor === null || !can(actor, "adminArea")) return null;
  const target = props.user.employeeCode;
  return (
    <section className="section" aria-labelledby="activity-title">
      <div className="section-head">
        <h2 id="activity-title">{t("activity")}</h2>
      </div>
      <div className="actions start">
        <Link to="/apps/admin-apps/audit" search={{ target }} className="button-link">
          {t("auditTrail")}
        </Link>
        <Link
          to="/apps/admin-apps/audit"
          search={{ target, action: "login" }}
          className="button-link"
        >
          {t("signInHistory")}
        </Link>
      </div>
    </section>
  );
}
