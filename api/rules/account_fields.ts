// The account fields, declared once (issue 50): each field's limit, whether it is required, who
// may edit it, whether its changes are audited, its CSV columns and its place on the forms and in
// the admin table. The schemas (user_schemas.ts), the audit list (users/changes.ts), the own
// profile's fields (access.ts), the CSV import and export, the table's columns and the create,
// edit and profile forms all read this list, so a new field is one entry here and its label in
// the web's `fields` catalogue. Pure: no Deno, KV or Hono.

import type { MessageCode } from "./messages.ts";
import type { FieldLabel } from "./messages_fields.ts";

/** How a field is typed and checked. */
export type FieldKind = "code" | "text" | "email" | "tel" | "station" | "gender";

/** Where a field sits on the create form. */
export type CreateSection = "identity" | "contact";

/** One account field. */
export interface AccountField {
  /** The record's key (UserRecord). */
  readonly name: string;
  /** The key of its label in the web's `fields` catalogue (one entry for every screen). */
  readonly label: string;
  /** Its label in the server's messages ('Department has at most 80 characters'), by its key in
   * rules/messages_fields.ts. */
  readonly title: FieldLabel;
  readonly kind: FieldKind;
  /** The most characters it holds. */
  readonly max: number;
  /** The spec's message when the create form requires it (marked on the create and edit forms). */
  readonly required?: MessageCode;
  /** Its section on the create form (none: not on the form). */
  readonly create?: CreateSection;
  /** On the administrator's edit form (`edit`), or only taken by the edit's API (`api`). */
  readonly edit?: "form" | "api";
  /** Its owner may change it on their own profile (design 3). */
  readonly own?: boolean;
  /** The own profile shows it under another label and value (the phone as the work phone). */
  readonly ownView?: { readonly label: string; readonly value: string };
  /** Its changes are written to the audit log with their before and after values. */
  readonly audited?: boolean;
  /** The header of its column in the users' CSV export. */
  readonly exportColumn?: string;
  /** Its column in the CSV import: the header the template writes, the headers read as it (lower
   * case), whether a file must have it, and its place in the template (the spec's order). */
  readonly importColumn?: {
    /** The key of its value in an imported row, when not the field's name. */
    readonly key?: string;
    readonly header: string;
    /** Its label in the import's messages, when not the field's `title`. */
    readonly title?: FieldLabel;
    readonly aliases: readonly string[];
    readonly required?: boolean;
    readonly at: number;
  };
  /** A column of the admin user table: shown until the admin hides it, or hidden at first. */
  readonly table?: "shown" | "hidden";
}

/** The account fields, in the order the create form's schema checks them (the required ones
 * first), the edit checks them, and the export lists them. */
