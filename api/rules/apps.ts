// The portal's app catalogue (spec 002 section 3 and spec 6) in one place: the ids the API
// accepts, the names and descriptions the screens show, which are admin apps, and which apps a
// user opens.

import type { Role } from "./roles.ts";
import { type Problem, say } from "./messages.ts";

/** Every app of the portal, in the order the screens list them. `page` marks the three that open a
 * screen (the home cards); the admin apps are offered only to admin and super admin accounts. */
export const APP_CATALOGUE = [
  {
    id: "ffm-to-uws",
    name: "FFM TO UWS",
    admin: false,
    page: true,
    description: "Convert an FFM manifest to the UWS weight statement and check it against the NTM",
  },
  {
    id: "uld-extractor",
    name: "ULD Extractor",
    admin: false,
    page: true,
    description: "Sort the ULDs of a UCM, CPM or SCM into owned, rented and foreign lists",
  },
  {
    id: "admin-apps",
    name: "Admin Apps",
    admin: true,
    page: true,
    description: "Staff accounts, requests and settings",
  },
  { id: "user-management", name: "User Management", admin: true, page: false, description: "" },
  {
    id: "database-management",
    name: "Database Management",
    admin: true,
    page: false,
    description: "",
  },
  { id: "system-settings", name: "System Settings", admin: true, page: false, description: "" },
  { id: "reports", name: "Reports", admin: true, page: false, description: "" },
  { id: "audit-logs", name: "Audit Logs", admin: true, page: false, description: "" },
] as const;

/** One app of the catalogue. */
export type App = (typeof APP_CATALOGUE)[number];

/** An app id the API accepts. */
export type AppId = App["id"];

/** Every app id, for validation. */
export const APP_IDS = APP_CATALOGUE.map((a) => a.id) as unknown as readonly [AppId, ...AppId[]];

/** The apps every account may be given. */
export const NORMAL_APPS: readonly App[] = APP_CATALOGUE.filter((a) => !a.admin);

/** The admin apps, given only to admin and super admin accounts (spec 6). */
export const ADMIN_APPS: readonly App[] = APP_CATALOGUE.filter((a) => a.admin);

/** Whether the id names an admin app. */
export function isAdminApp(id: string): boolean {
  return ADMIN_APPS.some((a) => a.id === id);
}

/** The apps an account of `role` may be given: admin apps only for admin and super admin. */
export function appsFor(role: Role): readonly App[] {
  return role === "user" ? NORMAL_APPS : APP_CATALOGUE;
}

/** The target's current apps that can be offered again for its role (unknown ids are dropped,
 * not resent). */
export function assignableApps(user: { role: Role; accessibleApps: readonly string[] }): AppId[] {
  const offered = new Set<string>(appsFor(user.role).map((a) => a.id));
  return user.accessibleApps.filter((a): a is AppId => offered.has(a));
}

/** The app's name for screens, as the catalogue's message (its code, and its English name); the
 * id itself for an id the catalogue does not know. */
export function appName(id: string): Problem | string {
  const app = APP_CATALOGUE.find((a) => a.id === id);
  return app === undefined ? id : say(`app:${app.id}`);
}

/** An app's description for its home card, as the catalogue's message (the apps without a
 * screen have none: ""). */
export function appDescription(app: App): Problem | string {
  return app.page ? say(`app_about:${app.id}`) : app.description;
}

/** The apps a user opens: super admins every app with a screen, admins the admin area plus all of
 * theirs, users their own normal apps (spec 6). */
export function appsOf(user: { role: Role; accessibleApps: readonly string[] }): string[] {
  if (user.role === "super_admin") {
    return APP_CATALOGUE.filter((a) => a.page).map((a) => a.id);
  }
  if (user.role === "user") {
    return user.accessibleApps.filter((a) => NORMAL_APPS.some((n) => n.id === a));
  }
  return [...new Set(["admin-apps", ...user.accessibleApps])];
}

/** Why these apps may not be given to an account of `role`, or null: admin apps are for admin
 * and super admin accounts only (the Assign Apps rule, also for an approved registration). */
export function adminAppsProblem(
  role: Role,
  apps: readonly string[],
  field: "appIds" | "accessibleApps",
): Problem | null {
  const admin = apps.filter(isAdminApp);
  return role === "user" && admin.length > 0
    ? say(`users:admin_apps:${field}`, { apps: admin.join(", ") })
    : null;
}
