// The user table's columns the admin chose to see (issue 27), kept per device in localStorage
// (persist, stores/persisted.ts). Code and name always show; the others can be hidden. What is
// kept is the hidden ones, so a column added later shows until the admin hides it. At first the
// job title is hidden: with it the table no longer fits 1280 px (the card and the detail show it).

import { create } from "zustand";
import { persist } from "zustand/middleware";
import { ACCOUNT_FIELDS, type AccountField } from "../../../../../api/rules/account_fields.ts";
import type { Role } from "../../../../../api/rules/roles.ts";
import { type FieldLabel, FIELDS } from "../../../i18n/areas/fields.ts";
import { ULIST_TABLE } from "../texts/ulist_table.ts";
import { useT } from "../../../i18n/i18n.ts";
import { keptInLocalStorage } from "../../../lib/persisted.ts";
import type { SortKey } from "./user_filters.ts";

/** The localStorage key of the chosen columns. */
export const USER_COLUMNS_KEY = "portal.userColumns";

/** The account fields the table can show (rules/account_fields.ts). */
const TABLE_FIELDS: readonly AccountField[] = ACCOUNT_FIELDS.filter((f) =>
  (f as AccountField).table !== undefined
);

/** An account field the table can show. */
type TableField = Extract<(typeof ACCOUNT_FIELDS)[number], { table: string }>["name"];

/** An optional column of the user table. */
export type UserColumn =
  | TableField
  | "role"
  | "status"
  | "apps"
  | "lastLogin"
  | "passwordExpiry"
  | "twoFactor";

/** The table's optional columns, in the table's order (their header texts are the screens'): the
 * station with the role and status that say who the user is, then the account's other fields. */
export const USER_COLUMNS: readonly { key: UserColumn }[] = [
  { key: "station" },
  { key: "role" },
  { key: "status" },
  ...TABLE_FIELDS.filter((f) => f.name !== "station").map((f) => ({ key: f.name as TableField })),
  { key: "apps" },
  { key: "lastLogin" },
  { key: "passwordExpiry" },
  { key: "twoFactor" },
];

/** The key (ulist_table) of each other column's header text: the table's, the sort's and the
 * Columns menu's. */
const COLUMN_LABEL = {
  code: "colCode",
  name: "colName",
  employeeCode: "colCode",
  fullName: "colName",
  role: "colRole",
  status: "colStatus",
  isActive: "colStatus",
  apps: "colApps",
  lastLogin: "colLastLogin",
  passwordExpiry: "colPasswordExpiry",
  twoFactor: "twoFactorShort",
} as const satisfies Record<
  Exclude<UserColumn | SortKey | "code" | "name", TableField>,
  string
>;

/** A column's header text (the table's, the sort's and the Columns menu's): an account field's
 * label in the sentence case the table writes, or the table's own. */
export function useColumnLabel(): (key: UserColumn | SortKey | "code" | "name") => string {
  const table = useT(ULIST_TABLE);
  const fields = useT(FIELDS);
  return (key) => {
    const field = TABLE_FIELDS.find((f) => f.name === key);
    if (field === undefined) return table(COLUMN_LABEL[key as keyof typeof COLUMN_LABEL]);
    const sentence = `${field.label}Sentence`;
    return fields(
      (FIELDS.keys.includes(sentence as FieldLabel) ? sentence : field.label) as FieldLabel,
    );
  };
}

/** The key (ulist_table) of each role's name: the table's badge and the bulk role change. */
export const ROLE_LABEL = {
  super_admin: "roleSuperAdmin",
  admin: "roleAdmin",
  user: "roleUser",
} as const satisfies Record<Role, string>;

const KEYS: readonly string[] = USER_COLUMNS.map((c) => c.key);

/** The columns hidden until the admin chooses. */
export const DEFAULT_HIDDEN: readonly UserColumn[] = TABLE_FIELDS.filter((f) =>
  f.table === "hidden"
).map((f) => f.name as TableField);

/** The chosen columns. */
export interface UserColumnsState {
  /** The columns hidden (the job title at first: the rest of what the card shows fits). */
  hidden: UserColumn[];
  /** Shows a hidden column, or hides a shown one. */
  toggle(column: UserColumn): void;
  /** Shows every column again. */
  showAll(): void;
}

const hiddenOf = (s: unknown): { hidden: UserColumn[] } | null => {
  const hidden = (s as { hidden?: unknown })?.hidden;
  return Array.isArray(hidden)
    ? { hidden: hidden.filter((k): k is UserColumn => KEYS.includes(k)) }
    : null;
};

/** The chosen columns' store. */
export const useUserColumns = create<UserColumnsState>()(persist(
  (set, get) => ({
    hidden: [...DEFAULT_HIDDEN],
    toggle(column) {
      const hidden = get().hidden;
      set({
        hidden: hidden.includes(column) ? hidden.filter((k) => k !== column) : [...hidden, column],
      });
    },
    showAll: () => set({ hidden: [] }),
  }),
  keptInLocalStorage(USER_COLUMNS_KEY, {
    read: hiddenOf,
    legacy: () => null,
  }, (s: UserColumnsState) => ({ hidden: s.hidden })),
));
