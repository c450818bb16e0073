// The footer's developer chat link.

import { describe, expect, it } from "vitest";
import { developerChatLink } from "./shared.ts";

describe("developer chat link", () => {
  it("opens the chat with a greeting naming the user and code", () => {
    expect(developerChatLink("+20 100 000 0001", "Nour Adel", "N1")).toBe(
      "https://wa.me/201000000001?text=Hello%2C%20this%20is%20Nour%20Adel%20(N1)%20from%20the%20Staff%20Portal.",
    );
  });
});
