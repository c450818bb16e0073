// /apps/admin-apps/users/activation-requests: the activation request queue (?search and
// ?station narrow it).

import { createFileRoute } from "@tanstack/react-router";
import { validateQueueSearch } from "../../../../../features/admin/requests/request_rules.ts";
import { ActivationRequestsPage } from "../../../../../features/admin/requests/ActivationRequestsPage.tsx";

/** The activation requests route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/users/activation-requests")({
  staticData: { need: "manageUsers" },
  validateSearch: validateQueueSearch,
  component: ActivationRequestsPage,
});
