// /apps/admin-apps/users/{employeeCode}: one user; the router hands over the decoded code. The
// loader opens the user in the detail store, which stays the owner of the record ('Loading
// user...' until it is there).

import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { UserDetailPage } from "../../../../../features/admin/user_detail/UserDetailPage.tsx";

/** The user detail route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/users/$employeeCode")({
  staticData: { need: "manageUsers" },
  loader: async ({ params }) => {
    const code = params.employeeCode.trim();
    // imported here, not at the top: the route tree is in the first chunk, the admin stores not
    const { useUserDetail } = await import("../../../../../features/admin/admin_users.ts");
    if (code !== "") await useUserDetail.getState().open(code);
  },
  // lazily: the admin frame stays out of the first chunk
  pendingComponent: lazyRouteComponent(
    () => import("../../../../../features/admin/AdminPending.tsx"),
    "UserDetailPending",
  ),
  component: UserDetailRoute,
});

function UserDetailRoute() {
  const { employeeCode } = Route.useParams();
  return <UserDetailPage employeeCode={employeeCode} />;
}
