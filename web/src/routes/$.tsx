// Any other path: home when signed in, else the sign-in screen (spec: unknown paths).

import { createFileRoute, redirect } from "@tanstack/react-router";

/** The catch-all route. */
export const Route = createFileRoute("/$")({
  beforeLoad: () => {
    throw redirect({ to: "/" });
  },
});
