// Home: greeting, the app cards of the user's apps, the password expiry banner and sign-out.

import { Link, useNavigate } from "@tanstack/react-router";
import { COMMON } from "../../i18n/areas/common.ts";
import { SHELL_HOME } from "./texts/shell_home.ts";
import { useT } from "../../i18n/i18n.ts";
import { Rich } from "../../i18n/Rich.tsx";
import { serverText } from "../../i18n/server_text.ts";
import { useSession } from "./session.ts";
import { expiresWithin } from "./password_expiry.ts";
import { Frame } from "./Frame.tsx";
import { When } from "../../ui/When.tsx";
import { APP_CATALOGUE, appDescription, appName } from "../../../../api/rules/apps.ts";

/** The apps with a screen, as the home cards show them. */
const APPS = APP_CATALOGUE.filter((a) => a.page);

/** The route of each app with a screen. */
const APP_ROUTES = {
  "ffm-to-uws": "/apps/ffm-to-uws",
  "uld-extractor": "/apps/uld-extractor",
  "admin-apps": "/apps/admin-apps",
} as const;

/** The route of an app's screen (the catch-all's "not found" for one without). */
function routeOf(id: string) {
  return APP_ROUTES[id as keyof typeof APP_ROUTES] ?? `/apps/${id}`;
}

/** The week before the password expires: when, and the way to the profile's change (a password
 * that must change now never reaches Home: the layout sends it to the forced change). */
function PasswordBanner(props: { expiry: string | null }) {
  const t = useT(SHELL_HOME);
  const when = expiresWithin(props.expiry, Date.now());
  if (when === null) return null;
  return (
    <div className="banner warning" role="status">
      <Rich
        text={t("expiry", { when })}
        parts={[
          <When key="0" at={props.expiry} />,
          <Link key="1" to="/profile" hash="change-password" />,
        ]}
      />
    </div>
  );
}

/** The home screen. */
export function HomePage() {
  const t = useT(SHELL_HOME);
  const common = useT(COMMON);
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  if (user === null) return null;
  const apps = APPS.filter((a) => user.accessibleApps.includes(a.id));
  return (
    <Frame
      title={t("welcome", { name: user.fullName })}
      subtitle={
        <>
          <bdi>{user.employeeCode}</bdi> · <bdi>{user.station}</bdi>
        </>
      }
    >
      <PasswordBanner expiry={user.passwordExpiry} />
      <div className="toolbar">
        <Link to="/profile" className="button-link">{common("profile")}</Link>
        <button
          type="button"
          onClick={async () => {
            await logout();
            await navigate({ to: "/login" });
          }}
        >
          {common("logout")}
        </button>
      </div>
      <h2>{t("applications")}</h2>
      {apps.length === 0
        ? (
          <div className="empty">
            <Rich text={t("noApps")} parts={[<strong key="0" />]} />
          </div>
        )
        : (
          <ul className="cards">
            {apps.map((app) => (
              <li key={app.id}>
                {
                  /* in this page, not a new load of it: a load starts the app again (seconds on
                    a station PC) and forgets what this sign-in was told, such as Later */
                }
                <Link className="card" to={routeOf(app.id)}>
                  <span className="card-title">{serverText(appName(app.id))}</span>
                  <span className="card-text">{serverText(appDescription(app))}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
    </Frame>
  );
}
