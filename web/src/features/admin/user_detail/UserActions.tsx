// The actions the signed-in user may take on one user of the list (Activate or Deactivate, Reset,
// Unlock, Apps, View), each named for its user so that a screen reader's list of buttons says
// whose they are. The card shows them in a row; the table behind a per-row 'Actions' menu.

import { Link } from "@tanstack/react-router";
import { type ReactNode, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { UDETAIL_CARD } from "../texts/udetail_card.ts";
import { useT } from "../../../i18n/i18n.ts";
import { currentLanguage, DIRECTION } from "../../../i18n/language.ts";
import { type AdminUser, isLocked } from "../admin_users.ts";
import { mayManage } from "../../../../../api/rules/access.ts";
import type { SessionUser } from "../../shell/session.ts";
import { offersOn } from "../user_offers.ts";
import "../admin_users.css";

/** What the list does for an action; the page owns the confirmation and the Apps dialog. */
export interface UserActionHandlers {
  onActive: (active: boolean) => void;
  onReset: () => void;
  onUnlock: () => void;
  onApps: () => void;
}

/** How a user is named in the actions: 'Name (CODE)', or the code alone without a name. */
export function userLabel(user: Pick<AdminUser, "employeeCode" | "fullName">): string {
  const name = user.fullName.trim();
  return name === "" || name === user.employeeCode
    ? user.employeeCode
    : `${name} (${user.employeeCode})`;
}

/** Props of the action buttons. */
export interface UserActionsProps extends UserActionHandlers {
  user: AdminUser;
  actor: SessionUser;
  /** Any action is under way (bulk included): the buttons wait. */
  disabled: boolean;
  /** Called after any action button (the table's menu closes). */
  onDone?: () => void;
}

/** The buttons of one user's actions, each with the user's name in its accessible name. */
export function UserActions(props: UserActionsProps) {
  const { user, actor } = props;
  const self = user.employeeCode === actor.employeeCode;
  const may = mayManage(actor, user);
  // only what the server takes from this caller: nothing on one's own account
  const offers = offersOn(actor, user);
  const locked = isLocked(user);
  const who = userLabel(user);
  const t = useT(UDETAIL_CARD);
  const act = (run: () => void) => () => {
    props.onDone?.();
    run();
  };
  const button = (text: string, label: string, run: () => void) => (
    <button
      type="button"
      disabled={props.disabled}
      aria-label={label}
      onClick={act(run)}
    >
      {text}
    </button>
  );
  const named = (key: Parameters<typeof t>[0]) => t(key, { who });
  return (
    <>
      {offers.activate && !user.isActive &&
        button(t("activate"), named("activateWho"), () => props.onActive(true))}
      {offers.activate && user.isActive &&
        button(t("deactivate"), named("deactivateWho"), () => props.onActive(false))}
      {offers.reset && button(t("reset"), named("resetWho"), props.onReset)}
      {locked && offers.unlock && button(t("unlock"), named("unlockWho"), props.onUnlock)}
      {offers.apps && button(t("appsButton"), named("appsWho"), props.onApps)}
      {
        /* the server shows a super admin's record to super admins only */
        (may || self) && (
          <Link
            className="button-link"
            to="/apps/admin-apps/users/$employeeCode"
            params={{ employeeCode: user.employeeCode }}
            aria-label={named("viewWho")}
          >
            {t("view")}
          </Link>
        )
      }
    </>
  );
}

/**
 * A row's 'Actions' button and its menu (a popover: Escape and a click outside close it), placed
 * under the button and kept inside the window. The menu's actions are made when it first opens:
 * a page of the table made every row's (a fifth of its elements, and a link each) while no one
 * had asked for them, in the one task that shows the page (issue 51).
 */
export function RowMenu(props: { label: string; children: (close: () => void) => ReactNode }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState(false);
  const close = () => menu.current?.hidePopover?.();
  const t = useT(UDETAIL_CARD);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="row-menu-button"
        popoverTarget={id}
        aria-label={props.label}
      >
        {t("actions")} <span aria-hidden="true">▾</span>
      </button>
      <div
        ref={menu}
        id={id}
        popover="auto"
        className="row-menu"
        onBeforeToggle={(e) => {
          // the actions are in the menu before it shows (and measures itself to be placed)
          if (!opened && (e as unknown as ToggleEvent).newState === "open") {
            flushSync(() => setOpened(true));
          }
        }}
        onToggle={(e) => {
          const el = menu.current;
          const at = button.current?.getBoundingClientRect();
          if ((e as unknown as ToggleEvent).newState !== "open" || el === null || !at) return;
          const width = el.offsetWidth;
          const height = el.offsetHeight;
          const below = at.bottom + 4 + height <= globalThis.innerHeight;
          el.style.top = `${below ? at.bottom + 4 : Math.max(4, at.top - 4 - height)}px`;
          // under the button, lined up with its end side (its right in English, left in Arabic)
          const end = DIRECTION[currentLanguage()] === "rtl" ? at.left : at.right - width;
          el.style.left = `${Math.max(4, Math.min(end, globalThis.innerWidth - width - 4))}px`;
          // the menu stays where it opened: scrolling the page closes it
          globalThis.addEventListener("scroll", close, { once: true, capture: true });
        }}
      >
        {opened && props.children(close)}
      </div>
    </>
  );
}
