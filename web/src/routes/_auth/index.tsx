// Home at /.

import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "../../features/shell/HomePage.tsx";

/** Home. */
export const Route = createFileRoute("/_auth/")({ component: HomePage });
