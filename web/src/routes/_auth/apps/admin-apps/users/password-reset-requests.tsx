// /apps/admin-apps/users/password-reset-requests: the password reset request queue (?search
// and ?station narrow it).

import { createFileRoute } from "@tanstack/react-router";
import { validateQueueSearch } from "../../../../../features/admin/requests/request_rules.ts";
import { PasswordResetRequestsPage } from "../../../../../features/admin/requests/PasswordResetRequestsPage.tsx";

/** The password reset requests route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/users/password-reset-requests")({
  staticData: { need: "manageUsers" },
  validateSearch: validateQueueSearch,
  component: PasswordResetRequestsPage,
});
