// Home: greeting, the app cards of the user's apps, the password expiry banner and sign-out.

import { Link, useNavigate } from "@tanstack/react-router";
import { useSession } from "../stores/session.ts";
import { expiresWithin } from "../password_expiry.ts";
import { Frame } from "./Frame.tsx";
import { When } from "./When.tsx";

/** The apps of the portal (spec: app ids and names). */
export const APPS: { id: string; name: string; description: string }[] = [
  {
    id: "ffm-to-uws",
    name: "FFM TO UWS",
    description: "Convert an FFM manifest to the UWS weight statement and check it against the NTM",
  },
  {
    id: "uld-extractor",
    name: "ULD Extractor",
    description: "Sort the ULDs of a UCM, CPM or SCM into owned, rented and foreign lists",
  },
  { id: "admin-apps", name: "Admin Apps", description: "Staff accounts, requests and settings" },
];

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
