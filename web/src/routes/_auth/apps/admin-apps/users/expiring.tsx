// /apps/admin-apps/users/expiring: users whose passwords expire soon, with bulk extension. The
// window is in the address (?days=7, 30 or all; 30 days without it), so the dashboard links to it.

import { createFileRoute } from "@tanstack/react-router";
import { ExpiringUsersPage } from "../../../../../features/admin/expiring/ExpiringUsersPage.tsx";

/** The expiring users route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/users/expiring")({
  staticData: { need: "manageUsers" },
  // 7 and 30 as numbers, so that the address reads days=7 (the router quotes strings of digits)
  validateSearch: (raw: Record<string, unknown>): { days?: 7 | 30 | "all" } => {
    const days = String(raw.days ?? "").replace(/"/g, "");
    return days === "7" || days === "30"
      ? { days: Number(days) as 7 | 30 }
      : days === "all"
      ? { days }
      : {};
  },
  component: ExpiringUsersPage,
});
