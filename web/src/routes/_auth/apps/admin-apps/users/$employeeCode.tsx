// /apps/admin-apps/users/{employeeCode}: one user; the router hands over the decoded code.

import { createFileRoute } from "@tanstack/react-router";
import { UserDetailPage } from "../../../../../components/admin/UserDetailPage.tsx";

/** The user detail route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/users/$employeeCode")({
  component: UserDetailRoute,
});

function UserDetailRoute() {
  const { employeeCode } = Route.useParams();
  return <UserDetailPage employeeCode={employeeCode} />;
}
