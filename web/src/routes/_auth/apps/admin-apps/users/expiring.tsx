// /apps/admin-apps/users/expiring: users whose passwords expire soon, with bulk extension.

import { createFileRoute } from "@tanstack/react-router";
import { ExpiringUsersPage } from "../../../../../components/admin/ExpiringUsersPage.tsx";

/** The expiring users route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/users/expiring")({
  component: ExpiringUsersPage,
});