export const ACCOUNT_FIELDS = [
  {
    name: "employeeCode",
    label: "employeeCode",
    title: "employee_code_title",
    kind: "code",
    max: 40,
    required: "field:code_required",
    create: "identity",
    exportColumn: "Employee Code",
    importColumn: {
      header: "Employee Code",
      aliases: ["employeecode", "employee code", "code", "empcode"],
      required: true,
      at: 0,
    },
  },
  {
    name: "firstName",
    label: "firstName",
    title: "first_name_title",
    kind: "text",
    max: 60,
    required: "field:first_name_required",
    create: "identity",
    edit: "form",
    audited: true,
    exportColumn: "First Name",
  },
  {
    name: "middleName",
    label: "middleName",
    title: "middle_name_title",
    kind: "text",
    max: 60,
    create: "identity",
    edit: "api",
    audited: true,
  },
  {
    name: "lastName",
    label: "lastName",
    title: "last_name_title",
    kind: "text",
    max: 60,
    required: "field:last_name_required",
    create: "identity",
    edit: "form",
    audited: true,
    exportColumn: "Last Name",
  },
  {
    name: "fullName",
    label: "fullName",
    title: "full_name_title",
    kind: "text",
    max: 120,
    exportColumn: "Full Name",
    importColumn: {
      header: "Full Name",
      aliases: ["fullname", "full name", "name"],
      required: true,
      at: 1,
    },
  },
  {
    name: "email",
    label: "email",
    title: "email",
    kind: "email",
    max: 120,
    create: "contact",
    edit: "form",
    own: true,
    audited: true,
    exportColumn: "Email",
    importColumn: { header: "Email", aliases: ["email", "e-mail"], required: true, at: 2 },
  },
  {
    name: "phone",
    label: "phone",
    title: "phone",
    kind: "tel",
    max: 40,
    create: "contact",
    edit: "form",
    own: true,
    ownView: { label: "workPhoneSentence", value: "workPhone" },
    audited: true,
    exportColumn: "Phone",
    importColumn: {
      key: "workPhone",
      header: "Work Phone",
      title: "work_phone_title",
      aliases: ["workphone", "work phone", "phone"],
      at: 6,
    },
  },
  {
    name: "station",
    label: "station",
    title: "station",
    kind: "station",
    max: 3,
    required: "field:station_required",
    create: "contact",
    edit: "form",
    audited: true,
    exportColumn: "Station",
    importColumn: { header: "Station", aliases: ["station", "stn"], required: true, at: 3 },
    table: "shown",
  },
  {
    name: "department",
    label: "department",
    title: "department",
    kind: "text",
    max: 80,
    create: "contact",
    edit: "form",
    own: true,
    audited: true,
    exportColumn: "Department",
    importColumn: { header: "Department", aliases: ["department"], at: 8 },
    table: "shown",
  },
  {
    name: "jobTitle",
    label: "jobTitle",
    title: "job_title_title",
    kind: "text",
    max: 80,
    create: "contact",
    edit: "form",
    audited: true,
    exportColumn: "Job Title",
    importColumn: { header: "Job Title", aliases: ["jobtitle", "job title", "title"], at: 4 },
    // with it the table no longer fits 1280 px (the card and the detail show it)
    table: "hidden",
  },
  {
    name: "position",
    label: "position",
    title: "position",
    kind: "text",
    max: 80,
    create: "contact",
    edit: "api",
    audited: true,
    exportColumn: "Position",
    importColumn: { header: "Position", aliases: ["position"], at: 5 },
  },
  {
    name: "gender",
    label: "gender",
    title: "gender",
    kind: "gender",
    max: 6,
    edit: "api",
    audited: true,
    exportColumn: "Gender",
    importColumn: { header: "Gender", aliases: ["gender", "sex"], at: 7 },
  },
] as const satisfies readonly AccountField[];

/** The name of an account field. */
export type AccountFieldName = (typeof ACCOUNT_FIELDS)[number]["name"];

/** The names of the fields of one kind (the plain texts are what a new field usually is). */
export type FieldOfKind<K extends FieldKind> = Extract<
  (typeof ACCOUNT_FIELDS)[number],
  { kind: K }
>["name"];

/** The fields that are free texts, stored as strings (the record's and the forms' own type). */
export type AccountTexts = Record<Exclude<AccountFieldName, "gender">, string>;

const FIELDS: readonly AccountField[] = ACCOUNT_FIELDS;

/** A field by its name. */
export function accountField(name: AccountFieldName): AccountField {
  return FIELDS.find((f) => f.name === name)!;
}

/** The names of the fields that match `test`, in the catalogue's order. */
export function fieldsWhere(test: (field: AccountField) => boolean): AccountFieldName[] {
  return FIELDS.filter(test).map((f) => f.name as AccountFieldName);
}

/** The most characters of each field. */
export const FIELD_LIMITS = Object.fromEntries(FIELDS.map((f) => [f.name, f.max])) as Record<
  AccountFieldName,
  number
>;

/** The fields one may change on one's own account (design 3); another administrator does the
 * rest. */
export const OWN_PROFILE_FIELDS: readonly AccountFieldName[] = fieldsWhere((f) => f.own === true);

/** The names of the fields one may change on one's own account. */
export type OwnFieldName = Extract<(typeof ACCOUNT_FIELDS)[number], { own: true }>["name"];

/** The fields the create form requires, in its order. */
export const REQUIRED_FIELDS: readonly AccountFieldName[] = fieldsWhere((f) =>
  f.required !== undefined
);

/** The import's columns in the template's order. */
export const IMPORT_FIELDS: readonly AccountField[] = FIELDS.filter((f) => f.importColumn)
  .sort((a, b) => a.importColumn!.at - b.importColumn!.at);

/** Every text field of an account as given, empty when not (a new account's start: the fields
 * with rules of their own are set after it). */
export function accountTexts(given: Partial<AccountTexts>): AccountTexts {
  return Object.fromEntries(
    FIELDS.filter((f) => f.kind !== "gender").map((f) => [
      f.name,
      given[f.name as keyof AccountTexts] ?? "",
    ]),
  ) as AccountTexts;
}
