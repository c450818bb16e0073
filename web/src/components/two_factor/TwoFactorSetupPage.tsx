// The required two-factor setup (issue 26): why it is asked, until when it may wait, the
// two-factor section itself, and "Later" (only before the deadline) or "Continue" (once set up,
// after the recovery codes are saved), on to where the user was going; "Sign out" for one who
// cannot set it up now.

import { useNavigate } from "@tanstack/react-router";
import { needsTwoFactorSetup, twoFactorSetupOverdue, useSession } from "../../stores/session.ts";
import { useTwoFactor } from "../../stores/two_factor.ts";
import { Frame } from "../Frame.tsx";
import { When } from "../When.tsx";
import { TwoFactorSettings } from "./TwoFactorSettings.tsx";
import "../../two_factor.css";

/** The setup screen; `redirect` is a path of this site (the route checks it). */
export function TwoFactorSetupPage(props: { redirect: string }) {
  const user = useSession((s) => s.user);
  const codesShown = useTwoFactor((s) => s.recoveryCodes !== null);
  const requiredNow = useTwoFactor((s) => s.status?.required);
  const navigate = useNavigate();
  if (user === null) return null;
  const needed = needsTwoFactorSetup(user);
  const overdue = twoFactorSetupOverdue(user);
  const required = requiredNow ?? needed;

  function later() {
    useSession.getState().deferTwoFactor();
    void navigate({ href: props.redirect });
  }

  async function signOut() {
    await useSession.getState().logout();
    await navigate({ to: "/login" });
  }

  return (
    <Frame title="Set up two-factor sign-in" subtitle={user.fullName}>
      <div className="section tf-intro">
        <p>
          {required
            ? "Your administrator requires two-factor sign-in for your account."
            : "Two-factor sign-in asks for a second proof after your password."}{" "}
          After your password, sign-in will ask for a code from an authenticator app or for a
          passkey of this PC.
        </p>
        {needed && !overdue && (
          <p>
            You can set it up later, until <When at={user.twoFactorSetupBy} />.
          </p>
        )}
        {overdue && <p className="tf-warning">Set it up now to continue using the portal.</p>}
      </div>
      <TwoFactorSettings requiredSaid={required} />
      <div className="actions tf-setup-actions">
        <button type="button" className="tf-sign-out" onClick={() => void signOut()}>
          Sign out
        </button>
        {needed && !overdue && <button type="button" onClick={later}>Later</button>}
        {!needed && (
          <button
            type="button"
            className="primary"
            disabled={codesShown}
            aria-describedby={codesShown ? "tf-continue-hint" : undefined}
            onClick={() => void navigate({ href: props.redirect })}
          >
            Continue
          </button>
        )}
      </div>
      {!needed && codesShown && (
        <p id="tf-continue-hint" className="hint">Save your recovery codes first.</p>
      )}
    </Frame>
  );
}
