// The one error-text helper: the server's message, one offline wording, else the error's message.

import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/client.ts";
import { errorText, loadFailureText, OFFLINE_TEXT } from "./error_text.ts";

describe("error text", () => {
  it("says the server's message, the offline wording, or the error's message", () => {
    expect(errorText(new ApiError("User X not found", 404))).toBe("User X not found");
    expect(errorText(new ApiError("Network error", 0))).toBe(OFFLINE_TEXT);
    expect(errorText(new TypeError("boom"))).toBe("boom");
    expect(errorText("odd")).toBe("odd");
  });

  it("a load failure falls back to its own text and names the offline case", () => {
    expect(loadFailureText(new ApiError("Forbidden", 403), "Failed to load users")).toBe(
      "Forbidden",
    );
    expect(loadFailureText(new ApiError("", 500), "Failed to load users")).toBe(
      "Failed to load users",
    );
    expect(loadFailureText(new ApiError("Network error", 0), "Failed to load requests")).toBe(
      `Failed to load requests: ${OFFLINE_TEXT}`,
    );
  });
});
