// /apps/uld-extractor: the ULD Extractor, for users who have the app.

import { createFileRoute } from "@tanstack/react-router";
import { ExtractorPage } from "../../../features/extractor/ExtractorPage.tsx";

/** The extractor route. */
export const Route = createFileRoute("/_auth/apps/uld-extractor")({ component: ExtractorPage });
