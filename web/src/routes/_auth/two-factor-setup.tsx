// /two-factor-setup: the second factor the user's role requires; afterwards (or "Later", before
// its deadline) the user goes on to where they were going (?redirect=, a path of this site), or
// home.

import { createFileRoute } from "@tanstack/react-router";
import { TwoFactorSetupPage } from "../../features/two_factor/TwoFactorSetupPage.tsx";
import { returnTo, validateReturnSearch } from "../../features/sign_in/return_to.ts";

/** The required two-factor setup route. */
export const Route = createFileRoute("/_auth/two-factor-setup")({
  validateSearch: validateReturnSearch,
  component: TwoFactorSetupRoute,
});

function TwoFactorSetupRoute() {
  const { redirect } = Route.useSearch();
  return <TwoFactorSetupPage redirect={returnTo(redirect)} />;
}
