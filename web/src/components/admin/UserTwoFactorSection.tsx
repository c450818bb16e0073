// The user detail's two-factor sign-in (issue 26): how the account's second factors stand (the
// authenticator app and since when, its passkeys with their use, the recovery codes left), and for
// a super admin on another account with a second factor, 'Reset two-factor sign-in' (the page
// asks first). The detail store reads the status with the account; no secret ever reaches it.

import { Link } from "@tanstack/react-router";
import type { TwoFactorStatus } from "../../../../api/rules/two_factor.ts";
import { useUserDetail } from "../../stores/admin_users.ts";
import { Item, type SectionProps, useWhen } from "./UserDetailSections.tsx";
import { TwoFactorState } from "./UserTable.tsx";
import "./admin_users.css";

/** The account's second factors, with the reset for a super admin. */
export function TwoFactorSection(props: SectionProps & { self: boolean }) {
  const status = useUserDetail((s) => s.twoFactor);
  const error = useUserDetail((s) => s.twoFactorError);
  const busy = useUserDetail((s) => s.busy);
  return (
    <section className="section" aria-labelledby="two-factor-title" aria-busy={status === null}>
      <div className="section-head">
        <h2 id="two-factor-title">Two-factor sign-in</h2>
        {status !== null && <TwoFactorState on={status.enabled} />}
      </div>
      {error !== null
        ? (
          <p className="error" role="alert">
            {error}{" "}
            <button
              type="button"
              className="link-button"
              onClick={() => void useUserDetail.getState().loadTwoFactor()}
            >
              Retry
            </button>
          </p>
        )
        : status === null
        ? <p className="loading" role="status">Loading two-factor sign-in...</p>
        : <TwoFactorFields status={status} />}
      {status !== null && status.required && !status.enabled && (
        <p className="notice">
          The two-factor policy requires a second factor of this account: the user is led to set one
          up when signing in.
        </p>
      )}
      {status !== null && status.enabled && props.offers.resetTwoFactor && (
        <div className="actions start">
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              props.open("twoFactor")}
          >
            Reset two-factor sign-in
          </button>
        </div>
      )}
      {props.self && (
        <p className="notice">
          Manage your own two-factor sign-in from <Link to="/profile">your profile</Link>.
        </p>
      )}
    </section>
  );
}

/** The authenticator app, the recovery codes left, whether the policy requires it, and the
 * passkeys ("None", or a table of them across the whole width). */
function TwoFactorFields(props: { status: TwoFactorStatus }) {
  const { status } = props;
  const when = useWhen();
  return (
    <dl className="detail-fields">
      <Item label="Authenticator app">
        {status.totp === null ? "No" : `Yes, since ${when(status.totp.enrolledAt)}`}
      </Item>
      <Item label="Recovery codes left">{String(status.recoveryCodesLeft)}</Item>
      <Item label="Required by the policy">{status.required ? "Yes" : "No"}</Item>
      {status.passkeys.length === 0
        ? <Item label="Passkeys">None</Item>
        : (
          <div className="detail-wide">
            <dt id="passkeys-label">Passkeys</dt>
            <dd className="passkey-table-wrap">
              <table className="passkey-table" aria-labelledby="passkeys-label">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Created</th>
                    <th scope="col">Last used</th>
                  </tr>
                </thead>
                <tbody>
                  {status.passkeys.map((p) => (
                    <tr key={p.id}>
                      <th scope="row">{p.name}</th>
                      <td>{when(p.createdAt)}</td>
                      <td>{p.lastUsedAt === null ? "Never" : when(p.lastUsedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </dd>
          </div>
        )}
    </dl>
  );
}
