// /password-change-required: the forced password change; afterwards the user goes on to where
// they were going (?redirect=, a path of this site), or home.

import { createFileRoute } from "@tanstack/react-router";
import { PasswordChangePage } from "../../features/password/PasswordChangePage.tsx";
import { returnTo, validateReturnSearch } from "../../features/sign_in/return_to.ts";

/** The forced change route. */
export const Route = createFileRoute("/_auth/password-change-required")({
  validateSearch: validateReturnSearch,
  component: PasswordChangeRoute,
});

function PasswordChangeRoute() {
  const { redirect } = Route.useSearch();
  return <PasswordChangePage redirect={returnTo(redirect)} />;
}
