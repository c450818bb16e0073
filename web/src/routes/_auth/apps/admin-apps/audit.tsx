// /apps/admin-apps/audit: the Audit Log, for the admin area.

import { createFileRoute } from "@tanstack/react-router";
import { AuditLogPage } from "../../../../components/admin/AuditLogPage.tsx";

/** The audit log route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/audit")({ component: AuditLogPage });
