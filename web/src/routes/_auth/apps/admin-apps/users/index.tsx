// /apps/admin-apps/users: the user list, for those who manage users; its filters and sort are in
// the address (?status, role, station, locked, expiring, sort, order).

import { createFileRoute } from "@tanstack/react-router";
import { UserListPage } from "../../../../../components/admin/UserListPage.tsx";
import { validateUserListSearch } from "../../../../../stores/user_filters.ts";

/** The user list route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/users/")({
  validateSearch: validateUserListSearch,
  component: UserListPage,
});
