// The signed-in user's own second factors (issue 26): how they stand, the authenticator app's
// enrolment (its secret shown once, confirmed by a code), passkeys (register, rename, remove) and
// recovery codes. The codes just made are held in memory only, until the user says they are saved
// (or signs out); the session's `twoFactorEnabled` follows every change. Beginning or removing a
// factor and new codes send the user's password, asked again (the server checks and counts it).

import type { ZodType } from "zod";
import { create } from "zustand";
import {
  confirmTotpBody,
  passkeyName,
  type TwoFactorStatus,
} from "../../../../api/rules/two_factor.ts";
import { api, failureText, unwrap } from "../../lib/api/client.ts";
import { EXT_TWOFACTOR } from "./texts/ext_twofactor.ts";
import { text } from "../../i18n/i18n.ts";
import type { ServerMessage } from "../../i18n/server_text.ts";
import { createPasskey, passkeyFailureText } from "./passkey.ts";
import { useSession } from "../shell/session.ts";
import { problemOfIssue } from "../../../../api/rules/issues.ts";

/** An authenticator enrolment begun: the secret and its otpauth:// address (for the QR code). */
export interface TotpSetup {
  secret: string;
  uri: string;
}

/** A line under the section: done, or why not. */
export interface TwoFactorMessage {
  ok: boolean;
  /** A rule's message by code, or a text said already (the screen's, a failed call's). */
  text: ServerMessage | string;
}

/** The enrolment's state and actions. */
export interface TwoFactorState {
  status: TwoFactorStatus | null;
  message: TwoFactorMessage | null;
  busy: boolean;
  /** The authenticator enrolment waiting for its code, or null. */
  totpSetup: TotpSetup | null;
  /** Recovery codes just made, shown once (memory only), or null. */
  recoveryCodes: string[] | null;
  /** Reads how the account's second factors stand. */
  load(): Promise<void>;
  /** Begins an authenticator enrolment with the user's password: a new secret; true when begun. */
  startTotp(password: string): Promise<boolean>;
  /** Confirms the enrolment with a code of the app; true when the server took it. */
  confirmTotp(code: string): Promise<boolean>;
  /** Drops the enrolment begun (nothing is sent: the server forgets it by itself). */
  cancelTotp(): void;
  /** Removes the authenticator app (the user's password confirms it); true when removed. */
  removeTotp(password: string): Promise<boolean>;
  /** Whether `name` can name a passkey; when not, the section's line says why. */
  checkPasskeyName(name: string): boolean;
  /** Registers a passkey of this device under `name` (the user's password confirms it); true
   * when it was added. */
  addPasskey(name: string, password: string): Promise<boolean>;
  /** Renames a passkey; true when renamed. */
  renamePasskey(id: string, name: string): Promise<boolean>;
  /** Removes a passkey (the user's password confirms it); true when removed. */
  removePasskey(id: string, password: string): Promise<boolean>;
  /** Makes ten new recovery codes (the old ones stop working; the user's password confirms it)
   * and shows them; true when made. */
  regenerateCodes(password: string): Promise<boolean>;
  /** Forgets the codes shown (the user has saved them). */
  dismissCodes(): void;
  /** Forgets everything (a sign-out). */
  reset(): void;
}

/** What a change answers: the status, with the recovery codes a first factor made. */
type Changed = TwoFactorStatus | Enrolled;

/** An enrolment's answer: the status, and the first recovery codes (null when there were some). */
interface Enrolled {
  status: TwoFactorStatus;
  recoveryCodes: string[] | null;
}

/** Any change's answer as an enrolment's. */
function settled(data: Changed): Enrolled {
  return "recoveryCodes" in data ? data : { status: data, recoveryCodes: null };
}

/** The session follows the account: on with a factor, and then nothing left to set up. */
function syncSession(status: TwoFactorStatus): void {
  const session = useSession.getState();
  const user = session.user;
  if (user === null || user.twoFactorEnabled === status.enabled) return;
  session.setUser({
    ...user,
    twoFactorEnabled: status.enabled,
    twoFactorSetupBy: status.enabled ? null : user.twoFactorSetupBy,
  });
}

/** A text of the two-factor catalogue in the language shown. */
const say = (key: (typeof EXT_TWOFACTOR.keys)[number]) => text(EXT_TWOFACTOR, key);

/** A rule's first message for a value (its code, values and text), or null when it passes. */
function problemOf(rule: ZodType, value: unknown): ServerMessage | string | null {
  const parsed = rule.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return issue === undefined ? say("checkValue") : problemOfIssue(issue);
}

const EMPTY = {
  status: null,
  message: null,
  busy: false,
  totpSetup: null,
  recoveryCodes: null,
} satisfies Partial<TwoFactorState>;

/** Runs one change: busy meanwhile; the status it answers is taken; failures say `fallback`.
 * Resolves to whether it was done. */
