// /apps/admin-apps/users/password-reset-requests: the password reset request queue.

import { createFileRoute } from "@tanstack/react-router";
import { PasswordResetRequestsPage } from "../../../../../components/admin/PasswordResetRequestsPage.tsx";

/** The password reset requests route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/users/password-reset-requests")({
  staticData: { need: "manageUsers" },
  component: PasswordResetRequestsPage,
});
