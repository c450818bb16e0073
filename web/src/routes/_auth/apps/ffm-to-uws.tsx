// /apps/ffm-to-uws: the converter, for users who have the app.

import { createFileRoute } from "@tanstack/react-router";
import { ConverterPage } from "../../../features/converter/ConverterPage.tsx";

/** The converter route. */
export const Route = createFileRoute("/_auth/apps/ffm-to-uws")({ component: ConverterPage });
