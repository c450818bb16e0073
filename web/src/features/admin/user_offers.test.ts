// No screen offers an action that the server refuses for that caller (issue 22, hole 18): each
// action the admin screens offer is checked against the server's own rules (api/rules/access.ts), for
// every kind of admin on their own account and on others.

import { describe, expect, it } from "vitest";
import {
  can,
  type Capability,
  type TargetChange,
  targetProblem,
} from "../../../../api/rules/access.ts";
import type { Role } from "../../../../api/rules/roles.ts";
import type { UserRecord } from "../../../../api/store/records.ts";
import type { SessionUser } from "../shell/session.ts";
import { type Offers, offersOn } from "./user_offers.ts";
import { sessionOf } from "../../test_support/session.ts";

const ACTORS = [
  sessionOf("S1", "super_admin"),
  sessionOf("A1", "admin", {
    canManageUsers: true,
    canAccessAdminApps: true,
    canExtendPasswords: true,
  }),
  sessionOf("NA", "admin", { canManageUsers: true }),
];

/** What the server needs for each action: the route's capability and the target rules. */
function serverTakes(action: keyof Offers, target: { role: Role }, self: boolean) {
  const rules: Record<keyof Offers, [Capability, TargetChange]> = {
    // the edit route is open to oneself (the own profile's fields)
    edit: [self ? "selfOrManageUsers" : "manageUsers", {
      fields: [self ? "email" : "firstName"],
      admin: true,
    }],
    activate: ["manageUsers", { fields: ["isActive"], deactivate: true, admin: true }],
    role: ["manageUsers", {
      fields: ["role"],
      roleTo: target.role === "user" ? "admin" : "user",
      admin: true,
    }],
    reset: ["manageUsers", { action: true }],
    unlock: ["manageUsers", { action: true }],
    extend: ["extendPasswords", { action: true }],
    apps: ["manageUsers", { action: true }],
    signOut: ["manageUsers", { action: true }],
    delete: ["manageUsers", { delete: true, admin: true }],
    permissions: ["manageUsers", { fields: ["canViewAllStations"], admin: true }],
    // DELETE /api/users/:code/two-factor: super admins only, not on oneself
    resetTwoFactor: ["superAdmin", { action: true }],
  };
  return rules[action];
}

/** The server's verdict on `actor` taking `action` on `target`. */
function serverAllows(actor: SessionUser, target: UserRecord, action: keyof Offers): boolean {
  const self = actor.employeeCode === target.employeeCode;
  const [capability, change] = serverTakes(action, target, self);
  const record = actor as unknown as UserRecord;
  return can(record, capability) && targetProblem(record, target, change) === null;
}

const record = (code: string, role: Role) =>
  ({ employeeCode: code, role, station: "CAI" }) as UserRecord;

describe("the actions the admin screens offer", () => {
  for (const actor of ACTORS) {
    const targets = [
      record(actor.employeeCode, actor.role),
      record("U1", "user"),
      record("A2", "admin"),
      record("S2", "super_admin"),
      // issue 48: an admin who holds a flag some actors lack
      { ...record("W2", "admin"), canManageUsers: true, canViewAllStations: true } as UserRecord,
    ];
    for (const target of targets) {
      it(`${actor.employeeCode} on ${target.employeeCode}: each offered action is one the server takes`, () => {
        const offers = offersOn(actor, target);
        const refused = (Object.keys(offers) as (keyof Offers)[]).filter((a) =>
          offers[a] && !serverAllows(actor, target, a)
        );
        expect(refused).toEqual([]);
      });
    }
  }

  it("on one's own account only the own profile's edit", () => {
    for (const actor of ACTORS) {
      const offers = offersOn(actor, { employeeCode: actor.employeeCode, role: actor.role });
      const offered = Object.entries(offers).filter(([, on]) => on).map(([a]) => a);
      expect(offered).toEqual(["edit"]);
    }
  });

  it("on a user of their station a station admin has every user action", () => {
    const offers = offersOn(ACTORS[1], { employeeCode: "U1", role: "user" });
    expect(offers).toEqual({
      edit: true,
      activate: true,
      role: true,
      reset: true,
      unlock: true,
      extend: true,
      apps: true,
      signOut: true,
      delete: true,
      permissions: false,
      resetTwoFactor: false,
    });
    // an admin without the extend permission is not offered Extend
    expect(offersOn(ACTORS[2], { employeeCode: "U1", role: "user" }).extend).toBe(false);
  });

  it("nothing on an admin who holds a flag the actor lacks (issue 48)", () => {
    const wide = { employeeCode: "W2", role: "admin" as const, canViewAllStations: true };
    const offered = Object.entries(offersOn(ACTORS[1], wide)).filter(([, on]) => on);
    expect(offered).toEqual([]);
    expect(offersOn(ACTORS[0], wide).reset).toBe(true);
  });

  it("a reset of two-factor sign-in only to a super admin, on another account", () => {
    expect(offersOn(ACTORS[0], { employeeCode: "U1", role: "user" }).resetTwoFactor).toBe(true);
    expect(offersOn(ACTORS[0], { employeeCode: "S2", role: "super_admin" }).resetTwoFactor)
      .toBe(true);
    expect(offersOn(ACTORS[1], { employeeCode: "U1", role: "user" }).resetTwoFactor).toBe(false);
  });
});
