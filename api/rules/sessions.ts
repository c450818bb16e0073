// The rules of sessions that the settings form and the session lists share with the server: the
// lifetime setting's bounds and texts, and the shape of a session's public id.

import { z } from "zod";
import { coded } from "./issues.ts";
import { render } from "./messages.ts";

/** Hours a session lasts when the setting is not set (the spec's 8 hours). */
export const SESSION_HOURS = 8;
/** The shortest lifetime the setting takes (hours). */
export const SESSION_HOURS_MIN = 1;
/** The longest lifetime the setting takes (hours): one day. */
export const SESSION_HOURS_MAX = 24;
/** The lifetime setting's message when out of bounds. */
export const SESSION_HOURS_RULE = render("settings:session_hours", {
  min: SESSION_HOURS_MIN,
  max: SESSION_HOURS_MAX,
});

/** A whole number from `min` to `max` as the settings body validates it: any other is refused
 * with `code`'s message, its bounds as values. */
function boundedInt(
  code: "settings:session_hours" | "settings:idle_minutes",
  min: number,
  max: number,
) {
  const message = coded(code, { min, max });
  return z.number().int(message).min(min, message).max(max, message);
}

/** The lifetime setting as the settings body validates it. */
export const sessionHoursField = boundedInt(
  "settings:session_hours",
  SESSION_HOURS_MIN,
  SESSION_HOURS_MAX,
);

/** The lifetime (ms) of a session that starts under these settings. */
export function sessionLifetimeMs(settings: { sessionHours?: number }): number {
  return (settings.sessionHours ?? SESSION_HOURS) * 60 * 60 * 1000;
}

/** A session's public id: 128 random bits, base64url. It names a session to end, and is neither
 * its token nor the token's hash. */
export const SESSION_ID_RE = /^[A-Za-z0-9_-]{22}$/;

/** A new public session id. */
export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The `:id` of a session route. */
export const sessionIdParam = z.object({
  id: z.string().regex(SESSION_ID_RE, "sessions:unknown"),
});

/** One session as the lists answer it. `id` is null for a session begun before sessions had
 * one (it cannot be ended alone; Sign out everywhere ends it). */
export interface SessionView {
  id: string | null;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  /** The client's address as the server saw it at sign-in ("" when not known). */
  address: string;
  /** The User-Agent of the sign-in, cut to 200 characters (rules/user_agent.ts). */
  userAgent: string;
  /** Whether this is the session the list was asked from. */
  current: boolean;
}

/** Why the server would refuse a changed lifetime (its own rule), or null when it is not
 * changed or is right. */
export function sessionHoursProblem(body: { sessionHours?: number }): string | null {
  if (body.sessionHours === undefined) return null;
  return sessionHoursField.safeParse(body.sessionHours).success ? null : SESSION_HOURS_RULE;
}

/** Minutes a session may go unused before it ends, when the setting is not set (ASVS 5.0 7.3.1). */
export const IDLE_MINUTES = 60;
/** The shortest idle time the setting takes (minutes). */
export const IDLE_MINUTES_MIN = 15;
/** The longest idle time the setting takes (minutes): a day, the longest session. */
export const IDLE_MINUTES_MAX = 1440;
/** The idle setting's message when out of bounds. */
export const IDLE_MINUTES_RULE = render("settings:idle_minutes", {
  min: IDLE_MINUTES_MIN,
  max: IDLE_MINUTES_MAX,
});

/** The idle setting as the settings body validates it. */
export const idleMinutesField = boundedInt(
  "settings:idle_minutes",
  IDLE_MINUTES_MIN,
  IDLE_MINUTES_MAX,
);

/** The minutes a session may go unused under these settings. */
export function idleMinutesOf(settings: { idleMinutes?: number }): number {
  return settings.idleMinutes ?? IDLE_MINUTES;
}

/** What the server answers (401) to a request of a session that went unused too long. */
export function idleEndedMessage(minutes: number): string {
  return render("auth:idle_ended", { minutes });
}

/** Why the server would refuse a changed idle time (its own rule), or null when it is not
 * changed or is right. */
export function idleMinutesProblem(body: { idleMinutes?: number }): string | null {
  if (body.idleMinutes === undefined) return null;
  return idleMinutesField.safeParse(body.idleMinutes).success ? null : IDLE_MINUTES_RULE;
}
