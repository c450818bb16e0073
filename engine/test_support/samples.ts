// Reads the shared sample messages (../shared/samples beside the project root) for the tests.

import { readFileSync } from "node:fs";

/** The text of one file of ../shared/samples. */
export function sample(name: string): string {
  return readFileSync(new URL(`../../../shared/samples/${name}`, import.meta.url), "utf8");
}

/** The routing and UWS lines every default conversion starts with, then `lines`. */
export function uws(...lines: string[]): string {
  return ["QU", "CAIKLMS", ".CAIFFMS", "UWS", ...lines].join("\n");
}
