// /apps/admin-apps/settings: System Settings, for super admins.

import { createFileRoute } from "@tanstack/react-router";
import { SettingsPage } from "../../../../features/admin/settings/SettingsPage.tsx";

/** The system settings route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/settings")({
  staticData: { need: "superAdmin" },
  component: SettingsPage,
});
