// The frame of every admin screen: the shared header and footer, the admin navigation (only the
// pages the user may open), and the guard: no admin access, or not this page's capability, shows
// the access page instead of the screen.

import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useSession } from "../../stores/session.ts";
import { Frame } from "../Frame.tsx";
import { can, type Capability } from "../../../../api/rules/access.ts";
import { OneTimePasswords } from "./OneTimePasswords.tsx";

const NAV = [
  { to: "/apps/admin-apps", label: "Dashboard", need: "adminArea" },
  { to: "/apps/admin-apps/users", label: "Users", need: "manageUsers" },
  { to: "/apps/admin-apps/users/activation-requests", label: "Activation", need: "manageUsers" },
  {
    to: "/apps/admin-apps/users/password-reset-requests",
    label: "Password resets",
    need: "manageUsers",
  },
  {
    to: "/apps/admin-apps/users/registration-requests",
    label: "Registrations",
    need: "manageUsers",
  },
  { to: "/apps/admin-apps/users/expiring", label: "Expiring", need: "manageUsers" },
  { to: "/apps/admin-apps/csv-import", label: "CSV Import", need: "manageUsers" },
  { to: "/apps/admin-apps/audit", label: "Audit Log", need: "adminArea" },
  { to: "/apps/admin-apps/settings", label: "Settings", need: "superAdmin" },
  { to: "/apps/admin-apps/ai-memory", label: "AI Memory", need: "adminArea" },
] as const satisfies readonly { to: string; label: string; need: Capability }[];

/** Props of an admin screen's frame. */
export interface AdminFrameProps {
  title: string;
  subtitle?: string;
  /** What the page needs beyond the admin area (default: the admin area alone). */
  need?: Capability;
  children: ReactNode;
}

/** An admin screen, or the access page for users who may not open it. */
export function AdminFrame(props: AdminFrameProps) {
  const user = useSession((s) => s.user);
  if (user === null) return null;
  const allowed = can(user, "adminArea") && can(user, props.need ?? "adminArea");
  return (
    <Frame title={allowed ? props.title : "Admin Apps"} subtitle={allowed ? props.subtitle : ""}>
      {allowed
        ? (
          <>
            <nav className="admin-nav" aria-label="Admin">
              {NAV.filter((n) => can(user, n.need)).map((n) => (
                <Link
                  key={n.to}
                  to={n.to}
                  activeOptions={{ exact: true }}
                  activeProps={{ "aria-current": "page", className: "active" }}
                >
                  {n.label}
                </Link>
              ))}
            </nav>
            {props.children}
            <OneTimePasswords />
          </>
        )
        : (
          <div className="empty" role="alert">
            <strong>You do not have access to this page</strong>
            <p>
              {can(user, "adminArea")
                ? "Your account's permissions do not include it. Ask a super admin."
                : "The admin area is for administrators."}
            </p>
            <Link to="/">Back to Applications</Link>
          </div>
        )}
    </Frame>
  );
}
