// /profile: the user's own profile; the loader starts loading it in the profile store
// ('Loading…' meanwhile). The store comes with the loader, not with the app's first load: the
// sign-in page carries neither it nor the profile's texts.

import { createFileRoute } from "@tanstack/react-router";
import { Loading } from "../../ui/Loading.tsx";
import { ProfilePage } from "../../features/profile/ProfilePage.tsx";

/** The profile route. */
export const Route = createFileRoute("/_auth/profile")({
  loader: async ({ context }) => {
    const { useProfile } = await import("../../features/profile/profile.ts");
    await useProfile.getState().load(context.user.employeeCode);
  },
  pendingComponent: Loading,
  component: ProfilePage,
});
