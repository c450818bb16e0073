// The one-time passwords the server issued to this administrator (design 5.3): kept here only
// until the administrator has read them, never stored, and shown by OneTimePasswords.tsx.

import { create } from "zustand";

/** A one-time password issued for one account. */
export interface IssuedPassword {
  employeeCode: string;
  fullName: string;
  password: string;
  /** ISO time it stops working. */
  expiresAt: string;
  /** Copied or downloaded: the administrator has it somewhere other than this screen. */
  kept: boolean;
}

/** An answer of the API that may carry a one-time password (create, reset, approve, activate). */
export interface MaybeIssued {
  employeeCode: string;
  fullName?: string;
  oneTimePassword?: string;
  oneTimePasswordExpiresAt?: string;
}

/** What the panel shows: the passwords not yet dismissed. */
export interface OneTimePasswordsState {
  issued: IssuedPassword[];
  /** Adds what an answer issued, if anything. */
  keep(answer: MaybeIssued): void;
  /** Marks these accounts' passwords as copied or downloaded. */
  markKept(codes: readonly string[]): void;
  /** Done or Escape was pressed while some were kept nowhere else: the dialog asks first. Kept
   * here rather than in the dialog, which a route change may mount again. */
  asking: boolean;
  /** Asks before closing (true), or goes back to the passwords (false). */
  setAsking(asking: boolean): void;
  /** Forgets them all (the administrator is done). */
  dismiss(): void;
}

/** The store of one-time passwords waiting to be read. */
export const useOneTimePasswords = create<OneTimePasswordsState>()((set) => ({
  issued: [],
  asking: false,
  keep(answer) {
    if (answer.oneTimePassword === undefined) return;
    const item: IssuedPassword = {
      employeeCode: answer.employeeCode,
      fullName: answer.fullName ?? answer.employeeCode,
      password: answer.oneTimePassword,
      expiresAt: answer.oneTimePasswordExpiresAt ?? "",
      kept: false,
    };
    // a second password for the same account replaces the first, which no longer works
    set((s) => ({
      issued: [...s.issued.filter((i) => i.employeeCode !== item.employeeCode), item],
    }));
  },
  markKept(codes) {
    set((s) => ({
      issued: s.issued.map((i) => codes.includes(i.employeeCode) ? { ...i, kept: true } : i),
    }));
  },
  setAsking: (asking) => set({ asking }),
  dismiss: () => set({ issued: [], asking: false }),
}));

/** Keeps the one-time password an answer carries, and gives the answer back. */
export function keepIssued<T extends MaybeIssued>(answer: T): T {
  useOneTimePasswords.getState().keep(answer);
  return answer;
}
