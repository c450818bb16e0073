// What `npm start` says about the first super admin (design 5.1): the account it made on an empty
// store, or, when the store has users already (an earlier start, a restored backup, `seed-load`),
// that PORTAL_ADMIN_CODE and PORTAL_ADMIN_PASSWORD were not used (issue 27: they used to be
// ignored without a word). Never a value of either variable.

import type { SeedReport } from "./seed.ts";

/** The first-admin variables as the environment gives them. */
export interface FirstAdminEnv {
  adminCode?: string;
  adminPassword?: string;
}

/** The start's lines about the first super admin (none when there is nothing to say). */
export function firstAdminLines(report: SeedReport, env: FirstAdminEnv): string[] {
  if (report.adminCreated) {
    return [
      `First super admin created: sign in with employee code ${report.adminCode}`,
      report.generatedPassword !== null
        ? `and the one-time password ${report.generatedPassword} (shown once, valid 72 hours for one sign-in, at which you choose your own)`
        : "and the password from PORTAL_ADMIN_PASSWORD (you must change it at first sign-in).",
    ];
  }
  const set = [
    ...(env.adminCode ? ["PORTAL_ADMIN_CODE"] : []),
    ...(env.adminPassword ? ["PORTAL_ADMIN_PASSWORD"] : []),
  ];
  if (set.length === 0) return [];
  return [
    `${set.join(" and ")} ${set.length > 1 ? "are" : "is"} ignored: this store has users ` +
    "already, and the first super admin is created only in an empty store. Sign in with an " +
    "existing super admin; on the server's shell `npm run -s kv -- reset-password CODE` gives " +
    "an account a new one-time password (README, 'When no administrator can sign in').",
  ];
}
