// The role matrix of design 3 in one place: which capability each route needs. What each
// capability needs, and the rules about whom an action may touch, are in rules/access.ts, which
// the web shares.

import type { Capability } from "./rules/access.ts";

/** Every route of the API with the capability it needs; the tests walk this table. */
export const ROUTES: readonly { method: string; path: string; capability: Capability }[] = [
  { method: "GET", path: "/health", capability: "public" },
  { method: "GET", path: "/health/ready", capability: "public" },
  { method: "POST", path: "/api/auth/login", capability: "public" },
  { method: "POST", path: "/api/auth/logout", capability: "public" },
  { method: "GET", path: "/api/auth/me", capability: "signedIn" },
  { method: "GET", path: "/api/auth/password-policy", capability: "public" },
  { method: "POST", path: "/api/auth/login/second-factor", capability: "public" },
  { method: "POST", path: "/api/auth/passkey/options", capability: "public" },
  { method: "POST", path: "/api/auth/passkey", capability: "public" },
  { method: "GET", path: "/api/auth/two-factor", capability: "signedIn" },
  { method: "POST", path: "/api/auth/two-factor/totp", capability: "signedIn" },
  { method: "POST", path: "/api/auth/two-factor/totp/confirm", capability: "signedIn" },
  { method: "DELETE", path: "/api/auth/two-factor/totp", capability: "signedIn" },
  { method: "POST", path: "/api/auth/two-factor/passkeys/options", capability: "signedIn" },
  { method: "POST", path: "/api/auth/two-factor/passkeys", capability: "signedIn" },
  { method: "PATCH", path: "/api/auth/two-factor/passkeys/:id", capability: "signedIn" },
  { method: "DELETE", path: "/api/auth/two-factor/passkeys/:id", capability: "signedIn" },
  { method: "POST", path: "/api/auth/two-factor/recovery-codes", capability: "signedIn" },
  { method: "GET", path: "/api/auth/sessions", capability: "signedIn" },
  { method: "DELETE", path: "/api/auth/sessions/:id", capability: "signedIn" },
  { method: "POST", path: "/api/auth/sessions/sign-out-everyone", capability: "superAdmin" },
  { method: "PUT", path: "/api/auth/preferences", capability: "signedIn" },
  { method: "POST", path: "/api/auth/step-up", capability: "signedIn" },
  { method: "POST", path: "/api/users/activation-request", capability: "public" },
  { method: "POST", path: "/api/users/password-reset-request", capability: "public" },
  { method: "POST", path: "/api/users/registration-request", capability: "public" },
  { method: "POST", path: "/api/users/change-password", capability: "signedIn" },
  { method: "GET", path: "/api/users", capability: "manageUsers" },
  { method: "GET", path: "/api/users/paginated", capability: "manageUsers" },
  { method: "GET", path: "/api/users/stats", capability: "adminArea" },
  { method: "GET", path: "/api/users/expiring", capability: "manageUsers" },
  { method: "GET", path: "/api/users/export", capability: "manageUsers" },
  { method: "GET", path: "/api/users/activation-requests", capability: "manageUsers" },
  { method: "GET", path: "/api/users/password-reset-requests", capability: "manageUsers" },
  { method: "GET", path: "/api/users/registration-requests", capability: "manageUsers" },
  { method: "POST", path: "/api/users", capability: "manageUsers" },
  { method: "POST", path: "/api/users/import", capability: "manageUsers" },
  { method: "POST", path: "/api/users/bulk", capability: "manageUsers" },
  { method: "POST", path: "/api/users/bulk-unlock", capability: "manageUsers" },
  { method: "POST", path: "/api/users/bulk-extend", capability: "extendPasswords" },
  { method: "GET", path: "/api/users/by-employee-code/:code", capability: "selfOrManageUsers" },
  { method: "GET", path: "/api/users/:code", capability: "selfOrManageUsers" },
  { method: "PUT", path: "/api/users/:code", capability: "selfOrManageUsers" },
  { method: "DELETE", path: "/api/users/:code", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/change-password", capability: "selfOrManageUsers" },
  { method: "POST", path: "/api/users/:code/approve-activation", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/reject-activation", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/reset-password", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/reject-password-reset", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/approve-registration", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/reject-registration", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/unlock", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/extend-password", capability: "extendPasswords" },
  { method: "POST", path: "/api/users/:code/assign-apps", capability: "manageUsers" },
  { method: "DELETE", path: "/api/users/requests/:kind/:code", capability: "manageUsers" },
  { method: "GET", path: "/api/users/:code/sessions", capability: "manageUsers" },
  { method: "DELETE", path: "/api/users/:code/sessions", capability: "manageUsers" },
  { method: "DELETE", path: "/api/users/:code/sessions/:id", capability: "manageUsers" },
  { method: "GET", path: "/api/users/:code/two-factor", capability: "manageUsers" },
  { method: "DELETE", path: "/api/users/:code/two-factor", capability: "superAdmin" },
  { method: "GET", path: "/api/ffm-to-uws/:list", capability: "signedIn" },
  { method: "POST", path: "/api/ffm-to-uws/:list", capability: "referenceWrite" },
  { method: "PUT", path: "/api/ffm-to-uws/:list/:id", capability: "referenceWrite" },
  { method: "DELETE", path: "/api/ffm-to-uws/:list/:id", capability: "referenceWrite" },
  { method: "GET", path: "/api/settings", capability: "superAdmin" },
  { method: "GET", path: "/api/settings/public", capability: "signedIn" },
  { method: "PUT", path: "/api/settings", capability: "superAdmin" },
  { method: "GET", path: "/api/audit", capability: "adminArea" },
  { method: "GET", path: "/api/audit/export", capability: "adminArea" },
];

/** The routes a session that must change its password may still call (design 5.3). */
export const RESTRICTED_ROUTES: ReadonlySet<string> = new Set([
  "GET /api/auth/me",
  "POST /api/auth/logout",
  "POST /api/users/change-password",
  "POST /api/users/:code/change-password",
]);

/** The routes that always ask for a re-authentication within the last minutes (issue 48, item 7;
 * rules/step_up.ts); the routes that ask for one for some bodies only (creating or promoting an
 * administrator, setting someone's password) check it themselves. */
export const STEP_UP_ROUTES: ReadonlySet<string> = new Set([
  "DELETE /api/users/:code/two-factor",
  "PUT /api/settings",
  "GET /api/users/export",
  "GET /api/audit/export",
  "POST /api/auth/sessions/sign-out-everyone",
]);

/** The routes besides RESTRICTED_ROUTES that a session the policy holds to setting up a second
 * factor may still call (issue 26): its own enrolment. */
export const SETUP_ROUTES: ReadonlySet<string> = new Set(
  ROUTES.filter((r) => r.path.startsWith("/api/auth/two-factor")).map((r) =>
    `${r.method} ${r.path}`
  ),
);

/** The capability an API route needs (by method and route pattern), or undefined for a route
 * that is not the API's (the server's static files). */
export function findCapability(method: string, path: string): Capability | undefined {
  return ROUTES.find((r) => r.method === method && r.path === path)?.capability;
}

/** The capability an API route needs; a route missing from the matrix is a programming error. */
export function capabilityOf(method: string, path: string): Capability {
  const capability = findCapability(method, path);
  if (capability === undefined) {
    throw new Error(`route ${method} ${path} has no entry in the role matrix`);
  }
  return capability;
}
