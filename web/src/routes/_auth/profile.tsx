// /profile: the user's own profile; the loader starts loading it in the profile store
// ('Loading…' meanwhile).

import { createFileRoute } from "@tanstack/react-router";
import { Loading } from "../../components/Loading.tsx";
import { ProfilePage } from "../../components/ProfilePage.tsx";
import { useProfile } from "../../stores/profile.ts";

/** The profile route. */
export const Route = createFileRoute("/_auth/profile")({
  loader: ({ context }) => useProfile.getState().load(context.user.employeeCode),
  pendingComponent: Loading,
  component: ProfilePage,
});
