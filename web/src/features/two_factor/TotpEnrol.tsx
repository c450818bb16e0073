// The authenticator app part of the two-factor section: set it up (a QR code and the secret as
// text, grouped in fours with a Copy button, then a code of the app to confirm it), or remove it.
// Both begin with the user's password, asked again.

import { type FormEvent, useEffect, useRef, useState } from "react";
import { COMMON } from "../../i18n/areas/common.ts";
import { EXT_TWOFACTOR } from "./texts/ext_twofactor.ts";
import { useT } from "../../i18n/i18n.ts";
import { Rich } from "../../i18n/Rich.tsx";
import { type TotpSetup, useTwoFactor } from "./two_factor.ts";
import { When } from "../../ui/When.tsx";
import { PasswordConfirm } from "./PasswordConfirm.tsx";
import { QrCode } from "./QrCode.tsx";
import "./two_factor.css";

/** A secret as people copy it by hand: groups of four. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, "").match(/.{1,4}/g)?.join(" ") ?? "";
}

/** The authenticator app: its state, Set up, or Remove. */
export function TotpEnrol() {
  const t = useT(EXT_TWOFACTOR);
  const status = useTwoFactor((s) => s.status);
  const setup = useTwoFactor((s) => s.totpSetup);
  const busy = useTwoFactor((s) => s.busy);
  const [asking, setAsking] = useState<"remove" | "start" | null>(null);
  if (status === null) return null;
  const last = status.passkeys.length === 0;

  return (
    <section className="tf-part" aria-labelledby="tf-totp-title">
      <h3 id="tf-totp-title">{t("totpTitle")}</h3>
      {status.totp !== null
        ? (
          <>
            <p>
              <Rich text={t("totpAdded")} parts={[<When key="0" at={status.totp.enrolledAt} />]} />
            </p>
            <div className="actions tf-actions">
              <button type="button" disabled={busy} onClick={() => setAsking("remove")}>
                {t("removeTotp")}
              </button>
            </div>
          </>
        )
        : setup !== null
        ? <TotpSetupForm setup={setup} />
        : (
          <>
            <p>{t("useApp")}</p>
            <div className="actions tf-actions">
              <button
                type="button"
                className={status.enabled ? undefined : "primary"}
                disabled={busy}
                onClick={() => setAsking("start")}
              >
                {t("setUpTotp")}
              </button>
            </div>
          </>
        )}
      {asking === "remove" && (
        <PasswordConfirm
          title={t("removeTotpTitle")}
          text={last ? t("onlyFactor") : t("removeTotpText")}
          confirmLabel={t("remove")}
          danger
          run={(password) => useTwoFactor.getState().removeTotp(password)}
          onClose={() => setAsking(null)}
        />
      )}
      {asking === "start" && (
        <PasswordConfirm
          title={t("confirmTitle")}
          text={t("setUpTotpText")}
          confirmLabel={t("continue")}
          run={(password) => useTwoFactor.getState().startTotp(password)}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  );
}

/** The enrolment begun: scan or type the secret, then confirm with a code of the app. */
function TotpSetupForm(props: { setup: TotpSetup }) {
  const t = useT(EXT_TWOFACTOR);
  const common = useT(COMMON);
  const { secret, uri } = props.setup;
  const busy = useTwoFactor((s) => s.busy);
  const [code, setCode] = useState("");
  const [copied, setCopied] = useState("");
  const intro = useRef<HTMLParagraphElement>(null);
  // the button that opened it is gone: the focus goes to the steps
  useEffect(() => intro.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(t("keyCopied"));
    } catch {
      setCopied(t("copyRefused"));
    }
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (await useTwoFactor.getState().confirmTotp(code)) setCode("");
  }

  return (
    <form className="tf-setup" onSubmit={confirm} noValidate aria-label={t("setUpTotp")}>
      <p className="tf-setup-intro" ref={intro} tabIndex={-1}>
        {t("steps")}
      </p>
      <ol className="tf-steps">
        <li>
          {t("scan")}
          <QrCode text={uri} label={t("qrLabel")} />
        </li>
        <li>
          {t("typeKey")}
          <div className="tf-secret-row">
            <code className="tf-secret" dir="ltr">{groupSecret(secret)}</code>
            <button
              type="button"
              onClick={() => void copy()}
            >
              {common("copy")}
            </button>
          </div>
          <p className="hint" role="status" aria-live="polite">{copied}</p>
        </li>
        <li>
          <label>
            {t("codeLabel")}
            <input
              className="tf-code"
              dir="ltr"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
            />
          </label>
        </li>
      </ol>
      <div className="actions tf-actions">
        <button
          type="button"
          onClick={() => useTwoFactor.getState().cancelTotp()}
        >
          {common("cancel")}
        </button>
        <button type="submit" className="primary" disabled={busy}>{t("confirm")}</button>
      </div>
    </form>
  );
}
