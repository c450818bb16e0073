// The authenticator app part of the two-factor section: set it up (a QR code and the secret as
// text, grouped in fours with a Copy button, then a code of the app to confirm it), or remove it.

import { type FormEvent, useEffect, useRef, useState } from "react";
import { type TotpSetup, useTwoFactor } from "../../stores/two_factor.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { When } from "../When.tsx";
import { QrCode } from "./QrCode.tsx";
import "../../two_factor.css";

/** A secret as people copy it by hand: groups of four. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, "").match(/.{1,4}/g)?.join(" ") ?? "";
}

/** The authenticator app: its state, Set up, or Remove. */
export function TotpEnrol() {
  const status = useTwoFactor((s) => s.status);
  const setup = useTwoFactor((s) => s.totpSetup);
  const busy = useTwoFactor((s) => s.busy);
  const [removing, setRemoving] = useState(false);
  if (status === null) return null;
  const last = status.passkeys.length === 0;

  return (
    <section className="tf-part" aria-labelledby="tf-totp-title">
      <h3 id="tf-totp-title">Authenticator app</h3>
      {status.totp !== null
        ? (
          <>
            <p>
              Added <When at={status.totp.enrolledAt} />. Sign-in asks for a code from the app.
            </p>
            <div className="actions tf-actions">
              <button type="button" disabled={busy} onClick={() => setRemoving(true)}>
                Remove authenticator app
              </button>
            </div>
          </>
        )
        : setup !== null
        ? <TotpSetupForm setup={setup} />
        : (
          <>
            <p>Use an app such as Microsoft Authenticator or Google Authenticator on your phone.</p>
            <div className="actions tf-actions">
              <button
                type="button"
                className={status.enabled ? undefined : "primary"}
                disabled={busy}
                onClick={() => void useTwoFactor.getState().startTotp()}
              >
                Set up authenticator app
              </button>
            </div>
          </>
        )}
      {removing && (
        <ConfirmDialog
          title="Remove authenticator app?"
          text={last
            ? "It is your only second factor: sign-in will ask for your password alone."
            : "Sign-in will no longer accept its codes; your passkeys still work."}
          confirmLabel="Remove"
          onCancel={() => setRemoving(false)}
          onConfirm={() => {
            setRemoving(false);
            void useTwoFactor.getState().removeTotp();
          }}
        />
      )}
    </section>
  );
}

/** The enrolment begun: scan or type the secret, then confirm with a code of the app. */
function TotpSetupForm(props: { setup: TotpSetup }) {
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
      setCopied("Key copied");
    } catch {
      setCopied("Copying is not allowed here: select the key and copy it");
    }
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (await useTwoFactor.getState().confirmTotp(code)) setCode("");
  }

  return (
    <form className="tf-setup" onSubmit={confirm} noValidate aria-label="Set up authenticator app">
      <p className="tf-setup-intro" ref={intro} tabIndex={-1}>
        Three steps, with the app on your phone:
      </p>
      <ol className="tf-steps">
        <li>
          Scan this QR code with the app:
          <QrCode text={uri} label="QR code for your authenticator app" />
        </li>
        <li>
          Or enter this key in the app by hand:
          <div className="tf-secret-row">
            <code className="tf-secret">{groupSecret(secret)}</code>
            <button
              type="button"
              onClick={() =>
                void copy()}
            >
              Copy
            </button>
          </div>
          <p className="hint" role="status" aria-live="polite">{copied}</p>
        </li>
        <li>
          <label>
            6-digit code from the app
            <input
              className="tf-code"
              value={code}
              onChange={(e) =>
                setCode(e.target.value)}
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
          onClick={() =>
            useTwoFactor.getState().cancelTotp()}
        >
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>Confirm</button>
      </div>
    </form>
  );
}
