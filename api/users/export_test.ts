// The users' CSV export line: its sign-in columns as every other answer shows them.

import assert from "node:assert/strict";
import { NO_SIGN_IN, signInFields } from "../auth/signin_state.ts";
import { parseCsv } from "../rules/csv.ts";
import { exportLine, isoInstant } from "./export.ts";
import { newUserRecord } from "./users.ts";

Deno.test("isoInstant writes every instant as toISOString does", () => {
  const edges = [
    0,
    -1,
    1,
    86_399_999,
    86_400_000,
    -86_400_001,
    Date.UTC(2026, 10, 25, 23, 59, 59, 999),
    Date.UTC(2024, 1, 29, 12, 0, 0, 5),
    Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    Date.UTC(10000, 0, 1),
    Date.UTC(-1, 5, 1, 7, 8, 9, 10),
    8.64e15,
    -8.64e15,
  ];
  // a fixed-seed walk over ±300 years, so the days met are both new and seen again
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const walk = Array.from({ length: 20_000 }, () => Math.floor((random() - 0.5) * 2e13));
  for (const ms of [...edges, ...walk, ...walk.map((ms) => ms + 1)]) {
    assert.equal(isoInstant(ms), new Date(ms).toISOString(), String(ms));
  }
  assert.equal(isoInstant(null), "");
});

Deno.test("an export line's last sign-in and lock end are the answers' own", () => {
  const now = Date.UTC(2026, 10, 25, 10, 0, 0);
  const user = newUserRecord(
    {
      employeeCode: "E1",
      firstName: "=Eman",
      lastName: 'Ali, "the" second',
      email: "eman@example.com",
      station: "CAI",
    },
    "hash",
    now,
    "test",
    { needsPasswordChange: false },
  );
  const state = { ...NO_SIGN_IN, lastLogin: now - 61_001, lockedUntil: now + 900_000 };
  const shown = signInFields(state, now);
  const text = exportLine(user, state);
  // a formula start made text, a comma and quotes quoted
  assert.ok(text.startsWith(`E1,'=Eman,"Ali, ""the"" second",`), text);
  const cells = (parseCsv(text) as string[][])[0];
  assert.deepEqual(cells.slice(1, 3), ["'=Eman", 'Ali, "the" second']);
  assert.equal(cells[13], shown.lockedUntil);
  assert.equal(cells[16], shown.lastLogin);
  assert.equal(cells[17], user.createdAt);
  const none =
    (parseCsv(exportLine(user, { lastLogin: null, lockedUntil: null })) as string[][])[0];
  assert.deepEqual(none.slice(12, 18), [
    "Yes",
    "",
    user.passwordExpiry ?? "",
    user.accessibleApps.join(" "),
    "",
    user.createdAt,
  ]);
});
