// The passkeys part of the two-factor section: each passkey with its name, when it was added and
// last used, Rename and Remove; and "Add a passkey" under a name (this device's, or a security
// key's; titled "Add another passkey" once there is one), where the browser can use passkeys.
// Adding and removing one ask for the user's password again.

import { type FormEvent, useState } from "react";
import type { TwoFactorStatus } from "../../../../api/rules/two_factor.ts";
import { COMMON } from "../../i18n/areas/common.ts";
import { EXT_TWOFACTOR } from "./texts/ext_twofactor.ts";
import { useT } from "../../i18n/i18n.ts";
import { Rich } from "../../i18n/Rich.tsx";
import { passkeysAvailable } from "./passkey.ts";
import { useTwoFactor } from "./two_factor.ts";
import { When } from "../../ui/When.tsx";
import { PasswordConfirm } from "./PasswordConfirm.tsx";
import "./two_factor.css";

/** One passkey as the status lists it. */
type Passkey = TwoFactorStatus["passkeys"][number];

/** The passkeys and the form that adds one. */
export function PasskeyList() {
  const t = useT(EXT_TWOFACTOR);
  const status = useTwoFactor((s) => s.status);
  if (status === null) return null;
  const onlyFactor = status.totp === null && status.passkeys.length === 1;
  return (
    <section className="tf-part" aria-labelledby="tf-passkeys-title">
      <h3 id="tf-passkeys-title">{t("passkeysTitle")}</h3>
      {status.passkeys.length === 0 ? <p>{t("noPasskeys")}</p> : (
        <ul className="tf-passkeys">
          {status.passkeys.map((p) => <PasskeyItem key={p.id} passkey={p} last={onlyFactor} />)}
        </ul>
      )}
      <AddPasskey another={status.passkeys.length > 0} />
    </section>
  );
}

/** A passkey: its dates, Rename (in place) and Remove (asked first, with the password). */
function PasskeyItem(props: { passkey: Passkey; last: boolean }) {
  const { passkey } = props;
  const t = useT(EXT_TWOFACTOR);
  const common = useT(COMMON);
  const busy = useTwoFactor((s) => s.busy);
  const [name, setName] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  async function rename(e: FormEvent) {
    e.preventDefault();
    if (name !== null && await useTwoFactor.getState().renamePasskey(passkey.id, name)) {
      setName(null);
    }
  }

  return (
    <li className="tf-passkey">
      {name === null
        ? (
          <>
            <span className="tf-passkey-name">{passkey.name}</span>
            <span className="tf-passkey-dates">
              <span className="tf-nowrap">
                <Rich text={t("passkeyAdded")} parts={[<When key="0" at={passkey.createdAt} />]} />
              </span>{" "}
              ·{" "}
              <span className="tf-nowrap">
                {passkey.lastUsedAt === null ? t("notUsed") : (
                  <Rich
                    text={t("lastUsed")}
                    parts={[<When key="0" at={passkey.lastUsedAt} />]}
                  />
                )}
              </span>
            </span>
            <span className="actions tf-actions">
              <button type="button" disabled={busy} onClick={() => setName(passkey.name)}>
                {t("rename")}
              </button>
              <button type="button" disabled={busy} onClick={() => setRemoving(true)}>
                {t("remove")}
              </button>
            </span>
          </>
        )
        : (
          <form className="tf-rename" onSubmit={rename} noValidate>
            <label>
              <Rich text={t("newName", { name: passkey.name })} parts={[<bdi key="0" />]} />
              <input
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={60}
                autoFocus
              />
            </label>
            <span className="actions tf-actions">
              <button type="button" onClick={() => setName(null)}>{common("cancel")}</button>
              <button type="submit" className="primary" disabled={busy}>{common("save")}</button>
            </span>
          </form>
        )}
      {removing && (
        <PasswordConfirm
          title={t("removePasskeyTitle", { name: passkey.name })}
          text={props.last ? t("onlyFactor") : t("removePasskeyText")}
          confirmLabel={t("remove")}
          danger
          run={(password) => useTwoFactor.getState().removePasskey(passkey.id, password)}
          onClose={() => setRemoving(false)}
        />
      )}
    </li>
  );
}

/** Adds a passkey of this device under a name (then the password, then the browser's own
 * prompt); titled as another when there is one already. */
function AddPasskey(props: { another: boolean }) {
  const t = useT(EXT_TWOFACTOR);
  const [name, setName] = useState("");
  const [asking, setAsking] = useState(false);
  if (!passkeysAvailable()) {
    return <p className="notice">{t("noPasskeySupport")}</p>;
  }

  function add(e: FormEvent) {
    e.preventDefault();
    if (useTwoFactor.getState().checkPasskeyName(name)) setAsking(true);
  }

  async function register(password: string) {
    const added = await useTwoFactor.getState().addPasskey(name, password);
    if (added) setName("");
    return added;
  }

  return (
    <>
      <AddPasskeyForm another={props.another} name={name} setName={setName} onSubmit={add} />
      {/* beside the form, not in it: the dialog holds a form of its own */}
      {asking && (
        <PasswordConfirm
          title={t("confirmTitle")}
          text={t("addPasskeyText", { name: name.trim() })}
          confirmLabel={t("continue")}
          run={register}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}

/** The name of the passkey to add, and Add. */
function AddPasskeyForm(
  props: {
    another: boolean;
    name: string;
    setName: (name: string) => void;
    onSubmit: (e: FormEvent) => void;
  },
) {
  const t = useT(EXT_TWOFACTOR);
  const busy = useTwoFactor((s) => s.busy);
  const { name, setName } = props;
  return (
    <form
      className="tf-add"
      onSubmit={props.onSubmit}
      noValidate
      aria-label={props.another ? undefined : t("addPasskey")}
      aria-labelledby={props.another ? "tf-add-title" : undefined}
    >
      {props.another && <h4 id="tf-add-title">{t("addAnother")}</h4>}
      <label>
        {t("passkeyName")}
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={60}
          placeholder={t("passkeyNameExample")}
        />
      </label>
      <button type="submit" disabled={busy}>{t("addPasskey")}</button>
    </form>
  );
}
