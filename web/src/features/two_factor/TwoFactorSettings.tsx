// "Two-factor sign-in" on the profile and on the required setup: how it stands, the codes just
// made (shown once), the authenticator app, passkeys and recovery codes, with one spoken line
// for what each action did.

import { useEffect } from "react";
import type { TwoFactorStatus } from "../../../../api/rules/two_factor.ts";
import { COMMON } from "../../i18n/areas/common.ts";
import { EXT_TWOFACTOR } from "./texts/ext_twofactor.ts";
import { text, useT } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";
import { useTwoFactor } from "./two_factor.ts";
import { PasskeyList } from "./PasskeyList.tsx";
import { RecoveryCodesPart, RecoveryCodesShown } from "./RecoveryCodes.tsx";
import { TotpEnrol } from "./TotpEnrol.tsx";
import "./two_factor.css";

/** The status line, in the language shown: on with which methods, or off (whether the role
 * requires it is left out where the screen says it already: `requiredSaid`). */
export function statusLine(status: TwoFactorStatus, requiredSaid = false): string {
  const say = (key: TwoFactorKey, count?: number) => text(EXT_TWOFACTOR, key, { count });
  const keys = status.passkeys.length;
  const app = status.totp !== null;
  if (status.enabled && (app || keys > 0)) {
    if (keys === 0) return say("statusOnApp");
    return say(app ? "statusOnBoth" : "statusOnPasskey", keys);
  }
  if (requiredSaid) return say("statusOffSaid");
  return say(status.required ? "statusOffRequired" : "statusOff");
}

/** A key of the two-factor catalogue. */
type TwoFactorKey = (typeof EXT_TWOFACTOR.keys)[number];

/** The two-factor section; it reads the account's state when shown. `requiredSaid`: the screen
 * says already that the role requires it. */
export function TwoFactorSettings(props: { requiredSaid?: boolean }) {
  const t = useT(EXT_TWOFACTOR);
  const common = useT(COMMON);
  const status = useTwoFactor((s) => s.status);
  const message = useTwoFactor((s) => s.message);
  useEffect(() => {
    void useTwoFactor.getState().load();
    // a new visit starts without the last one's line
    return () => useTwoFactor.setState({ message: null });
  }, []);
  return (
    <section className="section tf" aria-labelledby="tf-title">
      <h2 id="tf-title">{t("title")}</h2>
      <p className="tf-status">
        {status === null ? common("loading") : statusLine(status, props.requiredSaid)}
      </p>
      <p
        className={`tf-message ${message?.ok ? "success" : "error"}`}
        role="status"
        aria-live="polite"
      >
        {message && serverText(message.text)}
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