async function change<T>(
  call: () => Promise<T>,
  done: (data: T) => Partial<TwoFactorState>,
  fallback: string,
  failure: (err: unknown, fallback: string) => string = failureText,
): Promise<boolean> {
  if (useTwoFactor.getState().busy) return false;
  useTwoFactor.setState({ busy: true, message: null });
  try {
    const next = done(await call());
    useTwoFactor.setState(next);
    if (next.status) syncSession(next.status);
    return true;
  } catch (err) {
    useTwoFactor.setState({ message: { ok: false, text: failure(err, fallback) } });
    return false;
  } finally {
    useTwoFactor.setState({ busy: false });
  }
}

/** Says why a value is not sent; resolves to false (nothing done). */
function refuse(problem: ServerMessage | string): Promise<boolean> {
  useTwoFactor.setState({ message: { ok: false, text: problem } });
  return Promise.resolve(false);
}

/** What an enrolment that may have made the first recovery codes leaves. */
const enrolled = (text: string) => (data: Changed): Partial<TwoFactorState> => {
  const { status, recoveryCodes } = settled(data);
  return {
    status,
    totpSetup: null,
    message: { ok: true, text },
    ...(recoveryCodes !== null ? { recoveryCodes } : {}),
  };
};

/** What a change that makes no codes leaves. */
const changed = (text: string) => (data: Changed): Partial<TwoFactorState> => ({
  status: settled(data).status,
  message: { ok: true, text },
});

/** The own two-factor calls of the server. */
const twoFactorApi = () => api.api.auth["two-factor"];

/** The authenticator app's actions. */
const totpActions: Pick<TwoFactorState, "startTotp" | "confirmTotp" | "cancelTotp" | "removeTotp"> =
  {
    startTotp(password) {
      return change(
        () => unwrap(twoFactorApi().totp.$post({ json: { password } })),
        (setup) => ({ totpSetup: { secret: setup.secret, uri: setup.uri } }),
        say("startFailed"),
      );
    },
    confirmTotp(code) {
      const problem = problemOf(confirmTotpBody, { code });
      if (problem !== null) return refuse(problem);
      return change(
        () => unwrap(twoFactorApi().totp.confirm.$post({ json: { code } })),
        enrolled(say("totpDone")),
        say("confirmFailed"),
      );
    },
    cancelTotp() {
      useTwoFactor.setState({ totpSetup: null, message: null });
    },
    removeTotp(password) {
      return change(
        () => unwrap(twoFactorApi().totp.$delete({ json: { password } })),
        changed(say("totpRemoved")),
        say("removeTotpFailed"),
      );
    },
  };

/** Registers a passkey of this device: the server's options, the browser, the server again. */
async function registerPasskey(name: string, password: string) {
  const optionsJSON = await unwrap(twoFactorApi().passkeys.options.$post({ json: { password } }));
  const response = await createPasskey(optionsJSON);
  return await unwrap(twoFactorApi().passkeys.$post({ json: { name: name.trim(), response } }));
}

/** The passkeys' actions. */
const passkeyActions: Pick<
  TwoFactorState,
  "checkPasskeyName" | "addPasskey" | "renamePasskey" | "removePasskey"
> = {
  checkPasskeyName(name) {
    const problem = problemOf(passkeyName, name);
    if (problem !== null) void refuse(problem);
    return problem === null;
  },
  addPasskey(name, password) {
    if (!passkeyActions.checkPasskeyName(name)) return Promise.resolve(false);
    return change(
      () => registerPasskey(name, password),
      enrolled(say("passkeyDone")),
      say("addFailed"),
      passkeyFailureText,
    );
  },
  renamePasskey(id, name) {
    const problem = problemOf(passkeyName, name);
    if (problem !== null) return refuse(problem);
    const json = { name: name.trim() };
    return change(
      () => unwrap(twoFactorApi().passkeys[":id"].$patch({ param: { id }, json })),
      changed(say("passkeyRenamed")),
      say("renameFailed"),
    );
  },
  removePasskey(id, password) {
    return change(
      () => unwrap(twoFactorApi().passkeys[":id"].$delete({ param: { id }, json: { password } })),
      changed(say("passkeyRemoved")),
      say("removeFailed"),
    );
  },
};

/** The own two-factor store. */
export const useTwoFactor = create<TwoFactorState>()((set, get) => ({
  ...EMPTY,
  ...totpActions,
  ...passkeyActions,
  async load() {
    try {
      const status = await unwrap(twoFactorApi().$get());
      set({ status });
      syncSession(status);
    } catch (err) {
      set({ message: { ok: false, text: failureText(err, say("loadFailed")) } });
    }
  },
  async regenerateCodes(password) {
    const made = await change(
      () => unwrap(twoFactorApi()["recovery-codes"].$post({ json: { password } })),
      (data) => ({
        recoveryCodes: data.recoveryCodes,
        message: { ok: true, text: say("codesMade") },
      }),
      say("regenerateFailed"),
    );
    if (made) void get().load();
    return made;
  },
  dismissCodes() {
    set({ recoveryCodes: null, message: null });
  },
  reset() {
    set(EMPTY);
  },
}));

// Signed out: nothing of this account stays in memory (the codes least of all).
useSession.subscribe((now, before) => {
  if (now.user?.employeeCode !== before.user?.employeeCode) useTwoFactor.getState().reset();
});
