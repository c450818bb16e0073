// "Two-factor sign-in" on the profile and on the required setup: how it stands, the codes just
// made (shown once), the authenticator app, passkeys and recovery codes, with one spoken line
// for what each action did.

import { useEffect } from "react";
import type { TwoFactorStatus } from "../../../../api/rules/two_factor.ts";
import { useTwoFactor } from "../../stores/two_factor.ts";
import { PasskeyList } from "./PasskeyList.tsx";
import { RecoveryCodesPart, RecoveryCodesShown } from "./RecoveryCodes.tsx";
import { TotpEnrol } from "./TotpEnrol.tsx";
import "../../two_factor.css";

/** The status line: on with which methods, or off (whether the role requires it is left out
 * where the screen says it already: `requiredSaid`). */
export function statusLine(status: TwoFactorStatus, requiredSaid = false): string {
  const keys = status.passkeys.length;
  const methods = [
    ...(status.totp !== null ? ["an authenticator app"] : []),
    ...(keys > 0 ? ["a passkey"] : []),
  ];
  if (status.enabled && methods.length > 0) {
    const count = keys === 0
      ? ""
      : status.totp === null
      ? ` (${keys} registered)`
      : ` (${keys} ${keys === 1 ? "passkey" : "passkeys"} registered)`;
    return `On: sign-in asks for ${methods.join(" or ")} after your password${count}.`;
  }
  if (requiredSaid) return "Off: not set up yet.";
  return status.required
    ? "Off. Your role requires it: set up an authenticator app or a passkey."
    : "Off: sign-in asks for your password alone.";
}

/** The two-factor section; it reads the account's state when shown. `requiredSaid`: the screen
 * says already that the role requires it. */
export function TwoFactorSettings(props: { requiredSaid?: boolean }) {
  const status = useTwoFactor((s) => s.status);
  const message = useTwoFactor((s) => s.message);
  useEffect(() => {
    void useTwoFactor.getState().load();
    // a new visit starts without the last one's line
    return () => useTwoFactor.setState({ message: null });
  }, []);
  return (
    <section className="section tf" aria-labelledby="tf-title">
      <h2 id="tf-title">Two-factor sign-in</h2>
      <p className="tf-status">
        {status === null ? "Loading…" : statusLine(status, props.requiredSaid)}
      </p>
      <p
        className={`tf-message ${message?.ok ? "success" : "error"}`}
        role="status"
        aria-live="polite"
      >
        {message?.text}
      </p>
      {status !== null && (
        <>
          <RecoveryCodesShown />
          <TotpEnrol />
          <PasskeyList />
          <RecoveryCodesPart />
        </>
      )}
    </section>
  );
}
