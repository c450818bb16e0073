// The frame of every admin screen: the shared header and footer and the admin navigation, which
// shows only the pages the user may open. Whether the user may open this page at all is the
// admin layout route's decision (routes/_auth/apps/admin-apps.tsx), made before the page loads;
// each page route declares what it needs, and the navigation reads those declarations.

import { Link, useRouter, useRouterState } from "@tanstack/react-router";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { needOf } from "./admin_guard.ts";
import { useSession } from "../shell/session.ts";
import { Frame } from "../shell/Frame.tsx";
import { can } from "../../../../api/rules/access.ts";
import { OneTimePasswords } from "./OneTimePasswords.tsx";
import { ADM_FRAME } from "./texts/adm_frame.ts";
import { useT } from "../../i18n/i18n.ts";

// each page's link and the catalogue key of its name
const NAV = [
  { to: "/apps/admin-apps", label: "navDashboard" },
  { to: "/apps/admin-apps/users", label: "navUsers" },
  { to: "/apps/admin-apps/users/activation-requests", label: "navActivation" },
  { to: "/apps/admin-apps/users/password-reset-requests", label: "navPasswordResets" },
  { to: "/apps/admin-apps/users/registration-requests", label: "navRegistrations" },
  { to: "/apps/admin-apps/users/expiring", label: "navExpiring" },
  { to: "/apps/admin-apps/csv-import", label: "navCsvImport" },
  { to: "/apps/admin-apps/audit", label: "navAudit" },
  { to: "/apps/admin-apps/settings", label: "navSettings" },
  { to: "/apps/admin-apps/ai-memory", label: "navAiMemory" },
] as const;

/** Props of an admin screen's frame. */
export interface AdminFrameProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** An admin screen: header, the admin navigation, the screen, the one-time passwords, footer. */
export function AdminFrame(props: AdminFrameProps) {
  return (
    <Frame title={props.title} subtitle={props.subtitle}>
      <AdminNav />
      {props.children}
      <OneTimePasswords />
    </Frame>
  );
}

/** Scrolls the nav's row sideways so that its current page shows (a phone shows a few links). */
export function showCurrent(nav: HTMLElement | null) {
  const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
  if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
  const at = current.getBoundingClientRect().left - nav.getBoundingClientRect().left;
  nav.scrollLeft += at - (nav.clientWidth - current.offsetWidth) / 2;
}

/** The links to the admin pages the signed-in user may open (what each page route needs), in one
 * row that wraps on a wide screen and scrolls sideways on a phone. */
function AdminNav() {
  const t = useT(ADM_FRAME);
  const user = useSession((s) => s.user);
  const router = useRouter();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // at the next frame, not in the commit: measuring the row forces a layout of the whole page
    // (a user list's table with it), which then ran in the same task as the page's render (issue
    // 51); in the frame's own rendering step it is the layout the frame does anyway, before paint
    const frame = requestAnimationFrame(() => showCurrent(ref.current));
    return () => cancelAnimationFrame(frame);
  }, [path]);
  // what each page route needs does not change: matched once per user, not on every render
  const open = useMemo(() =>
    NAV.filter((n) => {
      const [routes] = router.getMatchedRoutes(n.to);
      return can(user, needOf(routes.map((r) => r.options.staticData)));
    }), [router, user]);
  return (
    <nav className="admin-nav" aria-label={t("navLabel")} ref={ref}>
      {open.map((n) => (
        <Link
          key={n.to}
          to={n.to}
          activeOptions={{ exact: true }}
          activeProps={{ "aria-current": "page", className: "active" }}
        >
          {t(n.label)}
        </Link>
      ))}
    </nav>
  );
}
