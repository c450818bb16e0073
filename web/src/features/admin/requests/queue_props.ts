// What a request queue screen is given: the queue's texts and, for each row, its name, details and
// buttons. Its own module because the screen (RequestsQueue.tsx) and its rows (RequestCard.tsx) both
// read it, and the screen renders the rows.

import type { ReactNode } from "react";
import type { RequestRecord } from "../../../../../api/store/records.ts";
import type { RequestKind } from "./request_rules.ts";

/** A button of a request row: its text, what it does, its look, and a whole name for
 * assistive technology where the text alone is short. Every row button is off while any action
 * runs. */
export interface RowAction {
  label: string;
  run: () => void;
  tone?: "primary" | "danger";
  name?: string;
}

/** Props of a request queue screen. */
export interface RequestsQueueProps {
  kind: RequestKind;
  title: string;
  /** The request kind in the Reject prompt ('activation', 'password reset', 'registration'), in
   * the language shown. */
  what: string;
  emptyTitle: string;
  emptyText: string;
  /** Shown above the list (a warning, the Approve All bar). */
  intro?: ReactNode;
  /** Fields of a request beyond code, name, station, reason and time (registration details),
   * as `<div><dt/><dd/></div>` items: a second line of the row. */
  details?: (request: RequestRecord) => ReactNode;
  /** The name a card goes by (the requester's full name by default). */
  nameOf?: (request: RequestRecord) => string;
  /** The queue's own buttons on a request row, before Reject and Delete. */
  actions: (request: RequestRecord) => readonly RowAction[];
  /** Puts the queue's buttons in one named group with a visible lead word (Approve: 30 days,
   * 90 days, 1 year), so that the row stays on one line. */
  actionGroup?: (request: RequestRecord) => { lead: string; name: string };
  /** The queue's own dialogs. */
  children?: ReactNode;
}
