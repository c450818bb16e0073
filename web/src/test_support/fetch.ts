// What the tests of the stores and screens give a stubbed `fetch`: the server's JSON answer and
// the records it keeps, in one shape, so that the tests cannot drift apart.

import type { ReferenceEntry, RequestRecord } from "../../../api/store/records.ts";

/** A JSON answer of the server with its status. */
export function answer(status: number, body: unknown): Promise<Response> {
  return Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }),
  );
}

/** The URL, method and JSON body (null without one) of a call to the stubbed fetch. */
export function callOf(
  input: RequestInfo | URL,
  init?: RequestInit,
): { url: URL; method: string; body: unknown } {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = init?.method ?? (input instanceof Request ? input.method : "GET");
  return { url, method, body: init?.body === undefined ? null : JSON.parse(String(init.body)) };
}

/** The ULD type AKE (105 kg) as the server keeps it. */
export const AKE: ReferenceEntry = {
  _id: "a1",
  name: "AKE",
  type: "uld",
  weight: 105,
  createdAt: "",
  updatedAt: "",
  createdBy: "system",
  updatedBy: "system",
};

/** A pending activation request of an employee code. */
export function requestRecord(code: string): RequestRecord {
  return {
    _id: `r-${code}`,
    kind: "activation",
    employeeCode: code,
    reason: "back from leave",
    requestedAt: "2024-05-01T08:00:00.000Z",
    userInfo: { fullName: `Name ${code}` },
  };
}
