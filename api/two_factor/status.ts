// How an account's second factors stand, as its owner and its administrators are shown them:
// never a secret or a key, only what is set up and when.

import { requiresTwoFactor, type TwoFactorStatus } from "../rules/two_factor.ts";
import type { Settings, UserRecord } from "../store/records.ts";
import { hasFactor, type TwoFactorRecord } from "./store.ts";

/** The status of an account's record under the settings' policy. */
export function statusOf(
  record: TwoFactorRecord | null,
  user: UserRecord,
  settings: Settings,
): TwoFactorStatus {
  return {
    enabled: hasFactor(record),
    totp: record?.totp ? { enrolledAt: record.totp.enrolledAt } : null,
    passkeys: (record?.passkeys ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: p.createdAt,
      lastUsedAt: p.lastUsedAt,
    })),
    recoveryCodesLeft: hasFactor(record) ? record!.recovery?.hashes.length ?? 0 : 0,
    required: requiresTwoFactor(settings.twoFactorPolicy, user.role),
  };
}
