// The user's own profile: the server's record, the fields being edited (the own profile's fields
// of rules/account_fields.ts: email, work phone, department) and the texts of loading and saving it (in the language shown).

import { create } from "zustand";
import {
  ACCOUNT_FIELDS,
  type AccountField,
  type OwnFieldName,
} from "../../../../api/rules/account_fields.ts";
import { api, failureMessage, unwrap } from "../../lib/api/client.ts";
import { SHELL_PROFILE } from "./texts/shell_profile.ts";
import { text } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";

/** The profile as the server answers it (the fields this screen shows, and those its owner
 * edits). */
export interface Profile extends Partial<Record<OwnFieldName, string>> {
  employeeCode: string;
  fullName: string;
  station: string;
  jobTitle: string;
  email: string;
  workPhone: string;
  department: string;
}

/** The fields one edits on one's own account (rules/account_fields.ts). */
export type ProfileDraft = Record<OwnFieldName, string>;

/** The own profile's fields, each with the profile's value it starts from. */
export const OWN_FIELDS: readonly AccountField[] = ACCOUNT_FIELDS.filter((f) =>
  (f as AccountField).own === true
);

/** A line over the profile: saved, or what failed. */
export interface ProfileStatus {
  ok: boolean;
  text: string;
}

/** The profile's state and actions. */
export interface ProfileState {
  /** Whose profile this is ("" before the first load). */
  employeeCode: string;
  profile: Profile | null;
  /** The fields being edited, or null when not editing. */
  draft: ProfileDraft | null;
  status: ProfileStatus | null;
  /** Loads the profile of `employeeCode` for a new visit (the route's loader starts it). */
  load(employeeCode: string): Promise<void>;
  /** Starts editing from the saved values. */
  edit(): void;
  /** Changes one field of the edit. */
  change(field: keyof ProfileDraft, value: string): void;
  /** Ends the edit unsaved; what was refused goes with the edit it belonged to. */
  cancel(): void;
  /** Saves the edit; on success the edit ends. */
  save(): Promise<void>;
}

/** The own profile store. */
export const useProfile = create<ProfileState>()((set, get) => ({
  employeeCode: "",
  profile: null,
  draft: null,
  status: null,
  async load(employeeCode) {
    // a new visit: no edit and no old line; another user's record is not shown meanwhile
    const same = get().employeeCode === employeeCode;
    set({ employeeCode, draft: null, status: null, ...(same ? {} : { profile: null }) });
    try {
      const profile = await unwrap(api.api.users[":code"].$get({ param: { code: employeeCode } }));
      if (get().employeeCode === employeeCode) set({ profile });
    } catch {
      if (get().employeeCode !== employeeCode) return;
      set({ status: { ok: false, text: text(SHELL_PROFILE, "loadFailed") } });
    }
  },
  edit() {
    const p = get().profile;
    if (p === null) return;
    const shown = p as unknown as Record<string, string | undefined>;
    const draft = Object.fromEntries(
      OWN_FIELDS.map((f) => [f.name, shown[f.ownView?.value ?? f.name] ?? ""]),
    ) as ProfileDraft;
    set({ draft, status: null });
  },
  change(field, value) {
    const draft = get().draft;
    if (draft !== null) set({ draft: { ...draft, [field]: value } });
  },
  cancel() {
    set({ draft: null, status: null });
  },
  async save() {
    const { employeeCode, draft } = get();
    if (draft === null) return;
    try {
      const profile = await unwrap(
        api.api.users[":code"].$put({ param: { code: employeeCode }, json: draft }),
      );
      set({ profile, draft: null, status: { ok: true, text: text(SHELL_PROFILE, "updated") } });
    } catch (err) {
      const said = serverText(failureMessage(err, text(SHELL_PROFILE, "updateFailed")));
      set({ status: { ok: false, text: said } });
    }
  },
}));
