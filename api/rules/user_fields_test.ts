// The employee-code rule and the email check the forms, the API and the import share.

import assert from "node:assert/strict";
import { CODE_RE, isEmail } from "./user_fields.ts";

Deno.test("emails: one @, a local part, and a domain of dot-separated labels", () => {
  for (const ok of ["a@b.co", "nour.adel@example.com", "x+tag@mail.example.eg"]) {
    assert.ok(isEmail(ok), ok);
  }
  for (
    const bad of ["", "a", "@b.co", "a@", "a@b", "a@b.", "a@.b", "a@b..c", "a b@c.d", "a@b@c.d"]
  ) {
    assert.ok(!isEmail(bad), bad);
  }
  // the hostile cell of the security review: refused after one pass over it
  assert.ok(!isEmail(`a@${".".repeat(160_000)}@x`));
  assert.ok(!isEmail(`a@${".".repeat(160_000)}`));
});

Deno.test("employee codes: letters, digits, '.', '_' and '-', but never only dots (a path's dot segment)", () => {
  for (const ok of ["A1", "NOUR.ADEL", "A.B", ".A", "A.", "..A", "_", "-", "X".repeat(40)]) {
    assert.ok(CODE_RE.test(ok), ok);
  }
  for (const bad of ["", ".", "..", "...", ".".repeat(40), "A/B", "A B", "a1", "X".repeat(41)]) {
    assert.ok(!CODE_RE.test(bad), bad);
  }
});
