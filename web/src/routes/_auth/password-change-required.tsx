// /password-change-required: the forced password change.

import { createFileRoute } from "@tanstack/react-router";
import { PasswordChangePage } from "../../components/PasswordChangePage.tsx";

/** The forced change route. */
export const Route = createFileRoute("/_auth/password-change-required")({
  component: PasswordChangePage,
});
