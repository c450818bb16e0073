// What the user list and the user detail show while their routes load: the admin frame with a
// status line. Routes name them through lazyRouteComponent, so the admin frame is not in the
// first chunk every page loads (/login too).

import { useParams } from "@tanstack/react-router";
import { UDETAIL_PAGE } from "./texts/udetail_page.ts";
import { useT } from "../../i18n/i18n.ts";
import { AdminFrame } from "./AdminFrame.tsx";

/** The user list while its first page loads. */
export function UserListPending() {
  const t = useT(UDETAIL_PAGE);
  return (
    <AdminFrame title={t("listTitle")}>
      <p className="loading" role="status">{t("loadingUsers")}</p>
    </AdminFrame>
  );
}

/** One user's page while the record loads. */
export function UserDetailPending() {
  const t = useT(UDETAIL_PAGE);
  const params = useParams({ strict: false }) as { employeeCode?: string };
  return (
    <AdminFrame title={t("detailsTitle")} subtitle={(params.employeeCode ?? "").trim()}>
      <p className="loading" role="status">{t("loadingUser")}</p>
    </AdminFrame>
  );
}
