// /apps/admin-apps/ai-memory: the AI Memory Database, kept in this browser.

import { createFileRoute } from "@tanstack/react-router";
import { AiMemoryPage } from "../../../../features/admin/memory/AiMemoryPage.tsx";

/** The AI memory route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/ai-memory")({
  component: AiMemoryPage,
});
