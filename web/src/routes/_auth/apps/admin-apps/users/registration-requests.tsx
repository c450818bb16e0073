// /apps/admin-apps/users/registration-requests: the registration request queue.

import { createFileRoute } from "@tanstack/react-router";
import { RegistrationRequestsPage } from "../../../../../components/admin/RegistrationRequestsPage.tsx";

/** The registration requests route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/users/registration-requests")({
  staticData: { need: "manageUsers" },
  component: RegistrationRequestsPage,
});
