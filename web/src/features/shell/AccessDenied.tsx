// What a signed-in user sees on an app they have not been given (design 3), with the guard that
// shows it, and on an admin page they may not open (the admin layout route refuses it).

import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { SHELL_HOME } from "./texts/shell_home.ts";
import { useT } from "../../i18n/i18n.ts";
import { useSession } from "./session.ts";
import { Frame } from "./Frame.tsx";

/** 'You do not have access to this app', with the way home. */
export function AccessDenied(props: { app: string }) {
  const t = useT(SHELL_HOME);
  return (
    <Frame title={props.app}>
      <div className="empty" role="alert">
        <strong>{t("noAppAccess")}</strong>
        <p>{t("askForApp")}</p>
        <Link to="/">{t("backToApps")}</Link>
      </div>
    </Frame>
  );
}

/** 'You do not have access to this page', with why: no admin area at all, or not this page's
 * permission. */
export function AdminAccessDenied(props: { adminArea: boolean }) {
  const t = useT(SHELL_HOME);
  return (
    <Frame title={t("adminApps")} subtitle="">
      <div className="empty" role="alert">
        <strong>{t("noPageAccess")}</strong>
        <p>{props.adminArea ? t("askSuperAdmin") : t("adminsOnly")}</p>
        <Link to="/">{t("backToApps")}</Link>
      </div>
    </Frame>
  );
}

/** Renders the app for users who have it (by app id), the access page for others. */
export function RequireApp(props: { id: string; name: string; children: ReactNode }) {
  const user = useSession((s) => s.user);
  if (user === null) return null;
  if (!user.accessibleApps.includes(props.id)) return <AccessDenied app={props.name} />;
  return props.children;
}
