// /apps/admin-apps/csv-import: the CSV User Import, for those who manage users.

import { createFileRoute } from "@tanstack/react-router";
import { CsvImportPage } from "../../../../features/admin/csv/CsvImportPage.tsx";

/** The CSV import route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/csv-import")({
  staticData: { need: "manageUsers" },
  component: CsvImportPage,
});
