// /login: signed-in users go home.

import { createFileRoute, redirect } from "@tanstack/react-router";
import { LoginPage } from "../components/LoginPage.tsx";
import { useSession } from "../stores/session.ts";

/** The sign-in route. */
export const Route = createFileRoute("/login")({
  beforeLoad: async () => {
    if (useSession.getState().user !== null && (await useSession.getState().check()) !== null) {
      throw redirect({ to: "/" });
    }
  },
  component: LoginPage,
});
