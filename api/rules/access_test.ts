// Who may do what (rules/access.ts): capabilities by role and flag, station scope, the create
// rule and the rules about whom an action may touch, case by case with the texts users see.

import assert from "node:assert/strict";
import {
  can,
  createProblem,
  HOLDS_MORE,
  holdsNoMore,
  inScope,
  mayManage,
  type Party,
  targetProblem,
} from "./access.ts";

const NO_FLAGS = {
  canManageUsers: false,
  canAccessAdminApps: false,
  canExtendPasswords: false,
  canViewAllStations: false,
};

/** An account as the rules see it: a user of CAI unless said. */
const party = (code: string, role: Party["role"], extra: Partial<Party> = {}): Party => ({
  employeeCode: code,
  role,
  station: "CAI",
  ...NO_FLAGS,
  ...extra,
});

const superAdmin = party("S1", "super_admin");
const manager = party("A1", "admin", { canManageUsers: true });
const allStations = party("A2", "admin", { canManageUsers: true, canViewAllStations: true });
const user = party("U1", "user");
const colleague = party("U2", "user");
const elsewhere = party("U3", "user", { station: "LXR" });

Deno.test("capabilities: public to all, signed-in to any session, flags for admins, the rest super admin", () => {
  assert.equal(can(null, "public"), true);
  assert.equal(can(null, "signedIn"), false);
  assert.equal(can(user, "signedIn"), true);
  assert.equal(can(user, "selfOrManageUsers"), true);
  assert.equal(can(user, "manageUsers"), false, "a user holds no flag");
  // a user record that carries a flag still does not hold it: flags are an admin's
  assert.equal(can({ ...user, canManageUsers: true }, "manageUsers"), false);
  assert.equal(can(manager, "manageUsers"), true);
  assert.equal(can(manager, "adminArea"), false);
  assert.equal(can(manager, "extendPasswords"), false);
  assert.equal(can(manager, "allStations"), false);
  assert.equal(can(party("A3", "admin", { canExtendPasswords: true }), "extendPasswords"), true);
  assert.equal(can(party("A4", "admin", { canAccessAdminApps: true }), "adminArea"), true);
  for (const capability of ["referenceWrite", "superAdmin"] as const) {
    assert.equal(can(allStations, capability), false, capability);
    assert.equal(can(superAdmin, capability), true, capability);
  }
  // a super admin holds every flag's capability, whatever its record says
  assert.equal(can(superAdmin, "manageUsers"), true);
  assert.equal(can(superAdmin, "allStations"), true);
});

Deno.test("station scope: one's own station, or all with the flag", () => {
  assert.equal(inScope(manager, { station: "CAI" }), true);
  assert.equal(inScope(manager, { station: "LXR" }), false);
  assert.equal(inScope(allStations, { station: "LXR" }), true);
  assert.equal(inScope(superAdmin, { station: "LXR" }), true);
});

Deno.test("managing from a list: never oneself, a super admin only as a super admin", () => {
  assert.equal(mayManage(null, colleague), false);
  assert.equal(mayManage(manager, manager), false);
  assert.equal(mayManage(manager, colleague), true);
  assert.equal(mayManage(manager, superAdmin), false);
  assert.equal(mayManage(superAdmin, party("S2", "super_admin")), true);
  // issue 48: nor an account that holds a flag the actor lacks
  assert.equal(mayManage(manager, allStations), false);
  assert.equal(mayManage(allStations, manager), true);
});

Deno.test("issue 48: an account is acted on only by one who holds its role and every flag it holds", () => {
  const extender = party("A6", "admin", { canManageUsers: true, canExtendPasswords: true });
  assert.equal(holdsNoMore(manager, colleague), true);
  assert.equal(holdsNoMore(manager, party("A7", "admin", { canManageUsers: true })), true);
  assert.equal(holdsNoMore(manager, allStations), false, "station scope");
  assert.equal(holdsNoMore(manager, extender), false, "a flag");
  assert.equal(holdsNoMore(extender, manager), true);
  assert.equal(holdsNoMore(allStations, superAdmin), false, "a role above");
  assert.equal(holdsNoMore(superAdmin, party("S2", "super_admin")), true);
  // a user's record that carries a flag holds none: flags are an admin's
  assert.equal(holdsNoMore(manager, party("U4", "user", { canViewAllStations: true })), true);
  // every action is refused by it, a read is not
  const refused = { status: 403, message: HOLDS_MORE };
  for (
    const change of [
      { action: true },
      { admin: true },
      { fields: ["phone"] },
      { deactivate: true },
      { delete: true },
      { roleTo: "user" as const },
    ]
  ) {
    assert.deepEqual(targetProblem(manager, allStations, change), refused, JSON.stringify(change));
  }
  assert.equal(targetProblem(manager, allStations, {}), null);
});

