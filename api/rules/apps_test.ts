// The app catalogue (rules/apps.ts): which apps each role may be given, and which it opens.

import assert from "node:assert/strict";
import {
  ADMIN_APPS,
  APP_CATALOGUE,
  APP_IDS,
  appDescription,
  appName,
  appsFor,
  appsOf,
  assignableApps,
  isAdminApp,
  NORMAL_APPS,
} from "./apps.ts";

Deno.test("the catalogue: two normal apps, the rest admin apps, every id once", () => {
  assert.deepEqual(NORMAL_APPS.map((a) => a.id), ["ffm-to-uws", "uld-extractor"]);
  assert.equal(ADMIN_APPS.length + NORMAL_APPS.length, APP_IDS.length);
  assert.equal(new Set(APP_IDS).size, APP_IDS.length);
  assert.equal(isAdminApp("admin-apps"), true);
  assert.equal(isAdminApp("audit-logs"), true);
  assert.equal(isAdminApp("ffm-to-uws"), false);
  assert.equal(isAdminApp("no-such-app"), false);
  assert.deepEqual(appName("uld-extractor"), {
    code: "app:uld-extractor",
    params: {},
    message: "ULD Extractor",
  });
  // every app's name and description is the catalogue's (the texts above are the English)
  for (const app of APP_CATALOGUE) {
    assert.equal((appName(app.id) as { message: string }).message, app.name);
    const about = appDescription(app);
    assert.equal(typeof about === "string" ? about : about.message, app.description);
  }
  assert.equal(appName("no-such-app"), "no-such-app");
});

Deno.test("apps an account may be given: admin apps only for admins and super admins", () => {
  assert.deepEqual(appsFor("user").map((a) => a.id), ["ffm-to-uws", "uld-extractor"]);
  assert.deepEqual(appsFor("admin").map((a) => a.id), [...APP_IDS]);
  assert.deepEqual(appsFor("super_admin").map((a) => a.id), [...APP_IDS]);
  // a user's admin apps (left from a demotion) and unknown ids are not offered again
  assert.deepEqual(
    assignableApps({ role: "user", accessibleApps: ["admin-apps", "uld-extractor", "old-app"] }),
    ["uld-extractor"],
  );
  assert.deepEqual(
    assignableApps({ role: "admin", accessibleApps: ["reports", "ffm-to-uws", "old-app"] }),
    ["reports", "ffm-to-uws"],
  );
});

Deno.test("apps a user opens: super admins every screen, admins the admin area too, users theirs", () => {
  assert.deepEqual(appsOf({ role: "super_admin", accessibleApps: [] }), [
    "ffm-to-uws",
    "uld-extractor",
    "admin-apps",
  ]);
  assert.deepEqual(appsOf({ role: "admin", accessibleApps: ["ffm-to-uws", "admin-apps"] }), [
    "admin-apps",
    "ffm-to-uws",
  ]);
  assert.deepEqual(appsOf({ role: "admin", accessibleApps: [] }), ["admin-apps"]);
  // a user never opens an admin app, even one left on the record
  assert.deepEqual(
    appsOf({ role: "user", accessibleApps: ["uld-extractor", "admin-apps", "reports"] }),
    ["uld-extractor"],
  );
  assert.deepEqual(appsOf({ role: "user", accessibleApps: [] }), []);
});
