// /apps/admin-apps/audit: the Audit Log, for the admin area. The applied filters, the date range,
// the page size and the page are in the address (?target=U1&action=login&from=2026-11-01), so a
// user's page links to their trail and reload and Back keep the page.

import { createFileRoute } from "@tanstack/react-router";
import { AuditLogPage } from "../../../../features/admin/audit/AuditLogPage.tsx";
import { type AuditSearch, readSearch } from "../../../../features/admin/audit/audit_address.ts";

/** The audit log route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/audit")({
  validateSearch: (raw: Record<string, unknown>): AuditSearch => readSearch(raw),
  component: AuditLogPage,
});
