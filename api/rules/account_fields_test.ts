import assert from "node:assert/strict";
import {
  ACCOUNT_FIELDS,
  IMPORT_FIELDS,
  OWN_PROFILE_FIELDS,
  REQUIRED_FIELDS,
} from "./account_fields.ts";
import { createBody, updateBody } from "./user_schemas.ts";

Deno.test("the catalogue's lists: own profile, required, import order, schema order", () => {
  assert.deepEqual(OWN_PROFILE_FIELDS, ["email", "phone", "department"]);
  assert.deepEqual(REQUIRED_FIELDS, ["employeeCode", "firstName", "lastName", "station"]);
  assert.deepEqual(IMPORT_FIELDS.map((f) => f.importColumn!.header), [
    "Employee Code",
    "Full Name",
    "Email",
    "Station",
    "Job Title",
    "Position",
    "Work Phone",
    "Gender",
    "Department",
  ]);
  // the order the spec's messages are checked in
  assert.deepEqual(Object.keys(createBody.shape).slice(0, ACCOUNT_FIELDS.length), [
    "employeeCode",
    "firstName",
    "lastName",
    "station",
    "middleName",
    "fullName",
    "email",
    "phone",
    "department",
    "jobTitle",
    "position",
    "gender",
  ]);
  assert.deepEqual(Object.keys(updateBody.shape).slice(0, 10), [
    "firstName",
    "middleName",
    "lastName",
    "email",
    "phone",
    "station",
    "department",
    "jobTitle",
    "position",
    "gender",
  ]);
});
