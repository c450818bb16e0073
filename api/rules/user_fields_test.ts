// The email check the forms, the API and the import share.

import assert from "node:assert/strict";
import { isEmail } from "./user_fields.ts";

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