Deno.test("create: within the actor's stations, and a super admin only by a super admin", () => {
  assert.equal(createProblem(manager, { station: "CAI" }), null);
  // stations are compared in capitals, as they are stored
  assert.equal(createProblem(manager, { station: "cai" }), null);
  assert.deepEqual(createProblem(manager, { station: "LXR" }), {
    status: 403,
    message: "You can only create users of your own station",
  });
  assert.equal(createProblem(allStations, { station: "LXR", role: "admin" }), null);
  assert.deepEqual(createProblem(allStations, { station: "CAI", role: "super_admin" }), {
    status: 403,
    message: "Only a super admin can create a super admin account",
  });
  assert.equal(createProblem(superAdmin, { station: "LXR", role: "super_admin" }), null);
});

Deno.test("target rules: scope, one's own account, flags, station moves and super admins", () => {
  const refused = (message: string) => ({ status: 403, message });
  const OWN_ONLY =
    "On your own account you may change your email, phone and department only; another administrator does the rest";
  const NOT_SELF = "You cannot deactivate, demote or delete your own account";
  // outside the actor's station: as if the code did not exist
  assert.deepEqual(targetProblem(manager, elsewhere, { action: true }), {
    status: 404,
    message: "User U3 not found",
  });
  assert.equal(targetProblem(allStations, elsewhere, { action: true }), null);
  assert.equal(targetProblem(manager, colleague, { action: true, admin: true }), null);
  // one's own account: the own profile only, and never deactivated, demoted or deleted
  assert.equal(targetProblem(user, user, { fields: ["email", "phone", "department"] }), null);
  assert.deepEqual(targetProblem(user, user, { fields: ["station"] }), refused(OWN_ONLY));
  assert.deepEqual(targetProblem(manager, manager, { action: true }), refused(OWN_ONLY));
  assert.deepEqual(targetProblem(manager, manager, { deactivate: true }), refused(NOT_SELF));
  assert.deepEqual(targetProblem(manager, manager, { delete: true }), refused(NOT_SELF));
  assert.deepEqual(targetProblem(manager, manager, { roleTo: "user" }), refused(NOT_SELF));
  assert.deepEqual(targetProblem(superAdmin, superAdmin, { delete: true }), refused(NOT_SELF));
  // the same role sent back unchanged is no demotion
  assert.equal(targetProblem(manager, manager, { roleTo: "admin", fields: ["email"] }), null);
  // permission flags are a super admin's to change, also on one's own account
  assert.deepEqual(
    targetProblem(allStations, colleague, { fields: ["canManageUsers"] }),
    refused("Only a super admin can change permissions"),
  );
  assert.deepEqual(
    targetProblem(manager, manager, { fields: ["canViewAllStations"] }),
    refused("Only a super admin can change permissions"),
  );
  assert.equal(targetProblem(superAdmin, colleague, { fields: ["canManageUsers"] }), null);
  // an administrator's action needs manageUsers
  const extender = party("A5", "admin", { canExtendPasswords: true });
  assert.deepEqual(
    targetProblem(extender, colleague, { admin: true }),
    refused("You do not have permission to manage users"),
  );
  assert.equal(targetProblem(extender, colleague, { action: true }), null);
  // no move out of the actor's stations; the same station sent back is no move
  assert.deepEqual(
    targetProblem(manager, colleague, { stationTo: "LXR" }),
    refused("You can only keep users within your station"),
  );
  assert.equal(targetProblem(manager, colleague, { stationTo: "CAI" }), null);
  assert.equal(targetProblem(allStations, colleague, { stationTo: "LXR" }), null);
  // super admin accounts, and making one, for super admins only
  const onlySuper = refused("Only a super admin can change a super admin account");
  assert.deepEqual(targetProblem(allStations, superAdmin, { action: true }), onlySuper);
  assert.deepEqual(targetProblem(allStations, colleague, { roleTo: "super_admin" }), onlySuper);
  assert.equal(targetProblem(superAdmin, party("S2", "super_admin"), { delete: true }), null);
});
