// /apps/admin-apps/users/registration-requests: the registration request queue (?search
// and ?station narrow it).

import { createFileRoute } from "@tanstack/react-router";
import { validateQueueSearch } from "../../../../../features/admin/requests/request_rules.ts";
import { RegistrationRequestsPage } from "../../../../../features/admin/requests/RegistrationRequestsPage.tsx";

/** The registration requests route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/users/registration-requests")({
  staticData: { need: "manageUsers" },
  validateSearch: validateQueueSearch,
  component: RegistrationRequestsPage,
});
