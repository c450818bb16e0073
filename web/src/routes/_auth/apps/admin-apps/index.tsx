// /apps/admin-apps: the admin dashboard (the admin layout route shows the access page to others).

import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage } from "../../../../features/admin/dashboard/DashboardPage.tsx";

/** The admin dashboard route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/")({ component: DashboardPage });
