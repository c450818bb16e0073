// /apps/admin-apps/*: the admin area's layout route and guard. Before any admin page loads (its
// loader included) it checks the signed-in user (from the route context) for the admin area and
// for what the page route declares it needs; a refusal shows the access page in place of the
// screen, at the same address.

import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AdminRefusal, needOf, requireAdmin } from "../../../features/admin/admin_guard.ts";
import { AdminAccessDenied } from "../../../features/shell/AccessDenied.tsx";
import { RouteError } from "../../../features/shell/ErrorScreens.tsx";

/** The admin layout route. */
export const Route = createFileRoute("/_auth/apps/admin-apps")({
  beforeLoad: ({ context, matches }) => {
    requireAdmin(context.user, needOf(matches.map((m) => m.staticData)));
  },
  errorComponent: ({ error }) =>
    error instanceof AdminRefusal
      ? <AdminAccessDenied adminArea={error.adminArea} />
      : <RouteError error={error} />,
  component: () => <Outlet />,
});
