// The user table's columns the admin chose to see (issue 27), kept per device in localStorage
// (persist, stores/persisted.ts). Code and name always show; the others can be hidden. What is
// kept is the hidden ones, so a column added later shows until the admin hides it. At first the
// job title is hidden: with it the table no longer fits 1280 px (the card and the detail show it).

import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { Role } from "../../../../../api/rules/roles.ts";
import { keptInLocalStorage } from "../../../lib/persisted.ts";
import type { SortKey } from "./user_filters.ts";

/** The localStorage key of the chosen columns. */
export const USER_COLUMNS_KEY = "portal.userColumns";

/** The table's optional columns, in the table's order (their header texts are the screens'). */
export const USER_COLUMNS = [
  { key: "station" },
  { key: "role" },
  { key: "status" },
  { key: "department" },
  { key: "jobTitle" },
  { key: "apps" },
  { key: "lastLogin" },
  { key: "passwordExpiry" },
  { key: "twoFactor" },
] as const;

/** An optional column of the user table. */
export type UserColumn = (typeof USER_COLUMNS)[number]["key"];

/** The key (ulist_table) of each column's header text: the table's, the sort's and the Columns
 * menu's. */
export const COLUMN_LABEL = {
  code: "colCode",
  name: "colName",
  employeeCode: "colCode",
  fullName: "colName",
  station: "colStation",
  role: "colRole",
  status: "colStatus",
  isActive: "colStatus",
  department: "colDepartment",
  jobTitle: "colJobTitle",
  apps: "colApps",
  lastLogin: "colLastLogin",
  passwordExpiry: "colPasswordExpiry",
  twoFactor: "twoFactorShort",
} as const satisfies Record<UserColumn | SortKey | "code" | "name", string>;

/** The key (ulist_table) of each role's name: the table's badge and the bulk role change. */
export const ROLE_LABEL = {
  super_admin: "roleSuperAdmin",
  admin: "roleAdmin",
  user: "roleUser",
} as const satisfies Record<Role, string>;

const KEYS: readonly string[] = USER_COLUMNS.map((c) => c.key);

/** The columns hidden until the admin chooses. */
export const DEFAULT_HIDDEN: readonly UserColumn[] = ["jobTitle"];

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
