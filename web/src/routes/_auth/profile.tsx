// /profile: the user's own profile.

import { createFileRoute } from "@tanstack/react-router";
import { ProfilePage } from "../../components/ProfilePage.tsx";

/** The profile route. */
export const Route = createFileRoute("/_auth/profile")({ component: ProfilePage });
