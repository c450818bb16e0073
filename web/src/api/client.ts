// The typed API client: the one place the web app calls the server from. The session token
// stays in the HttpOnly cookie; nothing here stores it.

import { hc } from "hono/client";
import type { ApiClient } from "../../../api/app.ts";
import { useBackend } from "../stores/backend.ts";

/** The API at the origin that served the app. */
export const api = hc(
  globalThis.location?.origin ?? "http://localhost:8000",
) as unknown as ApiClient;

/** A failed call: the server's message (or the spec's transport text) and the status (0 offline). */
export class ApiError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

/** Awaits a call and returns its data, or throws ApiError with the message to show. */
export async function unwrap<T>(
  call: Promise<
    {
      status: number;
      json(): Promise<{ success: true; data: T } | { success: false; message: string }>;
    }
  >,
): Promise<T> {
  let res;
  try {
    res = await call;
  } catch {
    void useBackend.getState().discover(); // a network error forces rediscovery (spec)
    throw new ApiError("Network error", 0);
  }
  let body;
  try {
    body = await res.json();
  } catch {
    throw new ApiError("Invalid JSON response", res.status);
  }
  if (body.success) return body.data;
  throw new ApiError(body.message || `HTTP ${res.status}`, res.status);
}
