// /apps/admin-apps/users/create: a new staff account, for those who manage users.

import { createFileRoute } from "@tanstack/react-router";
import { CreateUserPage } from "../../../../../features/admin/user_detail/CreateUserPage.tsx";

/** The create user route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/users/create")({
  staticData: { need: "manageUsers" },
  component: CreateUserPage,
});
