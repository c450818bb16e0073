// The sign-in's second step (issue 26): after a right password for an account with a second
// factor, a code of the authenticator app, a passkey or a recovery code, and "Remember this PC"
// when the policy allows it. Back, or a step that is over, returns to the password form.

import { type FormEvent, useState } from "react";
import { COMMON } from "../../i18n/areas/common.ts";
import { SHELL_LOGIN } from "./texts/shell_login.ts";
import { type Translate, useT } from "../../i18n/i18n.ts";
import { useSecondStep } from "./second_step.ts";
import type { SessionUser } from "../shell/session.ts";
import "../two_factor/two_factor.css";

/** The second step of the sign-in begun; `onSignedIn` goes on with the user. */
export function SecondStepForm(props: { onSignedIn: (user: SessionUser) => void }) {
  const t = useT(SHELL_LOGIN);
  const pending = useSecondStep((s) => s.pending);
  const error = useSecondStep((s) => s.error);
  const busy = useSecondStep((s) => s.busy);
  const hasTotp = pending?.methods.includes("totp") ?? false;
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [remember, setRemember] = useState(false);
  if (pending === null) return null;
  const hasPasskey = pending.methods.includes("passkey");
  const hasRecovery = pending.methods.includes("recovery");
  const typing = recovery || hasTotp;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const step = useSecondStep.getState();
    const user = recovery
      ? await step.submitRecoveryCode(code, remember)
      : await step.submitCode(code, remember);
    if (user !== null) props.onSignedIn(user);
  }

  async function passkey() {
    const user = await useSecondStep.getState().passkey(remember);
    if (user !== null) props.onSignedIn(user);
  }

  function toggleRecovery() {
    setRecovery(!recovery);
    setCode("");
    useSecondStep.setState({ error: "" });
  }

  return (
    <form
      className="panel second-step"
      onSubmit={submit}
      noValidate
      aria-labelledby="second-step-title"
    >
      <h2 id="second-step-title">{t("twoFactor")}</h2>
      {typing
        ? (
          <CodeField
            key={recovery ? "recovery" : "code"}
            recovery={recovery}
            code={code}
            onCode={setCode}
          />
        )
        : <p>{t("passkeyToFinish")}</p>}
      {pending.canRemember && (
        <RememberToggle days={pending.rememberDays} checked={remember} onChange={setRemember} />
      )}
      <p className="error" role="alert" aria-live="assertive">{error}</p>
      {typing && (
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t("verifying") : t("verify")}
        </button>
      )}
      <OtherWays
        passkey={hasPasskey ? () => void passkey() : null}
        passkeyFirst={!typing}
        busy={busy}
        toggle={hasRecovery
          ? { label: toggleLabel(t, recovery, hasTotp), run: toggleRecovery }
          : null}
      />
    </form>
  );
}

/** The other ways through the step: a passkey, a recovery code (or back from it), and Back. */
function OtherWays(props: {
  passkey: (() => void) | null;
  passkeyFirst: boolean;
  busy: boolean;
  toggle: { label: string; run: () => void } | null;
}) {
  const t = useT(SHELL_LOGIN);
  const common = useT(COMMON);
  return (
    <>
      {props.passkey !== null && (
        <button
          type="button"
          className={props.passkeyFirst ? "primary" : "passkey-sign-in"}
          disabled={props.busy}
          onClick={props.passkey}
        >
          {t("usePasskey")}
        </button>
      )}
      {props.toggle !== null && (
        <button type="button" className="link-button" onClick={props.toggle.run}>
          {props.toggle.label}
        </button>
      )}
      <button
        type="button"
        className="link-button"
        onClick={() => useSecondStep.getState().cancel()}
      >
        {common("back")}
      </button>
    </>
  );
}

/** The button that switches between a recovery code and what the account has otherwise. */
function toggleLabel(
  t: Translate<(typeof SHELL_LOGIN)["keys"][number]>,
  recovery: boolean,
  hasTotp: boolean,
): string {
  if (!recovery) return t("useRecovery");
  return hasTotp ? t("useApp") : t("noRecovery");
}

/** The code of the authenticator app or a recovery code, above a line on what it looks like. */
function CodeField(props: { recovery: boolean; code: string; onCode: (code: string) => void }) {
  const t = useT(SHELL_LOGIN);
  const { recovery } = props;
  return (
    <div className="field-with-hint">
      <label>
        {recovery ? t("recoveryCode") : t("appCode")}
        <input
          className={recovery ? undefined : "tf-code"}
          dir="ltr"
          value={props.code}
          onChange={(e) => props.onCode(e.target.value)}
          inputMode={recovery ? "text" : "numeric"}
          autoComplete={recovery ? "off" : "one-time-code"}
          autoCapitalize={recovery ? "characters" : undefined}
          spellCheck={false}
          maxLength={recovery ? 24 : 7}
          aria-describedby="second-step-hint"
          autoFocus
        />
      </label>
      <p id="second-step-hint" className="hint">
        {recovery ? t("recoveryHint") : t("appHint")}
      </p>
    </div>
  );
}

/** "Remember this PC", for the days the policy says when it says. */
function RememberToggle(
  props: { days: number | undefined; checked: boolean; onChange: (on: boolean) => void },
) {
  const t = useT(SHELL_LOGIN);
  const { days } = props;
  return (
    <label className="toggle">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {days === undefined ? t("remember") : t("rememberDays", { days })}
    </label>
  );
}
