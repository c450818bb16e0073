// /apps/admin-apps/users/activation-requests: the activation request queue.

import { createFileRoute } from "@tanstack/react-router";
import { ActivationRequestsPage } from "../../../../../components/admin/ActivationRequestsPage.tsx";

/** The activation requests route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/users/activation-requests")({
  staticData: { need: "manageUsers" },
  component: ActivationRequestsPage,
});
