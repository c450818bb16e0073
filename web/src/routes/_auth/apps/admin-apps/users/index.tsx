// /apps/admin-apps/users: the user list, for those who manage users.

import { createFileRoute } from "@tanstack/react-router";
import { UserListPage } from "../../../../../components/admin/UserListPage.tsx";

/** The user list route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/users/")({ component: UserListPage });
