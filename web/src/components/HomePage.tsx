// Home: greeting, the app cards of the user's apps, the password expiry banner and sign-out.

import { Link, useNavigate } from "@tanstack/react-router";
import { useSession } from "../stores/session.ts";
import { expiresWithin } from "../password_expiry.ts";
import { Frame } from "./Frame.tsx";
import { When } from "./When.tsx";
import { APP_CATALOGUE } from "../../../api/rules/apps.ts";

/** The apps with a screen, as the home cards show them. */
const APPS = APP_CATALOGUE.filter((a) => a.page);

/** The week before the password expires: when, and the way to the profile's change (a password
 * that must change now never reaches Home: the layout sends it to the forced change). */
function PasswordBanner(props: { expiry: string | null }) {
  const when = expiresWithin(props.expiry, Date.now());
  if (when === null) return null;
  return (
    <div className="banner warning" role="status">
      Your password expires {when} (<When at={props.expiry} />). Choose a new one before then:{" "}
      <Link to="/profile" hash="change-password">Change Password</Link>
    </div>
  );
}

/** The home screen. */
export function HomePage() {
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  if (user === null) return null;
  const apps = APPS.filter((a) => user.accessibleApps.includes(a.id));
  return (
    <Frame title={`Welcome, ${user.fullName}`} subtitle={`${user.employeeCode} · ${user.station}`}>
      <PasswordBanner expiry={user.passwordExpiry} />
      <div className="toolbar">
        <Link to="/profile" className="button-link">Profile</Link>
        <button
          type="button"
          onClick={async () => {
            await logout();
            await navigate({ to: "/login" });
          }}
        >
          Logout
        </button>
      </div>
      <h2>Applications</h2>
      {apps.length === 0
        ? (
          <div className="empty">
            <strong>No Apps Assigned</strong>{" "}
            - Contact your administrator to assign applications to your account.
          </div>
        )
        : (
          <ul className="cards">
            {apps.map((app) => (
              <li key={app.id}>
                <a className="card" href={`/apps/${app.id}`}>
                  <span className="card-title">{app.name}</span>
                  <span className="card-text">{app.description}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
    </Frame>
  );
}
