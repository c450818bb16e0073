// Home: greeting, the app cards of the user's apps, the password banner and sign-out.

import { Link, useNavigate } from "@tanstack/react-router";
import { useSession } from "../stores/session.ts";
import { Frame } from "./Frame.tsx";

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

/** The home screen. */
export function HomePage() {
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  if (user === null) return null;
  const apps = APPS.filter((a) => user.accessibleApps.includes(a.id));
  return (
    <Frame title={`Welcome, ${user.fullName}`} subtitle={`${user.employeeCode} · ${user.station}`}>
      {user.needsPasswordChange && (
        <div className="banner warning" role="alert">
          Your password must be changed. <Link to="/password-change-required">Change it now</Link>
        </div>
      )}
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
