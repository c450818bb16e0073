// /login: signed-in users go on to where they were going (?redirect=, a path of this site), or
// home.

import { createFileRoute, redirect } from "@tanstack/react-router";
import { LoginPage } from "../features/sign_in/LoginPage.tsx";
import { returnTo, validateReturnSearch } from "../features/sign_in/return_to.ts";
import { useSession } from "../features/shell/session.ts";

/** The sign-in route. */
export const Route = createFileRoute("/login")({
  validateSearch: validateReturnSearch,
  beforeLoad: async ({ search }) => {
    if (useSession.getState().user !== null && (await useSession.getState().check()) !== null) {
      throw redirect({ href: returnTo(search.redirect) });
    }
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={returnTo(redirect)} />;
}
