import { expect, it } from "vitest";
import { ACCOUNT_FIELDS, type AccountField } from "../../../../api/rules/account_fields.ts";
import { FIELDS } from "./fields.ts";

it("has a label for every account field, its own profile's and its import column's", () => {
  const keys: readonly string[] = FIELDS.keys;
  for (const f of ACCOUNT_FIELDS as readonly AccountField[]) {
    expect(keys, f.name).toContain(f.label);
    if (f.ownView !== undefined) expect(keys, f.name).toContain(f.ownView.label);
    if (f.importColumn?.key !== undefined) expect(keys, f.name).toContain(f.importColumn.key);
  }
});
